/// How a presented screen is shown, and so what happens to the screens under it: a sheet keeps
/// its presenter on screen, a full-screen cover hides it. A screen declares its style
/// (``ScreenModel/presentationStyle``), as a UIKit controller declares its
/// `modalPresentationStyle` on the presented controller, not the presenter
/// (UIViewController.h:268-273 of the iOS 17.0 SDK).
///
/// ```swift
/// final class TourScreen: ScreenModel {
///     override var presentationStyle: PresentationStyle { .fullScreenCover }
/// }
///
/// try main.present(SortScreen())   // a sheet: main stays on screen, no callbacks
/// try main.present(TourScreen())   // a cover: main will-disappears, then did-disappears
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
/// presented over: Apple documents only that the cover removes "the view controller's view we
/// are transitioning from" (UIPresentationController.h:104-107), not what happens to the views
/// under a sheet, and a cover is drawn over the whole window, so Baton treats what it hides as
/// off screen. A UIKit window follows UIKit's callbacks instead, which may leave the layer under
/// the sheet on screen.
///
/// The style is read once, when the screen is presented: a ``ScreenModel/presentationStyle``
/// that changes while the screen is shown changes nothing until its next presentation. Saving a
/// tree needs no field for it: a restored screen is made by its route, and its type gives the
/// style again. An ``AlertScreen`` is always a ``sheet``.
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
    /// override var presentationStyle: PresentationStyle { .fullScreenCover }
    /// ```
    case fullScreenCover
}
