import Baton
import CoordinatesKit

/// The app's composition root (seed 001's app controller): it makes the one shared model, the
/// screen registry, the dependency coordinator and the window, starts the start-up flow, feeds
/// input to the top screen and saves the state.
///
/// Hosts drive it: the terminal UI sends keys, plain mode sends lines, tests do either.
///
/// ```swift
/// let app = CoordinatesApplication(store: StateStore(path: "/tmp/state.json")) { message in
///     print(message)   // an unreadable state file, reported once
/// }
/// await app.launch()
/// print(TextRenderer.plain(app.takeContent()))   // the onboarding screen on a first run
/// await app.handle(.line("c"))                  // continue to the main screen
/// await app.handle(.line("q"))
/// if app.isFinished { try app.save() }
/// ```
///
/// How the pieces meet:
/// - Screens are made by name from a ``ScreenRegistry`` (seed 003's storyboard identifiers).
/// - The model reaches every screen through resolvers on the ``CoordinatesModelConfigurable``
///   protocol (seeds 001 and 004): an initial resolver gives it to the first screen, a context
///   resolver passes it from each screen to the next.
/// - Screens navigate by executing actions on the window's context, never by naming a type.
/// - Model changes are posted as ``CoordinatesModelDidChange`` to every screen's context.
@MainActor
public final class CoordinatesApplication {
    /// The one shared model.
    ///
    /// ```swift
    /// app.model.position.formatted()   // "51.477800° N, 0.001500° W"
    /// ```
    public let model: CoordinatesModel

    /// The window holding the screen tree; its context is the app-wide context.
    ///
    /// ```swift
    /// app.window.transitionLog.map(\.description)
    /// ```
    public let window: ScreenWindow

    /// Where the state is loaded from and saved to.
    ///
    /// ```swift
    /// app.store.path   // "/tmp/state.json"
    /// ```
    public let store: StateStore

    /// Whether the user asked to quit. The host then calls ``save()`` and exits.
    ///
    /// ```swift
    /// await app.handle(.line("q"))
    /// app.isFinished   // true
    /// ```
    public private(set) var isFinished = false

    /// Why the app could not start, when it could not; ``isFinished`` is then `true`.
    ///
    /// ```swift
    /// if let failure = app.failure { print(failure) }
    /// ```
    public private(set) var failure: String?

    /// Where "From GPS" on the main screen reads the position; without one the command is not offered.
    ///
    /// ```swift
    /// app.locator = myGPSLocator
    /// ```
    public var locator: (any PositionLocator)? {
        didSet { window.context.set(locator.map(LocatorBox.init), for: \.positionLocator) }
    }

    /// Called when work that finished in the background (a GPS fix) changed what the top screen
    /// shows, so that a full-screen host redraws without waiting for a key.
    ///
    /// ```swift
    /// app.onUpdate = { redraw() }
    /// ```
    public var onUpdate: (@MainActor () -> Void)?

    /// The GPS request under way, if any.
    private var pendingWork: Task<Void, Never>?

    let registry = ScreenRegistry()
    let coordinator = DependencyCoordinator(name: "coordinates")
    let startup: StartupScreen
    private let report: @MainActor (String) -> Void
    private var loadResult: StateLoadResult?
    /// The screens saved at the last quit, restored once the start-up flow reaches the main screen.
    private var savedScreens: SavedScreenTree?
    /// Why the saved screens could not be read, said on the first screen.
    private var savedScreensProblem: String?
    private var hasLaunched = false

    /// Makes the app; nothing is shown or loaded until ``launch()``.
    ///
    /// ```swift
    /// let app = CoordinatesApplication(store: StateStore(path: path)) { message in
    ///     FileHandle.standardError.write(Data("coordinates: \(message)\n".utf8))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - store: Where the state lives.
    ///   - report: Receives problems to show on standard error, such as an unreadable state file.
    public init(store: StateStore, report: @escaping @MainActor (String) -> Void) {
        self.store = store
        self.report = report
        model = CoordinatesModel(state: .initial)
        window = ScreenWindow(context: ScreenContext(name: "app"))
        startup = StartupScreen(name: ScreenID.startup, registry: registry)
        window.dependencyCoordinator = coordinator
        // The inspector (the "!" key) lists the newest navigation events: kept from the start,
        // at most 200 of them.
        window.navigationEventLimit = 200
        window.recordsNavigationEvents = true
        registerScreens()
        registerResolvers()
        registerActions()
        model.onChange = { [weak context = window.context] change in
            context?.post(CoordinatesModelDidChange.self, change, reach: .descendants)
        }
    }

