@_spi(Adapters) import Baton
import Testing

// A model of SwiftUI's behaviour, for the Linux tests of the decisions BatonSwiftUI leaves to the
// core (Sources/Baton/Adapters/SwiftUIScene.swift, StackScreen+Routes.swift,
// StackScreen+NavigationPath.swift).
//
// Each model type stands for what a BatonSwiftUI view does with SwiftUI, and calls the same core
// entry point with the same arguments, in the order SwiftUI calls the view, by the rule cited
// beside it: a line of the iOS 17.0 SDK's SwiftUI interface (SwiftUI.framework/Modules/
// SwiftUI.swiftmodule/arm64-apple-ios.swiftinterface, "SwiftUI.swiftinterface:N" below) or
// Apple's documentation. Where Apple documents nothing, the rule is a switch of
// `SwiftUIModel.Behaviour`, and the tests run under every setting.

/// SwiftUI behaviours no Apple document settles, one switch each.
struct SwiftUIBehaviour: Sendable, Hashable, CustomTestStringConvertible {
    /// N-E2. On a launch by URL, `onOpenURL` (SwiftUI.swiftinterface:23613) runs before the
    /// window's first `onAppear` (SwiftUI.swiftinterface:3604). Apple documents no order.
    var urlBeforeFirstAppear = false
    /// E7. When the item of a `sheet(item:)` (SwiftUI.swiftinterface:345) changes from one
    /// screen to another, SwiftUI writes `nil` through the binding it read the old item from,
    /// after the new item is shown. Apple documents no such write; it is not ruled out.
    var writesNilForASwappedItem = false
    /// E6. On an interactive swipe back, `NavigationStack(path:)` (SwiftUI.swiftinterface:9420)
    /// writes the shorter path when the swipe starts, and the old path back when the user
    /// releases it halfway. Apple documents only that the path changes when the user goes back.
    var writesPathAtSwipeStart = false
    /// N-B4/N-B8. A `NavigationLink(value:)` whose value's type is not the element type of the
    /// typed path of the enclosing `NavigationStack(path:)` (SwiftUI.swiftinterface:9420), with a
    /// `navigationDestination(for:)` for that type (:1491), shows that destination outside the
    /// path; when false, SwiftUI refuses the link. Apple documents neither.
    var showsOtherLinkValuesOutsideThePath = false
    /// When the user taps an alert's or a dialog's button (SwiftUI.swiftinterface:10878, 6890),
    /// SwiftUI writes `false` to its `isPresented` binding before it runs the button's action.
    /// Apple's documentation of `isPresented` says only: "When the user presses or taps one of
    /// the alert's actions, the system sets this value to `false` and dismisses." It names no
    /// order, nor whether the action runs in the same transaction as the write.
    var clearsAlertBindingBeforeButtonAction = false
    /// How long SwiftUI keeps the data of an alert or dialog it presented with
    /// `alert(_:isPresented:presenting:actions:message:)` (SwiftUI.swiftinterface:10896) or
    /// `confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)` (:6908),
    /// and so the button actions made from it. Apple documents that the presented alert uses the
    /// data it was presented with ("Any changes that you make after the presentation occurs are
    /// ignored": Apple's documentation page of `alert(_:isPresented:presenting:actions:message:)`;
    /// the SDK ships the text in SwiftUI.swiftmodule/arm64-apple-ios.swiftdoc, not in the
    /// interface), so SwiftUI holds it while it may run an action; it documents no
    /// moment at which it lets it go.
    var alertActionsLifetime = AlertActionsLifetime.untilDisappeared

    var testDescription: String {
        "N-E2 \(urlBeforeFirstAppear) E7 \(writesNilForASwappedItem) E6 \(writesPathAtSwipeStart)"
            + " other-type links \(showsOtherLinkValuesOutsideThePath)"
            + " alert binding first \(clearsAlertBindingBeforeButtonAction)"
            + " alert actions kept \(alertActionsLifetime)"
    }

    /// Every combination of the switches that decide an alert's answer: the order of the binding
    /// write and the action, and how long SwiftUI keeps the presented alert's actions. (``all``
    /// leaves the lifetime at its default: no test it runs draws an alert.)
    static let alertBehaviours: [SwiftUIBehaviour] = [false, true].flatMap { bindingFirst in
        AlertActionsLifetime.allCases.map { lifetime in
            SwiftUIBehaviour(clearsAlertBindingBeforeButtonAction: bindingFirst, alertActionsLifetime: lifetime)
        }
    }

