import Baton

/// Which of the app's screens a headless screen is, so that a graphical host (the iOS app) can draw
/// each one natively; it is the identifier the screen is registered under.
///
/// ```swift
/// switch (screen as? any CoordinatesScreen)?.screenKind {
/// case .main: MainView(screen: screen)
/// default: GenericScreenView(screen: screen)
/// }
/// ```
public enum CoordinatesScreenKind: String, Sendable, Hashable, CaseIterable {
    /// Loads the saved state, first step of the start-up flow.
    ///
    /// ```swift
    /// CoordinatesScreenKind.splash.rawValue   // "splash"
    /// ```
    case splash
    /// The first-run introduction.
    ///
    /// ```swift
    /// CoordinatesScreenKind.onboarding.rawValue   // "onboarding"
    /// ```
    case onboarding
    /// The position in the three formats.
    ///
    /// ```swift
    /// CoordinatesScreenKind.main.rawValue   // "main"
    /// ```
    case main
    /// Edits the position or the target.
    ///
    /// ```swift
    /// CoordinatesScreenKind.entry.rawValue   // "entry"
    /// ```
    case entry
    /// Bearing and distance to the target.
    ///
    /// ```swift
    /// CoordinatesScreenKind.bearing.rawValue   // "bearing"
    /// ```
    case bearing
    /// The message that shares the position.
    ///
    /// ```swift
    /// CoordinatesScreenKind.share.rawValue   // "share"
    /// ```
    case share
    /// The position, the target and the route on a map.
    ///
    /// ```swift
    /// CoordinatesScreenKind.map.rawValue   // "map"
    /// ```
    case map
    /// The list of commands and notations.
    ///
    /// ```swift
    /// CoordinatesScreenKind.help.rawValue   // "help"
    /// ```
    case help
}

/// A command a screen offers, by the word plain mode accepts for it. A graphical host shows a button
/// for each of a screen's ``CoordinatesScreen/availableCommands`` and runs it with
/// ``CoordinatesScreen/run(_:)``: the same code path as a key in the terminal.
///
/// ```swift
/// try screen.run(.editPosition)   // the main screen pushes the entry screen
/// ```
public enum CoordinatesCommand: String, Sendable, Hashable, CaseIterable {
    /// Edit the position (main screen).
    ///
    /// ```swift
    /// try main.run(.editPosition)
    /// ```
    case editPosition = "edit"
    /// Set the position from the app's locator: GPS, or the phone's location (main screen).
    ///
    /// ```swift
    /// try main.run(.locate)
    /// ```
    case locate = "gps"
    /// Show bearing and distance (main screen).
    ///
    /// ```swift
    /// try main.run(.bearing)
    /// ```
    case bearing = "distance"
    /// Show the share message (main screen).
    ///
    /// ```swift
    /// try main.run(.share)
    /// ```
    case share
    /// Show the map.
    ///
    /// ```swift
    /// try main.run(.map)
    /// ```
    case map
    /// Set the target (bearing screen).
    ///
    /// ```swift
    /// try bearing.run(.setTarget)
    /// ```
    case setTarget = "target"
    /// Clear the target (bearing screen, when a target is set).
    ///
    /// ```swift
    /// try bearing.run(.clearTarget)
    /// ```
    case clearTarget = "clear"
    /// Finish onboarding (onboarding screen).
    ///
    /// ```swift
    /// try onboarding.run(.continue)
    /// ```
    case `continue`
    /// Go back.
    ///
    /// ```swift
    /// try help.run(.back)
    /// ```
    case back
    /// Show help.
    ///
    /// ```swift
    /// try main.run(.help)
    /// ```
    case help
    /// End the session.
    ///
    /// ```swift
    /// try main.run(.quit)
    /// ```
    case quit
}

/// A command that the screen does not offer now.
///
/// ```swift
/// do { try main.run(.clearTarget) } catch { print(error) }
/// // the main screen has no command 'clear'; it offers: edit, distance, share, help, quit
/// ```
public struct UnavailableCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The command asked for.
    ///
    /// ```swift
    /// error.command   // .clearTarget
    /// ```
    public let command: CoordinatesCommand
    /// The screen it was asked of.
    ///
    /// ```swift
    /// error.screen   // "main"
    /// ```
    public let screen: String
    /// The words of the commands the screen offers.
    ///
    /// ```swift
    /// error.available   // ["edit", "distance", "share", "help", "quit"]
    /// ```
    public let available: [String]

    /// Names the command, the screen and what it offers instead.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        let offers = available.isEmpty ? "it offers none" : "it offers: " + available.joined(separator: ", ")
        return "the \(screen) screen has no command '\(command.rawValue)'; \(offers)"
    }
}

/// One of the app's headless screens, as a graphical host sees it: what it is, the shared model the
/// resolvers gave it, its commands and its content. Every screen the app's registry makes conforms.
///
/// ```swift
/// if let screen = headlessScreen as? any CoordinatesScreen, let model = screen.model {
///     Text(model.position.formatted())
/// }
/// ```
@MainActor
public protocol CoordinatesScreen: AnyObject {
    /// Which screen this is, or `nil` for a screen the app does not know.
    ///
    /// ```swift
    /// screen.screenKind   // .main
    /// ```
    var screenKind: CoordinatesScreenKind? { get }

    /// The shared model, set by the dependency coordinator's resolvers before the screen appears.
    ///
    /// ```swift
    /// screen.model?.position
    /// ```
    var model: CoordinatesModel? { get }

    /// The commands the screen offers now, in menu order.
    ///
    /// ```swift
    /// bearing.availableCommands   // [.setTarget, .clearTarget, .back, .help, .quit] with a target
    /// ```
    var availableCommands: [CoordinatesCommand] { get }

    /// Runs a command as the terminal does when its key is pressed.
    ///
    /// ```swift
    /// try main.run(.share)
    /// ```
    ///
    /// - Parameter command: One of ``availableCommands``.
    /// - Throws: ``UnavailableCommandError`` when the screen does not offer `command` now.
    func run(_ command: CoordinatesCommand) throws(UnavailableCommandError)

    /// What the screen shows now, with its status message if it has one, without clearing it
    /// (``takeContent()`` clears it).
    ///
    /// ```swift
    /// screen.content.title   // "Bearing & distance"
    /// ```
    var content: ScreenContent { get }

    /// What the screen shows now; a one-time status message is included once.
    ///
    /// ```swift
    /// screen.takeContent().status   // "Target cleared."
    /// ```
    ///
    /// - Returns: The content.
    func takeContent() -> ScreenContent

    /// Gives the screen a key or a line, as the terminal does; the entry screen reads a coordinate
    /// from a line.
    ///
    /// ```swift
    /// entry.handle(.line("48 51 30 N, 2 17 40 E"))
    /// ```
    ///
    /// - Parameter input: The input.
    func handle(_ input: ScreenInput)
}

extension AppScreen: CoordinatesScreen {
    var screenKind: CoordinatesScreenKind? { name.flatMap(CoordinatesScreenKind.init(rawValue:)) }

    var content: ScreenContent {
        var content = makeContent()
        content.status = status
        return content
    }

    var availableCommands: [CoordinatesCommand] {
        commands.compactMap { CoordinatesCommand(rawValue: $0.word) }
    }

    func run(_ command: CoordinatesCommand) throws(UnavailableCommandError) {
        let commands = self.commands
        guard let match = commands.first(where: { $0.word == command.rawValue }) else {
            throw UnavailableCommandError(command: command, screen: screenName, available: commands.map(\.word))
        }
        perform(match)
    }
}
