import Baton

enum UserID: ContextKey { typealias Value = String }
enum Color: ContextKey { typealias Value = String }
enum Size: ContextKey { typealias Value = String }
enum Count: ContextKey { typealias Value = Int }
enum TotalWeight: ContextKey { typealias Value = Double? }

enum TotalWeightChanged: ContextEvent { typealias Payload = Double }
enum Saved: ContextEvent {}

enum UserUsedTheTotalField: ContextFlag {}
enum UserUsedTheEachField: ContextFlag {}

enum SwapWeightInputs: ContextAction {}
enum Scale: ContextAction {
    typealias Input = Double
    typealias Output = Double
}

/// An object that registrations can be tied to.
final class Owner {
    var received: [String] = []
    init() {}
}

/// A mutable yes/no that conditions can read (closures on the main actor cannot capture a
/// mutable local variable).
final class Switch {
    var isOn: Bool
    init(_ isOn: Bool = false) { self.isOn = isOn }
}
