/// A value that a pushed or presented screen wrote into its own context, which died with it
/// before any other screen could see it.
///
/// With the default wiring, ``ContextWiring/inherit``, a destination's context is a child of its
/// source's: the destination reads what the source set, but what it sets stays in its own
/// context and is released with it. A settings sheet that stores the chosen sort order that way
/// loses it, silently, the moment it is dismissed. In debug builds Baton watches for this: when
/// the context of a screen shown by a push or a presentation with `.inherit` is released, each
/// key that was written into it after the screen was shown, that its source reads (the source's
/// context looked it up, or observes it), and that no other screen read since it was written, is
/// reported to ``reporter``, which prints it by default:
///
/// ```
/// Baton: settings wrote SortOrder into its own context, which was released with it: list,
/// which reads SortOrder, never saw the value (present: list → settings wired settings with
/// .inherit). Show settings with wiring: .share, write the value into list's context with
/// set(_:for:in: "list"), or return it with finish(with:) to push(_:returning:) or
/// present(_:returning:).
/// ```
///
/// A value is not lost when another screen read it before the context was released:
/// - a screen the writer showed with `.inherit` (its context is a child of the writer's) read it
///   through its chain, by name or in an observer;
/// - a screen that uses the same context read it after the screen in front of that context
///   changed: one the writer showed with `.share`, a tab of a tab container that shares its
///   context, a hop step that shares its hopping container's context, or the writer reading what
///   such a screen wrote.
///
/// The writer reading its own value back (a picker bound to it with `@ContextValue`, re-rendered
/// on every change) does not count: that value is the one a dismissal loses. A value removed
/// before the context is released is not reported, nor are the values Baton stores for itself (a
/// screen's ``Screen/dependencyCoordinator``, a tab container's ``TabScreen/SelectedTabIndex``).
///
/// What the watch does not see yet: screens that UIKit shows itself (a `pushViewController` or a
/// segue that Baton follows, with BatonUIKit) are not watched, and a screen that writes its own
/// copy of a key its source also reads, on purpose, is reported when it leaves unless another
/// screen read that copy.
///
/// Release builds do not watch: writes and reads cost the same as without the check.
///
/// ```swift
/// LostWrite.$reporter.withValue({ report in print("lost:", report.key, "in", report.screen) }) {
///     try list.present(settings)   // settings writes SortOrder into its own context, then is dismissed
/// }
/// ```
public struct LostWrite: Hashable, Sendable, CustomStringConvertible {
    /// The key's name.
    ///
    /// ```swift
    /// lostWrite.key   // "SortOrder"
    /// ```
    public let key: String
    /// The screen that wrote the value into its own context.
    ///
    /// ```swift
    /// lostWrite.screen   // "settings"
    /// ```
    public let screen: String
    /// The screen that showed it and reads the key.
    ///
    /// ```swift
    /// lostWrite.source   // "list"
    /// ```
    public let source: String
    /// The transition that showed the screen.
    ///
    /// ```swift
    /// lostWrite.transition   // "present: list → settings"
    /// ```
    public let transition: String
    /// The name of the source's context, for the named-scope fix; `nil` when it has none.
    ///
    /// ```swift
    /// lostWrite.sourceScope   // "list"
    /// ```
    public let sourceScope: String?

    /// Describes a lost write.
    ///
    /// ```swift
    /// LostWrite(key: "SortOrder", screen: "settings", source: "list", transition: "present: list → settings",
    ///           sourceScope: "list")
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key's name.
    ///   - screen: The screen that wrote the value.
    ///   - source: The screen that showed it.
    ///   - transition: The transition that showed it.
    ///   - sourceScope: The name of the source's context.
    public init(key: String, screen: String, source: String, transition: String, sourceScope: String?) {
        self.key = key
        self.screen = screen
        self.source = source
        self.transition = transition
        self.sourceScope = sourceScope
    }

    /// What was lost, and the three fixes.
    ///
    /// ```swift
    /// print(lostWrite)
    /// ```
    public var description: String {
        let scoped =
            sourceScope.map { "write the value into \(source)'s context with set(_:for:in: \"\($0)\")" }
            ?? "write the value into a named scope that \(source) reads"
        let returning =
            transition.hasPrefix("hop:") ? "hop(to:returning:)" : "push(_:returning:) or present(_:returning:)"
        return "\(screen) wrote \(key) into its own context, which was released with it: \(source), which reads"
            + " \(key), never saw the value (\(transition) wired \(screen) with .inherit). Show \(screen) with"
            + " wiring: .share, \(scoped), or return it with finish(with:) to \(returning)."
    }