    /// Every combination of the switches.
    static let all: [SwiftUIBehaviour] = [false, true].flatMap { url in
        [false, true].flatMap { swap in
            [false, true].flatMap { swipe in
                [false, true].flatMap { other in
                    [false, true].map { alert in
                        SwiftUIBehaviour(
                            urlBeforeFirstAppear: url, writesNilForASwappedItem: swap, writesPathAtSwipeStart: swipe,
                            showsOtherLinkValuesOutsideThePath: other, clearsAlertBindingBeforeButtonAction: alert)
                    }
                }
            }
        }
    }
}

/// How long SwiftUI keeps the data, and the button actions made from it, of an alert it
/// presented: until the alert has disappeared (after the action of a tapped button), until the
/// presenter's first body after that, until the presenter shows its next alert, or for as long
/// as the presenter's view lives.
enum AlertActionsLifetime: CaseIterable, Sendable, Hashable {
    case untilDisappeared, untilNextBody, untilNextAlert, forever
}

/// One scene of `WindowGroup { ScreenScene(root:links:) }`, or of a view with
/// `WindowView(window).routes(root:links:savedIn:)` (Sources/BatonSwiftUI/WindowRoutes.swift).
///
/// Rules:
/// - SwiftUI evaluates a view's body, and a modifier's `body(content:)`, to make the view, before
///   the view appears (`View.body`, SwiftUI.swiftinterface:24454; `ViewModifier.body(content:)`,
///   :3144-3150; appearance is a separate event, `onAppear`, :3604).
///   `WindowRoutes.body(content:)` makes the scene's `SceneRoutes` then, once per `@State` box.
/// - `WindowView`'s content is a `ZStack`, one view whatever it holds
///   (SwiftUI.swiftinterface:22539-22546, `_makeView`), with `Color.clear` while the window shows
///   nothing: `onAppear`, `onOpenURL` and `onChange` on it always run. (A `Group` is only the list
///   of its members, SwiftUI.swiftinterface:23870-23885 `_makeViewList`, and `onAppear` applies
///   per member, :3584-3593; an empty `Group` gets none of them: N-A1.)
/// - `@SceneStorage` (SwiftUI.swiftinterface:17937) is read when the body is made and keeps what
///   was written for the next launch of the same scene.
/// - `scenePhase` (SwiftUI.swiftinterface:5484) changes to `.inactive` and `.background` when the
///   scene leaves the foreground; `onChange(of:)` calls the action with the new value.
@MainActor
final class ModelScene<Route: ScreenRoute> {
    let root: Route
    let links: ScreenLinks<Route>?
    /// The scene's `@SceneStorage` value.
    var storage: String?
    /// What `onFailure` received, as descriptions.
    private(set) var failures: [String] = []
    private let makeWindow: () -> ScreenWindow
    /// The `@State` box of `WindowRoutes`.
    private var scene: SceneRoutes<Route>?

    init(
        root: Route, links: ScreenLinks<Route>?, storage: String? = nil,
        window: @escaping () -> ScreenWindow = { ScreenWindow() }
    ) {
        self.root = root
        self.links = links
        self.storage = storage
        self.makeWindow = window
    }

    /// The window, once the body made it.
    var window: ScreenWindow? { scene?.window }

    /// SwiftUI makes the view: `ScreenScene.body` and `WindowRoutes.body(content:)`.
    func makeBody() {
        guard scene == nil else { return }
        scene = SceneRoutes(window: makeWindow(), root: root, links: links, restoring: storage) { [weak self] error in
            self?.failures.append(error.description)
        }
    }

    /// `onAppear` on the window's content.
    func appear() {
        makeBody()
        scene?.appeared()
    }

    /// SwiftUI draws the `navigationDestination(for: Route.self)` that `WindowRoutes` gives every
    /// stack below it, for a route value the app's own `NavigationLink(value:)` put there.
    func navigationDestination(for route: Route, in stack: StackScreen) {
        makeBody()
        scene?.navigationLinkReached(route, in: stack)
    }

    /// `onOpenURL` on the window's content.
    func openURL(_ url: String) {
        makeBody()
        scene?.open(url)
    }

    /// `onChange(of: scenePhase)`.
    func phase(active: Bool) {
        makeBody()
        scene?.phaseChanged(isActive: active) { [weak self] saved in self?.storage = saved }
    }

