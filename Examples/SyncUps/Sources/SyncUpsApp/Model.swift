import Foundation

/// A recurring meeting: who attends, how long it lasts, its colours and its past meetings.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct SyncUp: Hashable, Identifiable, Codable, Sendable {
    let id: UUID
    var attendees: [Attendee] = []
    var duration = Duration.seconds(60 * 5)
    var meetings: [Meeting] = []
    var theme = Theme.bubblegum
    var title = ""

    /// Each attendee's share of the meeting, in whole seconds (one second at least).
    var secondsPerAttendee: Int { max(1, Int(duration.components.seconds) / max(1, attendees.count)) }
}

struct Attendee: Hashable, Identifiable, Codable, Sendable {
    let id: UUID
    var name = ""
}

struct Meeting: Hashable, Identifiable, Codable, Sendable {
    let id: UUID
    let date: Date
    var transcript: String
}

/// The colour themes of Apple's Scrumdinger.
enum Theme: String, CaseIterable, Hashable, Identifiable, Codable, Sendable {
    case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood, periwinkle, poppy
    case purple, seafoam, sky, tan, teal, yellow

    var id: Self { self }
    var name: String { rawValue.capitalized }
    /// Whether text on the theme's colour is white (else black).
    var hasLightText: Bool { [.indigo, .magenta, .navy, .oxblood, .purple].contains(self) }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension SyncUp {
    /// The sync-ups a first launch shows.
    static let samples = [
        SyncUp(
            id: UUID(), attendees: ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blob I"].map(Attendee.init),
            duration: .seconds(60),
            meetings: [
                Meeting(id: UUID(), date: Date().addingTimeInterval(-60 * 60 * 24 * 7), transcript: "Lorem ipsum")
            ],
            theme: .orange, title: "Design"),
        SyncUp(
            id: UUID(), attendees: ["Blob", "Blob Jr"].map(Attendee.init), duration: .seconds(60 * 10),
            theme: .periwinkle, title: "Engineering"),
        SyncUp(
            id: UUID(), attendees: ["Blob Sr", "Blob Jr"].map(Attendee.init), duration: .seconds(60 * 30),
            theme: .poppy, title: "Product"),
    ]
}

extension Attendee {
    init(name: String) { self.init(id: UUID(), name: name) }
}

extension Array {
    /// Removes the elements at `offsets`, as a list's swipe to delete asks.
    mutating func removeAll(at offsets: IndexSet) {
        self = enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
    }
}
