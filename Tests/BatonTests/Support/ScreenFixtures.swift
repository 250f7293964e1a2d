import Baton

/// A screen that reports its lifecycle callbacks to a closure.
@MainActor
class ProbeScreen: ScreenModel {
    var onLifecycle: ((String) -> Void)?

    override func willAppear() { onLifecycle?("\(screenName).willAppear") }
    override func didAppear() { onLifecycle?("\(screenName).didAppear") }
    override func willDisappear() { onLifecycle?("\(screenName).willDisappear") }
    override func didDisappear() { onLifecycle?("\(screenName).didDisappear") }
}

/// Weak references to screens, to check that dismissed screens are freed.
@MainActor
final class WeakScreens {
    private var references: [() -> AnyObject?] = []

    func track(_ objects: AnyObject...) {
        for object in objects {
            references.append { [weak object] in object }
        }
    }

    var aliveCount: Int { references.filter { $0() != nil }.count }
}

/// A window with lifecycle recording on and a coordinator of its own, visible.
@MainActor
func makeVisibleWindow(root: ScreenModel) throws -> ScreenWindow {
    let window = ScreenWindow()
    window.dependencyCoordinator = DependencyCoordinator(name: "test")
    window.recordsLifecycle = true
    try window.setRoot(root)
    window.makeVisible()
    window.clearLogs()
    return window
}

/// A screen presented as a full-screen cover (``PresentationStyle/fullScreenCover``): what it is
/// presented over disappears.
@MainActor
class CoverScreen: ScreenModel {
    override var presentationStyle: PresentationStyle { .fullScreenCover }
}

/// A screen whose ``ScreenModel/presentationStyle`` depends on state that may change while
/// it is shown (`isCompact ? .fullScreenCover : .sheet`, say).
@MainActor
final class StyleChangingScreen: ScreenModel {
    var style: PresentationStyle
    init(name: String, style: PresentationStyle) {
        self.style = style
        super.init(name: name)
    }
    override var presentationStyle: PresentationStyle { style }
}

/// A ``ProbeScreen`` presented as a full-screen cover.
@MainActor
final class CoverProbeScreen: ProbeScreen {
    override var presentationStyle: PresentationStyle { .fullScreenCover }
}

/// A ``TabScreen`` presented as a full-screen cover.
@MainActor
final class CoverTabScreen: TabScreen {
    override var presentationStyle: PresentationStyle { .fullScreenCover }
}
