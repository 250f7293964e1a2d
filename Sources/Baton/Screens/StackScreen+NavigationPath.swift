extension StackScreen {
    // MARK: - A UI framework's navigation path

    /// The screens above the root, as the path a `NavigationStack` shows.
    ///
    /// A read inside an Observation tracking scope is tracked like ``screens``.
    ///
    /// ```swift
    /// try stack.push(detail)
    /// stack.navigationPath   // [ScreenIdentity(detail)]
    /// ```
    @_spi(Adapters) public final var navigationPath: [ScreenIdentity] {
        screens.dropFirst().map(ScreenIdentity.init)
    }

    /// The screen on this stack with `identity`, if it is still on it.
    ///
    /// ```swift
    /// stack.screen(for: ScreenIdentity(detail)) === detail   // true
    /// ```
    ///
    /// - Parameter identity: The identity from ``navigationPath``.
    /// - Returns: The screen, or `nil` once it has left the stack.
    @_spi(Adapters) public final func screen(for identity: ScreenIdentity) -> ScreenModel? {
        stackedScreens.first { ScreenIdentity($0) == identity }
    }

    /// The screen a UI framework draws for an element of ``navigationPath``: each element names
    /// one screen object, so a route that is twice on the stack is drawn as two screens, each at
    /// its place. An element made for a screen draws that screen, even after it left the stack
    /// (SwiftUI may still draw it while it animates it away); an element a link appended draws
    /// the screen the link pushed, while it is on the stack.
    ///
    /// ```swift
    /// // In navigationDestination(for:):
    /// if let screen = stack.destination(for: item.id, holding: item.screen) { ScreenView(screen) }
    /// ```
    ///
    /// - Parameters:
    ///   - identity: The element's identity.
    ///   - screen: The screen the element was made for; `nil` for a link's element.
    /// - Returns: The screen to draw, or `nil` when there is none (a link whose push failed).
    @_spi(Adapters) public final func destination(for identity: ScreenIdentity, holding screen: ScreenModel?)
        -> ScreenModel?
    {
        screen ?? self.screen(for: identity)
    }

    /// Brings the stack in line with a path that a UI framework changed, such as a
    /// `NavigationStack` after its back button or the swipe back: the screens the path no
    /// longer holds are popped, in one pop transition.
    ///
    /// Pops follow a path, and so do links: a path that is the current one plus the
    /// `identity` of a link (what SwiftUI's `NavigationLink(value:)` appends)
    /// pushes the link's screen, made now, wired and resolved with the link's identifier, sender
    /// and wiring. Other pushes go through ``ScreenModel/push(_:identifier:sender:wiring:)``. A path that is
    /// not the stack's current path cut short or grown by a link (one with a screen the stack
    /// does not hold at that place) pops to the last place where both agree and ignores the
    /// rest. A link's push that fails (a resolver or a route's factory throws) leaves the stack
    /// as it was, is posted as ``TransitionDidFail`` in the window, and tells every view that read
    /// the stack's path to read it again, so that the UI framework's stack goes back to the
    /// stack's screens instead of showing a blank destination. A path written back with the screens the
    /// previous write popped, the stack unchanged since (a swipe back released halfway, when the
    /// UI framework wrote the path as the swipe started), pushes those same screens back.
    ///
    /// ```swift
    /// // In a NavigationStack's path binding:
    /// set: { path in stack.followNavigationPath(path) }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path the UI framework now shows.
    ///   - sender: Passed to the pop transition.
    /// - Returns: The screens popped, bottom first; empty when nothing changed, or when the pop
    ///   waits for a transition that is running (it follows when that one completes).
    @discardableResult
    @_spi(Adapters) public final func followNavigationPath(_ path: [ScreenIdentity], sender: Any? = nil)
        -> [ScreenModel]
    {
        if restoresPathPop(path) {
            return []
        }
        let current = navigationPath
        if path.count == current.count + 1, let last = path.last, path.dropLast().elementsEqual(current),
            let link = ScreenLinkRequest.link(for: last)
        {
            do {
                try NavigationContext.with(.gesture(.navigationLink)) { () throws(ScreenError) in
                    try link.push(on: self)
                }
            } catch {
                ScreenLinkRequest.post(
                    error, request: "push of a link's screen onto \(screenName)",
                    inProgress: "a navigation path change",
                    in: self)
                observedState.publish()
            }
            return []
        }
        var popped: [ScreenModel] = []
        // As `pop()`: a transition requested during this one runs after it. The user went back
        // (the back button or the swipe): the pop's cause says so. The body cannot throw.
        NavigationContext.with(.gesture(.navigationPath)) {
            try? requestTransition("pop of \(screenName) to follow a navigation path") {
                [self] () throws(ScreenError) in
                let current = self.navigationPath
                var kept = 0
                while kept < min(path.count, current.count), path[kept] == current[kept] { kept += 1 }
                guard kept < current.count else { return }
                popped = popTo(index: kept, sender: sender)
                self.pathPop = PathPop(
                    popped: zip(popped, current.dropFirst(kept)).map { PathPop.Popped(screen: $0, identity: $1) },
                    left: self.stackedScreens.map(ObjectIdentifier.init))
            }
        }
        return popped
    }

    /// Puts back the screens the last path pop took off when the path written now is the stack
    /// plus their identities and the stack did not change since: SwiftUI may write the path at
    /// the start of an interactive swipe back and write it back when the swipe is cancelled (E6),
    /// and the screen the user keeps must be the same screen, with its state and its view's. Only
    /// a write-back names them: a screen's identity is never reused. Any other path write
    /// forgets them.
    ///
    /// - Returns: Whether it put them back (or tried: a failure is posted in the window).
    private func restoresPathPop(_ path: [ScreenIdentity]) -> Bool {
        guard let pop = pathPop else { return false }
        pathPop = nil
        let screens = pop.popped.compactMap(\.screen)
        guard screens.count == pop.popped.count, stackedScreens.map(ObjectIdentifier.init) == pop.left,
            path.elementsEqual(navigationPath + pop.popped.map(\.identity))
        else { return false }
        // The user's swipe, released: the push's cause says so.
        NavigationContext.with(.gesture(.navigationPath)) {
            for (screen, identity) in zip(screens, pop.popped.map(\.identity)) {
                // A link's screen keeps the link's identity in the path.
                if identity != ScreenIdentity(screen) { screen.linkIdentity = identity }
                do throws(ScreenError) {
                    try push(screen)
                } catch {
                    ScreenLinkRequest.post(
                        error, request: "push of \(screen.screenName) back onto \(screenName)",
                        inProgress: "a navigation path written back after a cancelled swipe", in: self)
                    observedState.publish()
                    break
                }
            }
        }
        return true
    }
}