    /// A launch: the body is made, then the first appearance and the URL that launched the app
    /// (if any) arrive in the order `behaviour` says.
    func launch(url: String? = nil, _ behaviour: SwiftUIBehaviour) {
        makeBody()
        if let url, behaviour.urlBeforeFirstAppear { openURL(url) }
        appear()
        if let url, !behaviour.urlBeforeFirstAppear { openURL(url) }
    }
}

/// The sheet of a `ScreenView` (`PresentationHost` in Sources/BatonSwiftUI/ScreenView.swift):
/// `sheet(item:)` (SwiftUI.swiftinterface:345) with a binding whose getter returns the item read
/// when the body was made and whose setter calls `followPresentation(_:shown:)`.
///
/// Rules:
/// - The binding SwiftUI writes through is the one of the body it last drew (a `Binding` is a
///   value made by that body).
/// - A swipe down, and `DismissAction` in the sheet, write `nil` through it: SwiftUI sets the item
///   back to `nil` when the sheet is dismissed (Apple's documentation of `sheet(item:onDismiss:content:)`,
///   https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)).
/// - E7: a swapped item may also be written `nil` (a switch).
@MainActor
final class ModelSheet {
    let presenter: ScreenModel
    private var shown: ScreenIdentity?

    init(presenter: ScreenModel) {
        self.presenter = presenter
        shown = presenter.presentedIdentity
    }

    /// The body runs again: the binding now holds what the presenter presents.
    func redraw(_ behaviour: SwiftUIBehaviour) {
        let old = shown
        let new = presenter.presentedIdentity
        if behaviour.writesNilForASwappedItem, let old, let new, old != new {
            presenter.followPresentation(nil, shown: old)
        }
        shown = presenter.presentedIdentity
    }

    /// The user swipes the sheet down.
    func swipeDown() {
        presenter.followPresentation(nil, shown: shown)
    }
}

/// The `NavigationStack(path:)` of a `StackView` (Sources/BatonSwiftUI/StackView.swift), the one
/// view of every stack, routed or not: its path is the stack's screens above the root as items
/// (each the identity of one screen object, holding the screen), read when the body is made; its
/// setter calls `followNavigationPath(_:)` with the items' identities; its only
/// `navigationDestination(for:)` is for the items, and draws
/// `destination(for:holding:)`. A `ScreenLink`, to a screen or to a route, is a
/// `NavigationLink(value:)` of the link's item.
///
/// Rules:
/// - A `NavigationLink(value:)` whose value has the path's element type appends it to the path
///   (Apple's documentation of `NavigationStack`: a stack bound to a collection updates it as the
///   user navigates, https://developer.apple.com/documentation/swiftui/navigationstack; the
///   initializer, SwiftUI.swiftinterface:9420-9422).
/// - The back button and a completed swipe back write the path without its last item
///   (SwiftUI.swiftinterface:9420; the same documentation says the stack updates a bound path as
///   the user navigates back).
/// - E6: when the path is written during a swipe (a switch).
/// - A link whose value is of another type than the path's elements (the app's own
///   `NavigationLink(value: route)`): with no `navigationDestination(for:)` for that type in the
///   stack, the link does nothing (Apple's documentation of `NavigationLink.init(_:value:)`: "In
///   other cases, the link doesn't do anything"). With the app's own destination for it, a
///   typed path cannot hold it (SwiftUI.swiftinterface:9420 binds `Binding<Data>`); whether SwiftUI
///   then shows the destination outside the path or refuses is a switch.
@MainActor
final class ModelStackView {
    let stack: StackScreen
    let behaviour: SwiftUIBehaviour
    /// The path as SwiftUI holds it: the items' identities and the screens they hold.
    private var items: [(id: ScreenIdentity, screen: ScreenModel?)]

    init(stack: StackScreen, _ behaviour: SwiftUIBehaviour = SwiftUIBehaviour()) {
        self.stack = stack
        self.behaviour = behaviour
        items = []
        redraw()
    }

    /// The path as SwiftUI holds it.
    var path: [ScreenIdentity] { items.map(\.id) }
    /// What each element of the path draws.
    var drawn: [ScreenModel?] { items.map { stack.destination(for: $0.id, holding: $0.screen) } }

    /// The body runs again.
    func redraw() {
        items = stack.screens.dropFirst().map { (ScreenIdentity($0), $0) }
    }

