/// How a presented screen is shown, and so what happens to the screens under it: a sheet keeps
/// its presenter on screen, a full-screen cover hides it. The presenter chooses it where it
/// presents, as SwiftUI chooses between `sheet(item:)` and `fullScreenCover(item:)` and a UIKit
/// app sets the presented controller's `modalPresentationStyle` per instance
/// (UIViewController.h:268-273 of the iOS 17.0 SDK); without a choice, the presented screen's
/// own ``ScreenModel/presentationStyle`` applies, a sheet unless its type overrides it.
///
/// ```swift
/// try main.present(SortScreen())                          // a sheet: main stays on screen
/// try main.present(TourScreen(), style: .fullScreenCover)  // main will-disappears, then did-disappears
/// ```
///
/// The two styles give the lifecycle of the platforms' own presentations:
///
/// - ``sheet``: UIKit's page and form sheets (what `.automatic`, the default since iOS 13,
///   resolves to for a plain controller: UIViewController.h:270-271), popovers,
///   `.overFullScreen`, `.overCurrentContext` and `UIAlertController`; SwiftUI's `sheet`,
///   `alert`, `confirmationDialog` and `popover`. Their presentation controllers do not remove
///   the presenter's view (`shouldRemovePresentersView` defaults to NO:
///   UIPresentationController.h:104-107), so the presenter gets no disappear callbacks: only the
///   presented screen appears, and dismissing it only makes it disappear.
/// - ``fullScreenCover``: UIKit's `.fullScreen`; SwiftUI's `fullScreenCover`. The presenter's
///   view leaves the window at the end of the presentation, so everything it covers disappears,
///   and reappears when it is dismissed. UIKit's `.currentContext` is neither: it covers only the
///   view of the controller that defines the presentation context (UIViewController.h:214-219),
///   so a tab bar stays visible; Baton has no style for it, and a UIKit window follows UIKit's
///   own callbacks for it.
///
/// A cover presented over a sheet hides every layer under it, the sheet and what the sheet was
/// presented over. This is Baton's choice, not a documented platform behaviour: Apple documents
/// only that the cover removes "the view controller's view we are transitioning from"
/// (UIPresentationController.h:104-107), not what becomes of the views under a sheet. Baton
/// chooses it because a cover is drawn over the whole window, so what it hides cannot be seen
/// and is off screen, and its `whileOnScreen` observers stop. A UIKit window follows the
/// callbacks UIKit sends instead, whichever answer UIKit gives: the layer under the sheet may
/// stay ``ScreenModel/isOnScreen`` there (the UIKit model's tests run under both answers).
///
/// The style is resolved once, when the screen is presented, and recorded with the presentation:
/// a ``ScreenModel/presentationStyle`` that changes while the screen is shown changes nothing
/// until its next presentation. A tree read from a window records a style chosen where the screen
/// was presented (``ScreenTree/presentedStyle``, `presentsAs` in saved text); a restored window
/// presents the screen in it again. An ``AlertScreen`` is always a ``sheet``.
public enum PresentationStyle: Sendable, Hashable {
    /// Shown over its presenter, which stays on screen and gets no callbacks: the default, as
    /// UIKit's `.automatic` (a page sheet) and SwiftUI's `sheet` are.
    ///
    /// ```swift
    /// ScreenModel().presentationStyle   // .sheet
    /// ```
    case sheet
    /// Covers the whole window: the presenter's outermost container, and whatever it is shown
    /// over, disappear until it is dismissed. SwiftUI's `fullScreenCover(item:)` (a sheet on
    /// macOS, which has no covers); UIKit's `.fullScreen`.
    ///
    /// ```swift
    /// try settings.present(TourScreen(), style: .fullScreenCover)
    /// ```
    case fullScreenCover
}