    // MARK: - Wiring

    private func registerScreens() {
        let factories: [(String, @MainActor () -> ScreenModel)] = [
            (ScreenID.splash, { SplashScreen(name: ScreenID.splash) }),
            (ScreenID.onboarding, { OnboardingScreen(name: ScreenID.onboarding) }),
            (ScreenID.main, { MainScreen(name: ScreenID.main) }),
            (ScreenID.entry, { EntryScreen(name: ScreenID.entry) }),
            (ScreenID.bearing, { BearingScreen(name: ScreenID.bearing) }),
            (ScreenID.share, { ShareScreen(name: ScreenID.share) }),
            (ScreenID.help, { HelpScreen(name: ScreenID.help) }),
            (ScreenID.map, { MapScreen(name: ScreenID.map) }),
            (
                ScreenID.navigation,
                {
                    // Made by its route, so that the window's tree can be saved. A new screen is never
                    // in a hierarchy, so the push in the initializer cannot fail.
                    try! Place.navigation.screen()
                }
            ),
        ]
        for (name, make) in factories {
            // Names are distinct, so registering cannot fail.
            try! registry.register(named: name, make: make)
        }
    }

    private func registerResolvers() {
        let model = self.model
        let store = self.store
        let resolvers: [DependencyResolver] = [
            // The app controller hands the model to the first screen…
            .initial { (screen: any CoordinatesModelConfigurable) in screen.model = model },
            // …and each screen hands its model to the next, wherever it is in the workflow.
            .context { (source: any CoordinatesModelConfigurable, destination: any CoordinatesModelConfigurable) in
                guard let model = source.model else { throw MissingModel(source: String(describing: source)) }
                destination.model = model
            },
            .destination { (screen: any StateStoreConfigurable) in screen.store = store },
        ]
        for resolver in resolvers {
            // A new coordinator holds no conflicting resolver.
            try! coordinator.register(resolver)
        }
    }

    private func registerActions() {
        let context = window.context
        // A new window context holds no actions yet, so registering cannot fail.
        try! context.register(Navigate.self, owner: self) { app, route in app.show(route) }
        try! context.register(NavigateBack.self, owner: self) { app, _ in app.goBack() }
        try! context.register(QuitApp.self, owner: self) { app, _ in app.isFinished = true }
        try! context.register(LocatePosition.self, owner: self) { app, _ in app.locate() }
        context.observe(StateLoadDidFinish.self, owner: self) { app, result in
            app.loadResult = result
            if case .loaded(let state) = result {
                app.savedScreens = state.screens
                app.savedScreensProblem = state.screensProblem
            }
            if case .unreadable(let problem) = result { app.report(problem.message) }
        }
    }

    // MARK: - Running

    /// Shows the window and runs the start-up flow until it waits for the user: the onboarding
    /// screen on a first run, else the main screen.
    ///
    /// ```swift
    /// await app.launch()
    /// ```
    public func launch() async {
        guard !hasLaunched else { return }
        hasLaunched = true
        do {
            try window.setRoot(startup)
        } catch {
            fail(error.description)
            return
        }
        window.makeVisible()
        startup.start()
        await settle()
        guard failure == nil else { return }
        if let link = linkToOpen {
            // A link replaces the screens the user was on.
            linkToOpen = nil
            open(link)
        } else {
            restoreScreens()
        }
    }

    // MARK: - Links and restoration

    /// A link (`geo:…` or `coordinates://…`) that ``launch()`` opens once the start-up flow has
    /// reached the main screen, instead of restoring the screens the user was on.
    ///
    /// ```swift
    /// app.linkToOpen = "geo:48.8584,2.2945"
    /// await app.launch()   // the main screen, on that position
    /// ```
    public var linkToOpen: String?

    /// Why `link` cannot be opened, naming the part that is wrong; `nil` when it can.
    ///
    /// ```swift
    /// CoordinatesApplication.check(link: "geo:91,0")?.message
    /// // "cannot open geo:91,0: the latitude \"91\" is outside -90…90."
    /// ```
    ///
    /// - Parameter link: A `geo:` URI (RFC 5870) or a `coordinates://` URL.
    /// - Returns: The problem, or `nil`.
    public static func check(link: String) -> LinkProblem? {
        if case .failure(let problem) = Place.route(for: link) { return problem }
        return nil
    }

