import Baton
import Observation

/// What a graphical view of one headless screen observes: the screen's content, refreshed after each
/// command, and the last status message, kept until the next command so that a view can show it.
///
/// Making a presenter reads the screen without taking its one-time status message, so a view may
/// make presenters freely (SwiftUI makes a view's `@State` initial value on every update of its
/// parent and keeps only the first); the view calls ``refresh()`` when it appears, which takes it.
///
/// It is `Observable` where Observation exists, so a SwiftUI view that reads ``content`` or
/// ``status`` is redrawn when they change.
///
/// ```swift
/// struct BearingView: View {
///     @State var presenter: ScreenPresenter
///     var body: some View {
///         Button("Clear target") { presenter.run(.clearTarget) }
///         if let status = presenter.status { Text(status) }
///     }
/// }
/// ```
@MainActor
public final class ScreenPresenter {
    /// The screen presented.
    ///
    /// ```swift
    /// presenter.screen.screenKind   // .bearing
    /// ```
    public let screen: any CoordinatesScreen

    /// The screen's content as last refreshed.
    ///
    /// ```swift
    /// presenter.content.lines
    /// ```
    public private(set) var content: ScreenContent {
        get {
            access(\.content)
            return storedContent
        }
        set { mutate(\.content) { storedContent = newValue } }
    }

    /// The last status message (a confirmation or an error), until the next command.
    ///
    /// ```swift
    /// presenter.run(.clearTarget)
    /// presenter.status   // "Target cleared."
    /// ```
    public private(set) var status: String? {
        get {
            access(\.status)
            return storedStatus
        }
        set { mutate(\.status) { storedStatus = newValue } }
    }

    private var storedContent: ScreenContent
    private var storedStatus: String?
    private let observation = ModelObservation()

    private func access<Member>(_ keyPath: KeyPath<ScreenPresenter, Member>) {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { observation.access(self, keyPath) }
    }

    private func mutate<Member>(_ keyPath: KeyPath<ScreenPresenter, Member>, _ change: () -> Void) {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            observation.mutate(self, keyPath, change)
        } else {
            change()
        }
    }

    /// Presents `screen`, reading its content now without taking its status message.
    ///
    /// ```swift
    /// let presenter = ScreenPresenter(screen: main)
    /// ```
    ///
    /// - Parameter screen: The headless screen.
    public init(screen: any CoordinatesScreen) {
        self.screen = screen
        storedContent = screen.content
        storedContent.status = nil
    }

    /// Runs a command on the screen and refreshes; a command the screen does not offer becomes the
    /// status message.
    ///
    /// ```swift
    /// presenter.run(.setTarget)
    /// ```
    ///
    /// - Parameter command: The command.
    public func run(_ command: CoordinatesCommand) {
        status = nil
        do {
            try screen.run(command)
        } catch {
            status = error.description
        }
        refresh()
    }

    /// Gives the screen a line, as plain mode does (the entry screen reads a coordinate from it), and
    /// refreshes.
    ///
    /// ```swift
    /// presenter.submit("48 61 N, 2 E")
    /// presenter.content.field?.errorOffset   // 3
    /// ```
    ///
    /// - Parameter line: The text.
    public func submit(_ line: String) {
        status = nil
        screen.handle(.line(line))
        refresh()
    }

    /// Shows a message of the host's own, such as the outcome of sending the share message, until
    /// the next command.
    ///
    /// ```swift
    /// presenter.show(ShareOutcome.sent.statusText)
    /// ```
    ///
    /// - Parameter message: The message.
    public func show(_ message: String) {
        status = message
    }

    /// Reads the screen's content again, for example after work in the background changed it; a new
    /// status message replaces the shown one.
    ///
    /// ```swift
    /// app.onUpdate = { presenter.refresh() }
    /// ```
    public func refresh() {
        let content = screen.takeContent()
        if content != storedContent { self.content = content }
        if let message = content.status { status = message }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ScreenPresenter: Observable {}