    /// Receives each lost write found in the current task and the tasks it creates. In debug
    /// builds the default prints the report (`Baton: ` and the ``description``) to the standard
    /// output, which Xcode shows in its console; `nil` turns the watch off. Release builds never
    /// watch, whatever the value.
    ///
    /// The reporter runs on the main actor when the watched context is released and may call
    /// back into Baton: a transition it requests while another one runs follows that one.
    ///
    /// ```swift
    /// LostWrite.$reporter.withValue(nil) {
    ///     try list.present(settings)   // not watched
    /// }
    /// ```
    @TaskLocal public static var reporter: (@Sendable (LostWrite) -> Void)? = {
        #if DEBUG
            return { lostWrite in print("Baton: \(lostWrite)") }
        #else
            return nil
        #endif
    }()
}

#if DEBUG
    /// The debug-build watch on the context of a screen that a push or presentation wired with
    /// ``ContextWiring/inherit``: the keys written into it once shown that no one else has read
    /// since.
    ///
    /// Someone else reads a value when
    /// - a context below the watched one reads it through the chain (a screen the writer showed
    ///   with `.inherit`), by name, or in an observer; or
    /// - the watched context itself reads it while the screen in front of it is not the one that
    ///   was in front when the value was written (a screen shown with `.share`, a tab of a tab
    ///   container that shares the context, a hop step that shares its container's): the writer
    ///   showed a screen that consumes the value, or a screen it shared the context with wrote it
    ///   and the writer takes it back.
    ///
    /// The writer reading its own value back (a picker bound to the value, re-rendered on every
    /// change) is not someone else: that is the value a dismissal loses.
    ///
    /// Memory is bounded: one entry per key written, whatever the number of writes; the values
    /// themselves are not kept.
    @MainActor
    final class LostWriteWatch {
        /// A written key and the screen in front when it was last written.
        struct Write {
            let name: String
            weak var writer: AnyObject?
        }

        let screen: String
        let source: String
        let transition: String
        weak var sourceContext: ScreenContext?
        let reporter: @Sendable (LostWrite) -> Void
        /// The screen in front among those that use the watched context: the watched screen, or
        /// the latest one shown that shares it.
        weak var front: AnyObject?
        /// The keys written since the screen was shown and not read by someone else since.
        private(set) var written: [ObjectIdentifier: Write] = [:]

        init(
            screen: String, source: String, transition: String, sourceContext: ScreenContext, front: AnyObject,
            reporter: @escaping @Sendable (LostWrite) -> Void
        ) {
            self.screen = screen
            self.source = source
            self.transition = transition
            self.sourceContext = sourceContext
            self.front = front
            self.reporter = reporter
        }

        /// The keys Baton writes for itself: a screen's coordinator (`dependencyCoordinator`), read
        /// by Baton for the transitions from that screen, and a tab container's selection.
        static let unwatched: Set<ObjectIdentifier> = [
            ObjectIdentifier(DependencyCoordinatorKey.self), ObjectIdentifier(TabScreen.SelectedTabIndex.self),
        ]

        func wrote(_ id: ObjectIdentifier, name: @autoclosure () -> String) {
            if written[id] != nil {
                written[id]?.writer = front
            } else if !Self.unwatched.contains(id) {
                written[id] = Write(name: name(), writer: front)
            }
        }

        func removed(_ id: ObjectIdentifier) {
            written[id] = nil
        }

        /// A read of `id` that found it in the watched context; `elsewhere` when a context below it
        /// made the read.
        func read(_ id: ObjectIdentifier, elsewhere: Bool) {
            guard let write = written[id] else { return }
            if elsewhere || write.writer !== front { written[id] = nil }
        }

        /// Reports the written keys the source reads; called when the watched context is released.
        /// The reports are made first and the reporter called after, so that a reporter that calls
        /// back into Baton (a write, a transition) finds the watch done.
        func report() {
            guard let sourceContext else { return }
            var lost: [LostWrite] = []
            for (id, write) in written.sorted(by: { $0.value.name < $1.value.name }) {
                let report = LostWrite(
                    key: write.name, screen: screen, source: source, transition: transition,
                    sourceScope: sourceContext.name)
                if sourceContext.looksUp(id) {
                    lost.append(report)
                } else {
                    // Nobody read it yet: it is lost if the source (or a screen below it) reads it
                    // later and does not find it.
                    awaitRead(id, by: sourceContext, report: report)
                }
            }
            written = [:]
            for report in lost { reporter(report) }
        }

        /// A value that died before anyone read it, reported when the source's chain reads the key
        /// and misses it.
        struct PendingLoss {
            weak var source: ScreenContext?
            let report: LostWrite
            let reporter: @Sendable (LostWrite) -> Void
        }

        /// The values that died unread, by key; bounded: entries whose source is gone are dropped.
        static var pendingLosses: [ObjectIdentifier: [PendingLoss]] = [:]
        private static var pendingCount = 0

        private func awaitRead(_ id: ObjectIdentifier, by source: ScreenContext, report: LostWrite) {
            Self.pendingCount += 1
            if Self.pendingCount > 256 {
                Self.pendingLosses = Self.pendingLosses.compactMapValues { losses in
                    let alive = losses.filter { $0.source != nil }
                    return alive.isEmpty ? nil : alive
                }
                Self.pendingCount = Self.pendingLosses.values.reduce(0) { $0 + $1.count }
            }
            Self.pendingLosses[id, default: []].append(
                PendingLoss(source: source, report: report, reporter: reporter))
        }

        /// A read of `id` from `reader` found it in `holder` (`nil`: nowhere): a value that died
        /// unread in a context on `reader`'s chain is reported when the read misses it (found
        /// nowhere, or only further in than that context); a value set again there since ends
        /// the wait.
        static func read(_ id: ObjectIdentifier, by reader: ScreenContext, holder: ScreenContext?) {
            guard let losses = pendingLosses[id] else { return }
            var kept: [PendingLoss] = []
            var reports: [PendingLoss] = []
            for loss in losses {
                guard let source = loss.source else { continue }
                // Where is the source on the reader's chain, and is the holder nearer than it?
                var current: ScreenContext? = reader
                var holderIsNearer = false
                var onChain = false
                while let context = current {
                    if context === holder { holderIsNearer = true }
                    if context === source {
                        onChain = true
                        break
                    }
                    current = context.parent
                }
                if !onChain {
                    kept.append(loss)
                } else if !holderIsNearer {
                    reports.append(loss)
                }
            }
            pendingLosses[id] = kept.isEmpty ? nil : kept
            pendingCount -= losses.count - kept.count
            for loss in reports { loss.reporter(loss.report) }
        }

        /// Watches the contexts of the screens a push or presentation with `.inherit` shows: the
        /// destination and every screen inside it, each context once.
        static func watch(_ transition: ScreenTransition, sourceContext: ScreenContext) {
            guard let reporter = LostWrite.reporter else { return }
            // A hop step's values are read by its hopping container, whose context is the source.
            let sourceName =
                transition.kind == .hop
                ? (transition.destination.parentScreen?.screenName ?? sourceContext.name ?? "the hopping container")
                : transition.source?.screenName
            guard let sourceName else { return }
            let description = transition.record.description
            var watched: Set<ObjectIdentifier> = [ObjectIdentifier(sourceContext)]
            for screen in transition.destination.screenAndDescendants {
                let context = screen.context
                guard watched.insert(ObjectIdentifier(context)).inserted else { continue }
                context.lostWriteWatch = LostWriteWatch(
                    screen: screen.screenName, source: sourceName, transition: description,
                    sourceContext: sourceContext, front: frontmost(screen), reporter: reporter)
            }
        }

        /// Called once a transition has shown `screen`: when it uses a watched context, it (or the
        /// visible screen inside it that uses the same context) is now in front of that context.
        static func showed(_ screen: any Screen) {
            let context = screen.context
            guard let watch = context.lostWriteWatch else { return }
            let front = frontmost(screen)
            guard watch.front !== front else { return }
            watch.front = front
            // The context's own cached reads of the written keys are read again, through `read`.
            for id in watch.written.keys { context.forgetCachedRead(id) }
        }

        /// `screen`, or the innermost visible screen inside it that uses the same context (the
        /// selected tab of a tab container that shares its context).
        private static func frontmost(_ screen: any Screen) -> AnyObject {
            var current = screen
            while let model = current as? ScreenModel,
                let child = model.visibleChildren.first(where: { $0.context === current.context })
            {
                current = child
            }
            return current
        }
    }

    extension ScreenContext {
        /// Whether this context looked `id` up (a chain read keeps it in the read cache) or
        /// observes it.
        func looksUp(_ id: ObjectIdentifier) -> Bool {
            readCache[id] != nil || keyObservers[id]?.isEmpty == false
        }

        /// Makes this context's cached read of `id` stale, so that the next read refreshes it. The
        /// entry and its Observation cell stay.
        func forgetCachedRead(_ id: ObjectIdentifier) {
            guard let cached = readCache[id] else { return }
            readCache[id] = CachedRead(
                result: cached.result, stamp: cached.stamp &- 1, shape: cached.shape, holder: cached.holder,
                key: cached.key, cell: cached.cell)
        }

        /// Tells the watch of `holder`, the context a read of `id` from this one found the value
        /// in, that it was read.
        @inline(__always)
        func lostWriteRead(_ id: ObjectIdentifier, in holder: ScreenContext?) {
            if !LostWriteWatch.pendingLosses.isEmpty { LostWriteWatch.read(id, by: self, holder: holder) }
            guard let holder, let watch = holder.lostWriteWatch else { return }
            watch.read(id, elsewhere: holder !== self)
        }
    }
#endif
