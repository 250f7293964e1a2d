import Dispatch

#if canImport(Darwin)
    import Darwin
#endif

/// Whether nonisolated code (a `deinit`) runs on the main actor, so that it may use main-actor
/// state at once instead of scheduling a task.
enum MainActorCheck {
    #if canImport(Darwin)
        /// Nothing to install: on Apple platforms the main actor runs on the main thread, which
        /// `pthread_main_np` recognizes.
        @MainActor static func install() {}

        /// `true` when the caller runs on the main actor's executor.
        static var isCurrent: Bool { pthread_main_np() != 0 }
    #else
        private static let marker = DispatchSpecificKey<Bool>()
        @MainActor private static var isInstalled = false

        /// Marks the main queue, which runs the main actor's jobs, so that ``isCurrent`` can tell
        /// it apart on platforms where the main actor need not run on the main thread.
        @MainActor static func install() {
            guard !isInstalled else { return }
            isInstalled = true
            DispatchQueue.main.setSpecific(key: marker, value: true)
        }

        /// `true` when the caller runs on the main actor's executor.
        static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == true }
    #endif
}