    /// The user taps `ScreenLink(value: route)`: SwiftUI appends the link's item.
    func tapLink<Route: ScreenRoute>(to route: Route) {
        tap(ScreenLinkRequest(route: route))
    }

    /// The user taps a `ScreenLink`: SwiftUI appends the link's item.
    func tap(_ link: ScreenLinkRequest) {
        stack.followNavigationPath(path + [link.identity])
        redraw()
    }

    /// The user taps the app's own `NavigationLink(value: route)` in a stack of a scene with
    /// `routes(root:links:...)`, which gives every stack a `navigationDestination(for: Route.self)`
    /// drawing nothing but reporting the link (`SceneRoutes.navigationLinkReached(_:in:)`).
    func tapNavigationLink<Route: ScreenRoute>(value route: Route, in scene: ModelScene<Route>) {
        guard behaviour.showsOtherLinkValuesOutsideThePath else { return }
        scene.navigationDestination(for: route, in: stack)
    }

    /// The user swipes back from the top screen and either completes the swipe or releases it
    /// halfway.
    func swipeBack(completes: Bool, _ behaviour: SwiftUIBehaviour) {
        let full = path
        let shorter = Array(full.dropLast())
        if behaviour.writesPathAtSwipeStart {
            stack.followNavigationPath(shorter)
            if !completes { stack.followNavigationPath(full) }
        } else if completes {
            stack.followNavigationPath(shorter)
        }
        redraw()
    }

    /// As ``swipeBack(completes:_:)``, under the view's behaviour.
    func swipeBack(completes: Bool) { swipeBack(completes: completes, behaviour) }
}

/// The presentations of a `ScreenView` (`PresentationHost` and `AlertHost` in
/// Sources/BatonSwiftUI/ScreenView.swift): a `sheet(item:)` (SwiftUI.swiftinterface:345), a
/// `fullScreenCover(item:)` where the platform has covers, and an `alert`/`confirmationDialog`
/// with `presenting:` data (:10896, :6908), each with a binding that shows the presented screen
/// only in the slot `presentationSlot(coversAvailable:)` gives from the style the screen was
/// presented with.
///
/// Rules:
/// - A modifier shows its content while its binding's item is non-nil (or `true`); each binding
///   is read when the body is made. The body runs again when what it read changes: the
///   presented screen, and what the alert's binding reads.
/// - A swipe down writes `nil` through the binding of the sheet shown (Apple's documentation of
///   `sheet(item:onDismiss:content:)`).
/// - An alert appears when its binding reads `true` and its data is not `nil`; the data is the
///   alert's `presence()`, and a button's action is made from the data the alert was presented
///   with, whatever later bodies pass ("For the alert to appear, both `isPresented` must be `true`
///   and `data` must not be `nil`. The data should not change after the presentation occurs. Any
///   changes that you make after the presentation occurs are ignored.": Apple's documentation page
///   of `alert(_:isPresented:presenting:actions:message:)`, whose text the SDK ships in
///   SwiftUI.swiftmodule/arm64-apple-ios.swiftdoc). A tap runs
///   `presence.tap(at:)` on that data.
/// - A tap on an alert's button runs its action and dismisses the alert, writing `false` to the
///   binding (Apple's documentation of `isPresented`: "When the user presses or taps one of the
///   alert's actions, the system sets this value to `false` and dismisses."); the order is a
///   switch, and the action may come in a later transaction than the write, after the body SwiftUI
///   runs for the write. A tap outside a dialog writes `false` alone.
/// - How long SwiftUI keeps a presented alert's data, and so its actions, is a switch
///   (`AlertActionsLifetime`): Apple documents none.
@MainActor
final class ModelPresentationHost {
    let presenter: ScreenModel
    let coversAvailable: Bool
    let behaviour: SwiftUIBehaviour
    /// What each slot's binding shows, as its getter returns it.
    private(set) var shown: [PresentationSlot: ScreenIdentity] = [:]
    /// The alert the last body read.
    private var alert: AlertScreen?
    /// The data of the alert SwiftUI shows, from the body that showed it.
    private var shownAlertData: AlertPresence?
    /// The data of the alerts SwiftUI presented and still keeps, each with whether it disappeared.
    private var keptAlertData: [(data: AlertPresence, disappeared: Bool)] = []
    /// What the last body read: the presented screen and whether the alert's binding read `true`.
    private var lastBody: (presented: ScreenIdentity?, alertShown: Bool)?

