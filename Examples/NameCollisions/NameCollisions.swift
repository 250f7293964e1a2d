// Every public type of Baton, BatonSwiftUI and BatonUIKit, named unqualified in a file that also
// imports SwiftUI and UIKit, as an app's file does. The iOS check type-checks this file, and
// fails when a public type is missing from it (Scripts/public-types.py lists them), so a new
// type whose name collides with SwiftUI's or UIKit's is found when it is added, not by an app.
#if canImport(UIKit) && canImport(SwiftUI)
    @_spi(Adapters) @_spi(Testing) import Baton
    @_spi(Adapters) import BatonSwiftUI
    @_spi(Adapters) import BatonUIKit
    import SwiftUI
    import UIKit

    // MARK: - Baton

    @MainActor
    func namesBatonScreenTypes(
        _: Screen, _: ScreenModel, _: StackScreen, _: TabScreen, _: HoppingScreen, _: ScreenWindow,
        _: ScreenTransition, _: ScreenRegistry, _: ScreenError, _: ScreenIdentity, _: ScreenLinkRequest,
        _: TransitionKind, _: TransitionRecord, _: TransitionFailure, _: TransitionDidComplete.Type,
        _: TransitionDidFail.Type, _: LifecyclePhase, _: LifecycleRecord, _: Appearance, _: ContextWiring,
        _: CancellationReason, _: HopFlow, _: any HopFlowContainer, _: HopHandoff, _: HopPlan,
        _: HopViewChange, _: PresentationStyle
    ) {}

    // Issue 33's navigation events (main's merge left them out of this file).
    func namesBatonNavigationEventTypes(_: NavigationCause, _: NavigationEvent, _: NavigationGesture) {}

    @MainActor
    func namesBatonAlertTypes(
        _: AlertScreen, _: ScreenAlert<Int>, _: AlertButton<Int>, _: AlertButtonRole, _: AlertStyle, _: AlertAnswer,
        _: AlertPresence
    ) {}

    @MainActor
    func namesBatonNavigationTypes<Route: ScreenRoute>(
        _: ScreenLinks<Route>, _: LinkPattern<Route>, _: ScreenTree<Route>, _: any ScreenRoute,
        _: any RoutedScreen, _: SavedScreenTree, _: NavigationError, _: NavigationFailure,
        _: NavigationDidFail.Type, _: NavigationOutcome, _: SceneRoutes<Route>, _: PresentationSlot
    ) {}

    @MainActor
    func namesBatonContextTypes<Key: ContextKey>(
        _: ScreenContext, _: any ContextKey.Type, _: AnyContextKey, _: ContextProperty<Key>, _: any ContextFlag.Type,
        _: any ContextEvent.Type, _: any ContextAction.Type, _: ContextPost<Int>, _: ContextError, _: EventReach,
        _: ChangeBuffering, _: Condition, _: Registration, _: MisuseMode
    ) {}

    @MainActor
    func namesBatonDependencyAndDiagnosticTypes(
        _: DependencyCoordinator, _: DependencyResolver, _: DependencyError, _: ResolverRegistration,
        _: ResolutionRecord, _: Resolved<Int>, _: LostWrite, _: ScreenTaskFailure, _: UnderlyingError,
        _: ScreenWithoutRoute,
        _: TestDefaults, _: DumpFormat,
        _: FlowGraphFormat, _: NavigationEvent, _: NavigationCause, _: NavigationGesture, _: WindowSnapshot
    ) {}

    @MainActor
    func namesBatonAdapterTypes(
        _: ExternalTransition, _: ScreenLifecycle, _: ObservationSupport.Type, _: UIKitEvents.Type,
        _: any UIKitScreen, _: UIKitContainerRole, _: any UIKitTransitionCoordinator, _: any UIKitWindow,
        _: KeyAccess<Int>, _: UIKitNavigation.Type, _: UIKitLaunch.Type, _: RouteDrawings<Int, Int>,
        _: ScreenDrawing<Int, Int>, _: TabLabelDrawing<Int, Int>, _: ScreenDrawingReport
    ) {}

    @MainActor
    func namesBatonKeyPathValueTypes(
        _: ContextValues, _: ContextEntry<Int>, _: ContextEntryPath<Int>, _: any ContextKeyWithDefault.Type
    ) {}

    // MARK: - BatonSwiftUI and BatonUIKit

    @available(iOS 17, *)
    @MainActor
    func namesBatonSwiftUITypes<Key: ContextKey, Route: ScreenRoute>(
        _: ScreenView, _: StackView, _: TabsView, _: HoppingView, _: WindowView, _: ScreenLink<Text>,
        _: ContextValue<Key>, _: ContextRequest<Key>, _: any ScreenStyling,
        _: any ViewScreen, _: ScreenPreview, _: ScreenScene<Route>, _: WindowInspectorView
    ) {}

    @MainActor
    func namesBatonUIKitTypes(
        _: HoppingViewController, _: HopTransition, _: UIKitAdapter.Type, _: any ViewControllerRoute
    ) {}

    // MARK: - A representable in a file that imports Baton

    /// Baton's context type is `ScreenContext`, so Xcode's representable template
    /// (`func makeUIView(context: Context)`) names SwiftUI's `UIViewRepresentableContext`, as in
    /// a file without Baton.
    struct CollisionMapView: UIViewRepresentable {
        let batonContext: ScreenContext

        func makeUIView(context: Context) -> UIView {
            let representable: UIViewRepresentableContext<CollisionMapView> = context
            _ = representable
            return UIView()
        }

        func updateUIView(_ uiView: UIView, context: Context) {}
    }

    @available(iOS 17, *)
    struct CollisionView: View {
        let context: ScreenContext  // Baton's, outside a representable

        var body: some View {
            VStack {
                ScreenLink("Details") { ScreenModel(name: "details") }
                CollisionMapView(batonContext: context)
            }
        }
    }
#endif