    /// Opens a link: a `geo:` URI sets the position and shows the main screen; a `coordinates://`
    /// URL shows its screen. What went wrong is said on the screen. During the start-up flow (the
    /// welcome screen of a first run), the screen waits until the flow reaches the main screen.
    ///
    /// ```swift
    /// app.open("coordinates://bearing")
    /// ```
    ///
    /// - Parameter link: The link.
    public func open(_ link: String) {
        let route: Place
        switch Place.route(for: link) {
        case .success(let found): route = found
        case .failure(let problem):
            (window.topScreen as? AppScreen)?.status = problem.message
            return
        }
        do {
            try window.open(Place.simplified(link), with: Place.links)
        } catch {
            (window.topScreen as? AppScreen)?.status = "cannot open \(link): \(error.description)"
            return
        }
        // The route was checked: its position is in range.
        if case .position(let latitude, let longitude) = route,
            let position = try? Coordinate(latitude: latitude, longitude: longitude)
        {
            model.setPosition(position)
            if let main = window.topScreen as? MainScreen { main.status = "Position set from \(link)." }
        }
    }

    /// Shows the screens saved at the last quit, keeping what still fits; says what could not be
    /// restored, on the screen shown instead.
    private func restoreScreens() {
        if let problem = savedScreensProblem {
            savedScreensProblem = nil
            (window.topScreen as? AppScreen)?.status =
                "Could not restore the screens you were on: \(problem) Showing the main screen."
            return
        }
        guard let saved = savedScreens else { return }
        savedScreens = nil
        do {
            let dropped = try window.restoreScreenTree(saved, as: Place.self)
            if !dropped.isEmpty {
                (window.topScreen as? AppScreen)?.status =
                    "Restored the screens you were on, except: "
                    + dropped.map(\.description).joined(separator: " ")
            }
        } catch {
            (window.topScreen as? AppScreen)?.status =
                "Could not restore the screens you were on: \(error.description) Showing the main screen."
        }
    }

    /// The window's screens once the start-up flow has reached the main screen, without an edit
    /// in progress (it is not restored).
    private var screensToSave: SavedScreenTree? {
        guard startup.currentScreen?.route(as: Place.self) == .navigation else { return nil }
        do {
            guard let tree = try window.screenTree(Place.self)?.withoutEdits else { return nil }
            return try SavedScreenTree(tree)
        } catch {
            // Every screen has a route and every route encodes: this is a bug, said, not hidden.
            report("could not save the screens you were on: \(error.description)")
            return nil
        }
    }

    /// Gives `input` to the top screen and lets the start-up flow move on.
    ///
    /// ```swift
    /// await app.handle(.key(.down))
    /// await app.handle(.line("e"))
    /// ```
    ///
    /// - Parameter input: A key or a plain-mode line.
    public func handle(_ input: ScreenInput) async {
        guard !isFinished, let screen = window.topScreen as? AppScreen else { return }
        // Any key leaves the inspector; "!" (or the word "inspect") opens it, except in a text field.
        if showsInspector {
            showsInspector = false
            return
        }
        if !screen.isEditingText, Self.opensInspector(input) {
            showsInspector = true
            return
        }
        screen.handle(input)
        await settle()
        // Plain mode reads one command at a time: it waits for the answer, so scripts see it.
        if case .line = input { await finishPendingWork() }
    }

    /// Whether the inspector is shown instead of the top screen.
    private var showsInspector = false