    init(presenter: ScreenModel, coversAvailable: Bool = true, _ behaviour: SwiftUIBehaviour) {
        self.presenter = presenter
        self.coversAvailable = coversAvailable
        self.behaviour = behaviour
        redraw()
    }

    /// How many presented alerts' data SwiftUI still keeps.
    var keptAlertCount: Int { keptAlertData.count }

    /// The body runs again.
    func redraw() {
        let slot = presenter.presentationSlot(coversAvailable: coversAvailable)
        shown = [:]
        alert = nil
        var data: AlertPresence?
        if let slot, let identity = presenter.presentedIdentity {
            if slot == .alert {
                let presented = presenter.presentedScreen as? AlertScreen
                alert = presented
                // The alert binding's getter, and the `presenting:` data.
                data = presented?.presence()
                if presented?.isShownByFramework == true, data != nil { shown[slot] = identity }
            } else {
                shown[slot] = identity
            }
        }
        lastBody = (presenter.presentedIdentity, shown[.alert] != nil)
        if behaviour.alertActionsLifetime == .untilNextBody { keptAlertData.removeAll { $0.disappeared } }
        // SwiftUI presents an alert with the data of the body that shows it.
        if shownAlertData == nil, shown[.alert] != nil, let data {
            if behaviour.alertActionsLifetime == .untilNextAlert { keptAlertData.removeAll() }
            shownAlertData = data
            keptAlertData.append((data, false))
        }
    }

    /// The body runs again if what it read changed.
    private func redrawIfChanged() {
        let alertShown = (presenter.presentedScreen as? AlertScreen)?.isShownByFramework == true
        guard lastBody?.presented != presenter.presentedIdentity || lastBody?.alertShown != alertShown else { return }
        redraw()
    }

    /// The user swipes down the sheet or cover shown in `slot`.
    func swipeDown(_ slot: PresentationSlot) {
        presenter.followPresentation(nil, shown: shown[slot])
        redraw()
    }

    /// The user taps the alert's button at `index`, in the order the behaviour says, and the
    /// alert disappears.
    func tapAlertButton(at index: Int) {
        guard let alert, let data = shownAlertData else { return }
        if behaviour.clearsAlertBindingBeforeButtonAction {
            alert.followShown(false)
            redrawIfChanged()
            data.tap(at: index)
        } else {
            data.tap(at: index)
            alert.followShown(false)
        }
        redrawIfChanged()
        alertDisappears()
    }

    /// The user taps the alert's button at `index`; SwiftUI writes `false` first and runs the
    /// body for it, then runs the action in a later transaction, and the alert disappears.
    ///
    /// Nothing of Baton's waits on the main actor between the two: the write and the release of
    /// the alert's data decide synchronously and schedule no work (the tests of a dismissal
    /// without a button check that its answer is there with no await), so the body is all that
    /// can run in between, with what app code does in that gap (the form with `meanwhile`).
    func tapAlertButtonInALaterTransaction(at index: Int) {
        tapAlertButtonInALaterTransaction(at: index) {}
    }

    /// As ``tapAlertButtonInALaterTransaction(at:)``, running `meanwhile` (app code) after the
    /// body and before the action.
    func tapAlertButtonInALaterTransaction(at index: Int, meanwhile: () throws -> Void) rethrows {
        guard let alert, let data = shownAlertData else { return }
        alert.followShown(false)
        redrawIfChanged()
        try meanwhile()
        data.tap(at: index)
        redrawIfChanged()
        alertDisappears()
    }

    /// The user taps outside a confirmation dialog: SwiftUI writes `false`, runs the body for it,
    /// and the dialog disappears.
    func tapOutsideTheAlert() {
        guard let alert, shownAlertData != nil else { return }
        alert.followShown(false)
        redrawIfChanged()
        alertDisappears()
    }

    /// SwiftUI runs the action at `index` made from the data of an alert it still keeps that
    /// has disappeared, if any.
    func runKeptAction(at index: Int) {
        keptAlertData.first { $0.disappeared }?.data.tap(at: index)
    }

    /// The alert SwiftUI showed is gone: it lets its data go if the lifetime says so, and the
    /// body runs again if what it reads changed.
    private func alertDisappears() {
        guard let index = keptAlertData.firstIndex(where: { $0.data === shownAlertData }) else { return }
        shownAlertData = nil
        keptAlertData[index].disappeared = true
        if behaviour.alertActionsLifetime == .untilDisappeared { keptAlertData.remove(at: index) }
        redrawIfChanged()
    }
}

