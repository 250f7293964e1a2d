#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    /// How SwiftUI shows a screen when it is a tab; containers (a `StackScreen`, a `TabScreen`,
    /// a `HoppingScreen`) adopt it by subclassing. How it is shown when presented is the style
    /// it was presented with (``ScreenModel/present(_:style:identifier:sender:wiring:)``).
    ///
    /// ```swift
    /// final class MapTab: StackScreen, ScreenStyling {
    ///     var tabLabel: some View { Label("Map", systemImage: "map") }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public protocol ScreenStyling: ScreenModel {
        /// The label's view type.
        associatedtype TabLabel: View = Text

        /// The label of the screen's tab in a ``TabsView``. The screen's name unless overridden.
        ///
        /// ```swift
        /// var tabLabel: some View { Label("Map", systemImage: "map") }
        /// ```
        @ViewBuilder var tabLabel: TabLabel { get }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ScreenStyling where TabLabel == Text {
        /// The screen's name.
        ///
        /// ```swift
        /// settings.tabLabel   // Text("settings")
        /// ```
        public var tabLabel: Text { Text(screenName) }
    }

    /// A Baton screen whose content is a SwiftUI view.
    ///
    /// The screen is the model: it owns the context, takes part in transitions, is resolved by
    /// the dependency coordinator and receives lifecycle callbacks, as any `ScreenModel`.
    /// ``ScreenView`` renders its ``body`` with the screen's context and the screen itself in the
    /// environment.
    ///
    /// ```swift
    /// final class ProfileScreen: ScreenModel, ViewScreen {
    ///     var body: some View { ProfileView() }
    /// }
    ///
    /// struct ProfileView: View {
    ///     @ContextValue(UserID.self) private var userID
    ///     var body: some View { Text(userID ?? "signed out") }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public protocol ViewScreen: ScreenStyling {
        /// The content's view type.
        associatedtype Body: View

        /// The screen's content.
        ///
        /// ```swift
        /// var body: some View { ProfileView() }
        /// ```
        @ViewBuilder var body: Body { get }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ScreenStyling {
        /// The tab label, type-erased, for a screen known only as `any ScreenStyling`.
        var erasedTabLabel: AnyView { AnyView(tabLabel) }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ViewScreen {
        /// The body, type-erased, for a screen known only as `any ViewScreen`.
        var erasedBody: AnyView { AnyView(body) }
    }

    /// Shows any Baton screen in SwiftUI: a ``ViewScreen``'s body, a `StackScreen` as a
    /// ``StackView``, a `TabScreen` as a ``TabsView``, a `HoppingScreen` as a ``HoppingView``,
    /// a screen made from a route as `screen(for:content:)` or `screen(_:content:)` draws it, any
    /// other screen as `screenContent(_:)` draws it (or its name: a screen made from a route that
    /// shows its name is reported, ``Baton/ScreenDrawingReport``), with the screen's context and
    /// the screen in the environment and what it presents as a sheet or a full-screen cover.
    ///
    /// A presentation goes through Baton (`screen.present(_:)`), so the presented screen is
    /// wired and resolved before it appears; swiping a sheet down dismisses it in Baton too.
    ///
    /// ```swift
    /// ScreenView(profile)
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public struct ScreenView: View {
        private let screen: ScreenModel
        @Environment(\.batonScreenContent) private var screenContent
        @Environment(\.batonRouteScreens) private var routeScreens

        /// Shows `screen`.
        ///
        /// ```swift
        /// ScreenView(window.rootScreen!)
        /// ```
        ///
        /// - Parameter screen: The screen to show.
        public init(_ screen: ScreenModel) {
            self.screen = screen
        }

        /// The screen's content, context, and presentations. The view has the screen's identity,
        /// so that another screen shown in its place (a new root) starts with fresh `@State`.
        public var body: some View {
            content
                .batonContext(screen.context)
                .environment(\.batonScreen, screen)
                .modifier(PresentationHost(screen: screen))
                .id(ScreenIdentity(screen))
        }

        /// Draws what the core chooses (`RouteDrawings.drawing(of:ownView:hasScreenContent:)`).
        @ViewBuilder private var content: some View {
            let screen = self.screen
            switch routeScreens.drawing(
                of: screen, ownView: { ($0 as? any ViewScreen)?.erasedBody }, hasScreenContent: screenContent != nil)
            {
            case .stack(let stack): StackView(stack)
            case .tabs(let tabs): TabsView(tabs)
            case .hopping(let hopping): HoppingView(hopping)
            case .ownView(let body): body
            case .route(let content): content(screen)
            case .screenContent: screenContent?(screen)
            case .name(let name, let report): Text(name).onAppear { report?.send() }
            }
        }
    }

    /// A screen as SwiftUI's item for a sheet or a navigation path: identified and compared by the
    /// screen's identity, and holding the screen, so that its view can still be drawn while
    /// SwiftUI animates it away after Baton let it go. A ``ScreenLink``'s value is the item of the
    /// screen its link will push: it holds the link (which has the identity the pushed screen
    /// keeps) and no screen yet.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct ScreenItem: Identifiable, Hashable {
        let screen: ScreenModel?
        let id: ScreenIdentity
        /// Keeps a link alive while its value is on its way into a navigation path.
        private let link: ScreenLinkRequest?

        @MainActor init(_ screen: ScreenModel) {
            self.screen = screen
            self.id = ScreenIdentity(screen)
            self.link = nil
        }

        @MainActor init(link: ScreenLinkRequest) {
            self.screen = nil
            self.id = link.identity
            self.link = link
        }

        static func == (lhs: ScreenItem, rhs: ScreenItem) -> Bool { lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// Shows what a screen presents, and turns a sheet swiped down into a Baton dismissal.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    private struct PresentationHost: ViewModifier {
        let screen: ScreenModel
        @Environment(\.batonScreenContent) private var screenContent
        @Environment(\.batonRouteScreens) private var routeScreens

        func body(content: Content) -> some View {
            #if os(macOS)
                let coversAvailable = false
            #else
                let coversAvailable = true
            #endif
            let slot = screen.presentationSlot(coversAvailable: coversAvailable)
            let presented = screen.presentedScreen as? ScreenModel
            #if os(macOS)
                content
                    .sheet(item: item(presented, in: .sheet, slot)) { item in presentedView(item) }
                    .modifier(AlertHost(alert: slot == .alert ? presented as? AlertScreen : nil))
            #else
                content
                    .sheet(item: item(presented, in: .sheet, slot)) { item in presentedView(item) }
                    .fullScreenCover(item: item(presented, in: .fullScreenCover, slot)) { item in
                        presentedView(item)
                    }
                    .modifier(AlertHost(alert: slot == .alert ? presented as? AlertScreen : nil))
            #endif
        }

        private func item(_ screen: ScreenModel?, in slot: PresentationSlot, _ shownIn: PresentationSlot?)
            -> Binding<ScreenItem?>
        {
            item(shownIn == slot ? screen.map(ScreenItem.init) : nil)
        }

        private func item(_ presented: ScreenItem?) -> Binding<ScreenItem?> {
            let screen = self.screen
            return Binding(
                get: { presented },
                set: { item in screen.followPresentation(item?.id, shown: presented?.id) })
        }

        @ViewBuilder private func presentedView(_ item: ScreenItem) -> some View {
            if let presented = item.screen {
                ScreenView(presented)
                    .environment(\.batonScreenContent, screenContent)
                    .environment(\.batonRouteScreens, routeScreens)
            }
        }
    }

    /// Draws a presented ``AlertScreen`` with SwiftUI's
    /// `alert(_:isPresented:presenting:actions:message:)` or
    /// `confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)`
    /// (SwiftUI.swiftinterface of the iOS 17.0 SDK, lines 10896 and 6908). The core decides: the
    /// binding reads `isShownByFramework` and reports SwiftUI's writes to `followShown(_:)`; the
    /// data is the alert's `presence()`, `nil` once SwiftUI closed it. Apple documents that the
    /// presented alert keeps the data it was presented with ("Any changes that you make after the
    /// presentation occurs are ignored": Apple's documentation page of
    /// `alert(_:isPresented:presenting:actions:message:)`, whose text the SDK ships in
    /// SwiftUI.swiftmodule/arm64-apple-ios.swiftdoc, not in the interface), so a button's action, made from that data, taps the
    /// alert it was shown for, whichever body SwiftUI takes it from; the data's release when
    /// SwiftUI lets it go is the alert's disappearance, which cancels an alert no button
    /// answered. If SwiftUI keeps it, the alert leaving the tree or the presenter's next
    /// presentation answers it.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    private struct AlertHost: ViewModifier {
        let alert: AlertScreen?

        func body(content: Content) -> some View {
            // Read here, so that the body runs again when SwiftUI closed the alert, and no longer
            // passes the presence that the shown alert keeps.
            let isShown = alert?.isShownByFramework == true
            let presence = alert?.presence()
            content
                .alert(
                    alert?.title ?? "", isPresented: shown(.alert, isShown), presenting: presence,
                    actions: { buttons($0) }, message: { _ in message }
                )
                .confirmationDialog(
                    alert?.title ?? "", isPresented: shown(.confirmationDialog, isShown), titleVisibility: .visible,
                    presenting: presence, actions: { buttons($0) }, message: { _ in message })
        }

        private func shown(_ style: AlertStyle, _ isShown: Bool) -> Binding<Bool> {
            let alert = self.alert
            return Binding(
                get: { isShown && alert?.style == style },
                set: { shown in alert?.followShown(shown) })
        }

        @ViewBuilder private func buttons(_ presence: AlertPresence) -> some View {
            ForEach(presence.buttons.indices, id: \.self) { index in
                let button = presence.buttons[index]
                Button(button.label, role: button.role.map { $0 == .cancel ? .cancel : .destructive }) {
                    presence.tap(at: index)
                }
            }
        }

        @ViewBuilder private var message: some View {
            if let message = alert?.message { Text(message) }
        }
    }
#endif