    /// "!" or, in plain mode, the line `!` or `inspect`.
    private static func opensInspector(_ input: ScreenInput) -> Bool {
        switch input {
        case .key(.character(let character)): character == "!"
        case .line(let text): ["!", "inspect"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
        case .key: false
        }
    }

    /// Waits until the GPS request under way, if any, has set the position or said why it could not.
    ///
    /// ```swift
    /// await app.handle(.key(.character("g")))
    /// await app.finishPendingWork()
    /// ```
    public func finishPendingWork() async {
        while let work = pendingWork {
            await work.value
            if pendingWork == work { pendingWork = nil }
        }
    }

    /// Asks the locator for a position without blocking: the top screen says so now, and the
    /// position and a message follow when the answer comes.
    private func locate() {
        guard let locator else { return }
        guard pendingWork == nil else {
            (window.topScreen as? AppScreen)?.status = "Still waiting for \(locator.name)…"
            return
        }
        (window.topScreen as? AppScreen)?.status = "Asking \(locator.name) for a fix…"
        pendingWork = Task { [weak self] in
            let message: String
            do throws(PositionFixError) {
                let fix = try await locator.locate()
                guard let self, !self.isFinished else { return }
                self.model.setPosition(fix.coordinate)
                message = "Position set from \(locator.name)" + (fix.accuracyText.map { " (\($0))" } ?? "") + "."
            } catch {
                message = error.description
            }
            guard let self else { return }
            self.pendingWork = nil
            (self.window.topScreen as? AppScreen)?.status = message
            self.onUpdate?()
        }
    }

    /// What the top screen shows now. A screen's one-time status message is included once.
    ///
    /// ```swift
    /// print(TextRenderer.plain(app.takeContent()))
    /// ```
    ///
    /// - Returns: The top screen's content.
    public func takeContent() -> ScreenContent {
        if let failure {
            return ScreenContent(title: "Coordinates could not start", lines: [failure], commands: [])
        }
        if showsInspector {
            return ScreenContent(
                title: "Inspector", lines: window.inspectorText(events: 20).split(separator: "\n").map(String.init),
                commands: [], status: "Any key returns to the app.")
        }
        guard let screen = window.topScreen as? AppScreen else {
            return ScreenContent(title: "Coordinates", lines: [], commands: [])
        }
        return screen.takeContent()
    }

    /// Tells the screens the terminal's size and whether it shows colour, for the map. Plain mode
    /// leaves the default, 74×28 without colour.
    ///
    /// ```swift
    /// app.setDisplay(columns: 120, rows: 40, colour: true)
    /// ```
    ///
    /// - Parameters:
    ///   - columns: The terminal's width.
    ///   - rows: The terminal's height.
    ///   - colour: Whether ANSI colours may be used.
    public func setDisplay(columns: Int, rows: Int, colour: Bool) {
        let display = MapDisplay(columns: columns, rows: rows, colour: colour)
        if window.context[\.mapDisplay] != display { window.context.set(display, for: \.mapDisplay) }
    }

    /// Whether the top screen is editing text: a terminal host then gives it Ctrl-D (delete) instead
    /// of ending the session.
    ///
    /// ```swift
    /// if key == .endOfInput, !app.isEditingText { quit() }
    /// ```
    public var isEditingText: Bool { (window.topScreen as? AppScreen)?.isEditingText ?? false }

    /// The name of the screen on top, such as `"main"`.
    ///
    /// ```swift
    /// app.topScreenName   // "main"
    /// ```
    public var topScreenName: String? { window.topScreen?.screenName }

    /// Saves the model's state, unless it was never loaded (so defaults never replace a saved state)
    /// or the state file was unreadable and could not be moved aside.
    ///
    /// ```swift
    /// try app.save()
    /// ```
    ///
    /// - Returns: `true` when the state was written.
    /// - Throws: ``StateStoreError`` when writing failed; the previous file is unchanged.
    @discardableResult
    public func save() throws(StateStoreError) -> Bool {
        switch loadResult {
        case nil: return false
        case .unreadable(let problem) where !problem.allowsSaving: return false
        default:
            var state = model.savedState
            state.screens = screensToSave
            try store.save(state)
            return true
        }
    }

    /// Waits until the start-up flow has nothing to do before the user acts.
    func settle() async {
        var rounds = 0
        while !startup.isSettled, rounds < 10_000 {
            await Task.yield()
            rounds += 1
        }
        if let failure = startup.failure, self.failure == nil { fail(failure) }
    }

    private func fail(_ message: String) {
        failure = message
        isFinished = true
        report(message)
    }

    // MARK: - Navigation

    private func show(_ route: Route) {
        guard let top = window.topScreen else { return }
        do {
            let screen = try registry.makeScreen(named: route.name)
            switch route.style {
            case .push, .pushSharingContext:
                // With no stack around top, the error says so and is shown below.
                try top.push(screen, identifier: route.name, wiring: route.style == .push ? .inherit : .share)
            case .modal:
                try top.present(screen, identifier: route.name)
            }
        } catch {
            (top as? AppScreen)?.status = error.description
        }
    }

    private func goBack() {
        guard let top = window.topScreen else { return }
        if top.presentingScreen != nil {
            top.dismiss()
        } else if let stack = top.parentScreen as? StackScreen {
            stack.pop()
        }
    }
}

/// A context resolver found a source screen without a model: a wiring bug.
struct MissingModel: Error, CustomStringConvertible {
    let source: String
    var description: String {
        "\(source) has no model to pass on; the initial resolver gives the first screen one."
    }
}