/// The route registrations of a scene and the views below them (Sources/BatonSwiftUI/RouteScreens.swift,
/// ScreenView.swift, StackView.swift), with strings for views: `View.screen(_:content:)` and
/// `View.screen(for:content:)` are a `RouteRegistration` modifier each, which adds to the
/// registrations it reads from the environment with the core's `registering`; `ScreenView` draws
/// the core's `drawing(of:ownView:hasScreenContent:)` choice and `TabsView` its
/// `tabLabel(of:ownLabel:)` choice.
///
/// Rules:
/// - A modifier's `body(content:)` reads the environment its container gives it and passes a
///   changed copy to its content (`ViewModifier.body(content:)`, SwiftUI.swiftinterface:3144-3150;
///   `View.environment(_:_:)`, :7450): in `view.screen(a).screen(b)`, `b` is the outer modifier,
///   so `a` reads what `b` registered and its registration is the inner one. The model registers
///   outer first.
/// - `onAppear` (SwiftUI.swiftinterface:3604) runs its action when the view appears: the
///   registration's duplicate report, and the report of a screen drawn as its name, are sent then.
@MainActor
struct ModelRouteScreens {
    typealias Drawings = RouteDrawings<@MainActor (ScreenModel) -> String, String>

    private(set) var drawings = Drawings()
    /// The reports of duplicates, one per registration, sent when the scene appears.
    private var duplicates: [ScreenDrawingReport] = []
    /// `screenContent(_:)`, when the app gave one.
    var screenContent: ((ScreenModel) -> String)?

    /// `.screen(route, tabLabel:) { … }`, inside the registrations written before.
    mutating func screen<Route: ScreenRoute>(
        _ route: Route, tabLabel: String? = nil, content: @escaping @MainActor (ScreenModel) -> String
    ) {
        add(drawings.registering(route, content: content, tabLabel: tabLabel))
    }

    /// `.screen(for: Route.self, tabLabel:) { route, screen in … }`, inside the registrations
    /// written before.
    mutating func screen<Route: ScreenRoute>(
        for type: Route.Type, tabLabel: @escaping @MainActor (Route) -> String? = { _ in nil },
        content: @escaping @MainActor (Route, ScreenModel) -> String
    ) {
        add(drawings.registering(for: type, content: { route in { content(route, $0) } }, tabLabel: tabLabel))
    }

    private mutating func add(_ registered: (drawings: Drawings, duplicate: ScreenDrawingReport?)) {
        drawings = registered.drawings
        if let duplicate = registered.duplicate { duplicates.append(duplicate) }
    }

    /// The scene's content appears: each registration's `onAppear` sends its duplicate's report.
    func appear() {
        for duplicate in duplicates { duplicate.send() }
    }

    /// What `ScreenView(screen)` draws, described, once it appears (a screen drawn as its name
    /// sends its report then). A `ModelViewScreen`'s body is its own view.
    func draw(_ screen: ScreenModel) -> String {
        let drawing = drawings.drawing(
            of: screen, ownView: { ($0 as? any ModelViewScreen)?.body }, hasScreenContent: screenContent != nil)
        switch drawing {
        case .stack(let stack): return "StackView(\(stack.screenName))"
        case .tabs(let tabs): return "TabsView(\(tabs.screenName))"
        case .hopping(let hopping): return "HoppingView(\(hopping.screenName))"
        case .ownView(let body): return "body: \(body)"
        case .route(let content): return "route: \(content(screen))"
        case .screenContent: return "screenContent: \(screenContent?(screen) ?? "")"
        case .name(let name, let report):
            report?.send()
            return "Text(\(name))"
        }
    }

    /// The label `TabsView` gives the tab of `tab`. A `ModelViewScreen`'s label is its own.
    func tabLabel(of tab: ScreenModel) -> String {
        switch drawings.tabLabel(of: tab, ownLabel: { ($0 as? any ModelViewScreen)?.tabLabel }) {
        case .own(let label): "own: \(label)"
        case .route(let label): "route: \(label)"
        case .name(let name): "Text(\(name))"
        }
    }
}

/// A `ViewScreen` (and so a `ScreenStyling`) of the model: its body and tab label are strings.
@MainActor
protocol ModelViewScreen: ScreenModel {
    var body: String { get }
    var tabLabel: String { get }
}
