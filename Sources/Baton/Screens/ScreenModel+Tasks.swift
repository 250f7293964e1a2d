/// An error thrown by a screen's task (``ScreenModel/task(_:)``), as Baton reports it.
///
/// A task's error is never dropped: it goes to ``reporter``, which prints it by default
/// (`Baton: ` and the ``description``), and which `BatonTesting`'s `.isolatedBaton` trait turns
/// into a test failure. A task cancelled because its screen left the screen tree, and a result
/// that the user cancelled (a sheet swiped away: ``ScreenError/cancelled(screen:reason:)``), are
/// not errors and are not reported.
///
/// ```swift
/// ScreenTaskFailure.$reporter.withValue({ failure in log(failure.description) }) {
///     list.task { try await list.reload() }
/// }
/// ```
public struct ScreenTaskFailure: Error, Sendable, CustomStringConvertible {
    /// The name of the screen that ran the task.
    ///
    /// ```swift
    /// failure.screen   // "list"
    /// ```
    public let screen: String
    /// The error the task threw, as it was thrown, to cast.
    ///
    /// ```swift
    /// failure.underlying as? LoginError   // .wrongPassword
    /// ```
    public let underlying: any Error
    /// The error the task threw, as text (`String(describing:)`).
    ///
    /// ```swift
    /// failure.error   // "Wrong password (the demo's is “baton”)."
    /// ```
    public let error: String
    /// The type of the error the task threw.
    ///
    /// ```swift
    /// failure.errorType   // "LoginError"
    /// ```
    public let errorType: String

    /// Describes a task's failure.
    ///
    /// ```swift
    /// ScreenTaskFailure(screen: "login", error: LoginError.wrongPassword)
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen that ran the task.
    ///   - error: What the task threw.
    @MainActor public init(screen: String, error: any Error) {
        self.screen = screen
        self.underlying = error
        self.error = String(describing: error)
        self.errorType = TypeNames.name(of: type(of: error))
    }

    /// Which screen's task threw what.
    ///
    /// ```swift
    /// print(failure)   // a task of list threw LoginError: Wrong password …
    /// ```
    public var description: String { "a task of \(screen) threw \(errorType): \(error)" }

    /// Receives every error a screen's task throws, in the current task and the tasks it creates
    /// (a screen's task inherits it from the code that started it). By default it prints the
    /// failure in every build; `.isolatedBaton` records it as a test issue.
    ///
    /// ```swift
    /// ScreenTaskFailure.$reporter.withValue({ failures.append($0) }) { try await run() }
    /// ```
    @TaskLocal public static var reporter: @Sendable (ScreenTaskFailure) -> Void = { failure in
        print("Baton: \(failure)")
    }
}

extension ScreenModel {
    /// Runs `operation` as this screen's async work, what `.task` is to a SwiftUI view: an error
    /// it throws is reported to ``ScreenTaskFailure/reporter`` with the screen named, and it is
    /// cancelled when the screen leaves the screen tree (popped, dismissed, hopped away, its
    /// window released).
    ///
    /// Use it for work a view action starts, such as a toolbar button that awaits a sheet's
    /// result:
    ///
    /// ```swift
    /// Button("Sort") { task { try await chooseOrder() } }
    /// ```
    ///
    /// A cancellation is not an error: a task cancelled as its screen leaves, or that throws
    /// `CancellationError` or ``ScreenError/cancelled(screen:reason:)`` (a sheet swiped away),
    /// reports nothing. A task started on a screen that is not in a window's tree runs; it is
    /// cancelled once the screen has been shown and leaves. A task started after the screen left
    /// the tree, and before it is shown in a window again (from ``didDisappear()``, or a button
    /// tapped while the screen is popped), starts cancelled. The task keeps its screen alive until
    /// it ends, so capture the screen strongly (`self.finish()`): never `[unowned self]`.
    ///
    /// - Parameter operation: The work; it runs on the main actor.
    /// - Returns: The task, to cancel or await it; most callers ignore it.
    @discardableResult
    public final func task(_ operation: @escaping @MainActor () async throws -> Void) -> Task<Void, Never> {
        let id = nextTaskID
        nextTaskID &+= 1
        let name = screenName
        let task = Task { @MainActor [weak self] in
            do {
                try await operation()
            } catch {
                // Cancelled as the screen left: what the work throws then is no failure.
                if !Task.isCancelled && !Self.isCancellation(error) {
                    ScreenTaskFailure.reporter(ScreenTaskFailure(screen: name, error: error))
                }
            }
            self?.runningTasks[id] = nil
        }
        // Started after the screen left the tree (from `didDisappear`, or a button tapped during
        // the pop animation): nothing would cancel it later, and it would keep the screen alive.
        if hasLeftTree && window == nil {
            task.cancel()
            return task
        }
        // The task's body runs on the main actor after this returns, so it finds itself here.
        runningTasks[id] = task
        return task
    }

    /// Cancels the tasks this screen started; called when it leaves the screen tree.
    final func cancelTasks() {
        guard !runningTasks.isEmpty else { return }
        let tasks = runningTasks.values
        runningTasks = [:]
        for task in tasks { task.cancel() }
    }

    /// Whether `error` says that the work was cancelled rather than that it failed.
    private static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if case .cancelled = error as? ScreenError { return true }
        return false
    }
}
