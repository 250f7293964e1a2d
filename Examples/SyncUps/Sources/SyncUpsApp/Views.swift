#if canImport(SwiftUI)
    import Baton
    import BatonSwiftUI
    import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension Theme {
        var color: Color {
            Color(hue: Double(Theme.allCases.firstIndex(of: self) ?? 0) / 16, saturation: 0.45, brightness: 0.9)
        }
        var textColor: Color { hasLightText ? .white : .black }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension SyncUpsListScreen: ViewScreen {
        var body: some View {
            let store = context[\.store]
            List {
                if let problem = store.problem {
                    ContentUnavailableView {
                        Label("An error occurred", systemImage: "exclamationmark.octagon")
                    } description: {
                        Text(problem)
                    } actions: {
                        if store.syncUps.isEmpty { Button("Load sample data") { store.loadSamples() } }
                    }
                }
                ForEach(store.syncUps) { syncUp in
                    ScreenLink(value: Route.detail(id: syncUp.id)) {
                        VStack(alignment: .leading) {
                            Text(syncUp.title).font(.headline)
                            Spacer()
                            HStack {
                                Label("\(syncUp.attendees.count)", systemImage: "person.3")
                                Spacer()
                                Label(syncUp.duration.formatted(.units()), systemImage: "clock")
                            }
                            .font(.caption)
                        }
                        .padding()
                        .foregroundColor(syncUp.theme.textColor)
                    }
                    .listRowBackground(syncUp.theme.color)
                }
            }
            .toolbar {
                Button {
                    self.task { try await self.addTapped() }
                } label: {
                    Label("Add", systemImage: "plus")
                }
            }
            .navigationTitle("Daily Sync-ups")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension SyncUpFormScreen: ViewScreen {
        var body: some View { SyncUpForm(screen: self) }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct SyncUpForm: View {
        @Bindable var screen: SyncUpFormScreen
        @FocusState var focus: SyncUpFormScreen.Field?

        var body: some View {
            NavigationStack {
                Form {
                    Section("Sync-up Info") {
                        TextField("Title", text: $screen.syncUp.title).focused($focus, equals: .title)
                        HStack {
                            Slider(value: $screen.syncUp.duration.minutes, in: 5...30, step: 1) { Text("Length") }
                            Spacer()
                            Text(screen.syncUp.duration.formatted(.units()))
                        }
                        Picker("Theme", selection: $screen.syncUp.theme) {
                            ForEach(Theme.allCases) { theme in
                                Label(theme.name, systemImage: "paintpalette").padding(4)
                                    .background(theme.color, in: .rect(cornerRadius: 4)).foregroundColor(
                                        theme.textColor
                                    )
                                    .tag(theme)
                            }
                        }
                    }
                    Section("Attendees") {
                        ForEach($screen.syncUp.attendees) { $attendee in
                            TextField("Name", text: $attendee.name).focused($focus, equals: .attendee(attendee.id))
                        }
                        .onDelete { screen.deleteAttendees(atOffsets: $0) }
                        Button("New attendee") { screen.addAttendeeTapped() }
                    }
                }
                .navigationTitle(screen.title)
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) {
                        Button("Cancel") { screen.dismiss() }
                    }
                    ToolbarItem(placement: .confirmationAction) {
                        Button(screen.done) { screen.finish(with: screen.syncUp) }
                    }
                }
                .onChange(of: screen.focus, initial: true) { focus = screen.focus }
                .onChange(of: focus) { screen.focus = focus }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension Duration {
        fileprivate var minutes: Double {
            get { Double(components.seconds / 60) }
            set { self = .seconds(newValue * 60) }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension SyncUpDetailScreen: ViewScreen {
        var body: some View {
            if let notFound {
                ContentUnavailableView(
                    "Sync-up not found", systemImage: "questionmark.folder", description: Text(notFound.description))
            } else {
                details
            }
        }

        private var details: some View {
            List {
                Section("Sync-up Info") {
                    Button {
                        self.task { try await self.startMeetingTapped() }
                    } label: {
                        Label("Start Meeting", systemImage: "timer")
                    }
                    .font(.headline)
                    LabeledContent("Length", value: syncUp.duration.formatted(.units()))
                    LabeledContent("Theme") {
                        Text(syncUp.theme.name).padding(4).foregroundColor(syncUp.theme.textColor)
                            .background(syncUp.theme.color, in: .rect(cornerRadius: 4))
                    }
                }
                if !syncUp.meetings.isEmpty {
                    Section("Past meetings") {
                        ForEach(syncUp.meetings) { meeting in
                            ScreenLink(value: Route.meeting(id: meeting.id, syncUp: self.id)) {
                                Label(
                                    meeting.date.formatted(date: .abbreviated, time: .shortened),
                                    systemImage: "calendar")
                            }
                        }
                        .onDelete { [unowned self] in deleteMeetings(atOffsets: $0) }
                    }
                }
                Section("Attendees") {
                    ForEach(syncUp.attendees) { Label($0.name, systemImage: "person") }
                }
                Button("Delete", role: .destructive) { self.task { try await self.deleteTapped() } }.frame(
                    maxWidth: .infinity)
            }
            .navigationTitle(syncUp.title)
            .toolbar { Button("Edit") { self.task { try await self.editTapped() } } }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension MeetingScreen: ViewScreen {
        var body: some View {
            ScrollView {
                VStack(alignment: .leading) {
                    Divider().padding(.bottom)
                    Text("Attendees").font(.headline)
                    ForEach(syncUp.attendees) { Text($0.name) }
                    Text("Transcript").font(.headline).padding(.top)
                    Text(meeting?.transcript ?? "")
                }
            }
            .navigationTitle(meeting.map { Text($0.date, style: .date) } ?? Text(""))
            .padding()
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension RecordMeetingScreen: ViewScreen {
        var body: some View {
            let syncUp = syncUp
            let count = syncUp.attendees.count
            VStack {
                ProgressView(value: Double(secondsElapsed), total: Double(max(1, secondsElapsed + secondsRemaining)))
                    .tint(syncUp.theme.textColor)
                HStack {
                    Label("\(secondsElapsed)s elapsed", systemImage: "hourglass.bottomhalf.fill")
                    Spacer()
                    Label("\(secondsRemaining)s left", systemImage: "hourglass.tophalf.fill")
                }
                .font(.caption)
                Circle()
                    .strokeBorder(lineWidth: 24)
                    .overlay {
                        ForEach(0..<min(speakerIndex + 1, count), id: \.self) { index in
                            Circle().inset(by: 12)
                                .trim(
                                    from: Double(index) / Double(count), to: Double(index + 1) / Double(count) - 0.003
                                )
                                .rotation(.degrees(-90)).stroke(syncUp.theme.color, lineWidth: 12)
                        }
                    }
                    .overlay {
                        VStack {
                            Text(speakerIndex < count ? syncUp.attendees[speakerIndex].name : "Someone").font(.title)
                            Text("is speaking")
                            Image(systemName: "mic.fill").font(.largeTitle).padding(.top)
                        }
                    }
                HStack {
                    Text(speakerIndex < count - 1 ? "Speaker \(speakerIndex + 1) of \(count)" : "No more speakers.")
                    Spacer()
                    Button {
                        self.task { try await self.nextTapped() }
                    } label: {
                        Label("Next", systemImage: "forward.fill")
                    }
                }
            }
            .padding()
            .foregroundStyle(syncUp.theme.textColor)
            .background(syncUp.theme.color, in: .rect(cornerRadius: 16))
            .padding()
            .navigationBarBackButtonHidden(true)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("End meeting") { self.task { try await self.endMeetingTapped() } }
                }
            }
        }
    }
#endif