extension ScreenModel {
    // MARK: - The enclosing stack

    /// The nearest stack this screen is on, directly or inside a container on it (UIKit's
    /// `navigationController`); `nil` when none.
    ///
    /// ```swift
    /// try list.enclosingStack?.push(detail)
    /// ```
    @_spi(Adapters) public final var enclosingStack: StackScreen? {
        var current: ScreenModel? = container
        while let screen = current {
            if let stack = screen as? StackScreen { return stack }
            current = screen.container
        }
        return nil
    }

    // MARK: - A UI framework's presentation

    /// The identity of the screen this one presents, as the item a `sheet(item:)` or
    /// `fullScreenCover(item:)` shows.
    ///
    /// A read inside an Observation tracking scope is tracked like ``presentedScreen``.
    ///
    /// ```swift
    /// try main.present(signup)
    /// main.presentedIdentity   // ScreenIdentity(signup)
    /// ```
    @_spi(Adapters) public final var presentedIdentity: ScreenIdentity? {
        presentedScreen.map(ScreenIdentity.init)
    }

    /// Where a UI framework shows the screen this one presents: an ``AlertScreen`` in the alert
    /// slot (SwiftUI's `alert` or `confirmationDialog`), a screen presented as a
    /// ``PresentationStyle/fullScreenCover`` (the style it was presented with: a later change of
    /// its ``ScreenModel/presentationStyle`` does not move it) in the cover slot where the
    /// platform has covers, any other in the sheet slot; `nil` when this screen
    /// presents nothing. Each slot's binding shows the presented screen only when it is its slot,
    /// so exactly one of them shows it. The slot agrees with the lifecycle the core gave: a
    /// sheet's and an alert's presenter stayed on screen, a cover's disappeared.
    ///
    /// ```swift
    /// try main.present(TourScreen(), style: .fullScreenCover)
    /// main.presentationSlot(coversAvailable: true)   // .fullScreenCover
    /// ```
    ///
    /// - Parameter coversAvailable: Whether the platform has full-screen covers (macOS has none:
    ///   a cover is drawn as a sheet there).
    /// - Returns: The slot, or `nil`.
    @_spi(Adapters) public final func presentationSlot(coversAvailable: Bool) -> PresentationSlot? {
        guard let presented = presentedScreen as? ScreenModel else { return nil }
        if presented is AlertScreen { return .alert }
        return coversAvailable && presented.shownStyle == .fullScreenCover ? .fullScreenCover : .sheet
    }

    /// Brings the presentation in line with an item that a UI framework changed: `nil` written
    /// for the item it showed, `shown`, while this screen still presents that item (the user
    /// swiped a sheet down) dismisses it.
    ///
    /// Only dismissals follow: presentations go through ``present(_:style:identifier:sender:wiring:)``.
    /// A `nil` written for an item that is no longer the presented one changes nothing: when
    /// Baton swaps one presentation for another, SwiftUI may write `nil` for the old item
    /// after Baton presented the new one, and that write must not dismiss the new one.
    ///
    /// ```swift
    /// // In a sheet's item binding, where `shown` is the item its getter returned:
    /// set: { item in main.followPresentation(item, shown: shown) }
    /// ```
    ///
    /// - Parameters:
    ///   - item: The item the UI framework now shows.
    ///   - shown: The item the UI framework showed, as the binding's getter gave it.
    ///   - sender: Passed to the dismiss transition.
    /// - Returns: `true` when it dismissed a screen.
    @discardableResult
    @_spi(Adapters) public final func followPresentation(
        _ item: ScreenIdentity?, shown: ScreenIdentity?, sender: Any? = nil
    ) -> Bool {
        guard item == nil, let shown, presented != nil, presentedIdentity == shown else { return false }
        NavigationContext.with(.gesture(.sheetSwipe)) { dismiss(sender: sender) }
        return true
    }
}

/// Where a UI framework shows a presented screen (``ScreenModel/presentationSlot(coversAvailable:)``).
///
/// ```swift
/// if main.presentationSlot(coversAvailable: true) == .sheet { … }
/// ```
@_spi(Adapters) public enum PresentationSlot: Sendable, Hashable {
    /// A sheet (SwiftUI's `sheet(item:)`).
    ///
    /// ```swift
    /// case .sheet
    /// ```
    case sheet
    /// A full-screen cover (SwiftUI's `fullScreenCover(item:)`).
    ///
    /// ```swift
    /// case .fullScreenCover
    /// ```
    case fullScreenCover
    /// An alert or a confirmation dialog (an ``AlertScreen``).
    ///
    /// ```swift
    /// case .alert
    /// ```
    case alert
}
