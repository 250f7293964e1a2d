extension UIKitEvents {
    /// The system's view controllers that rule 1 (make every screen through its route,
    /// ``ScreenWithoutRoute``) never reports, by the name of their class, each with its reason:
    /// none is a screen a user navigates to. Each is a choice, a picker or a composer that hands
    /// its result to the app and ends, or system content the app does not own; a relaunch could
    /// not bring any of them back as it was, so a route could not either. A subclass is exempt as
    /// its class is, and so is every controller inside or presented above one of them (their own
    /// steps, such as a picker's albums).
    ///
    /// ```swift
    /// UIKitEvents.routelessSystemControllers["UIAlertController"]   // "an alert or action sheet: …"
    /// ```
    @_spi(Adapters) public static let routelessSystemControllers: [String: String] = [
        "UIAlertController":
            "an alert or action sheet: a choice that ends when it is dismissed (UIAlertController.h:43)",
        "UIActivityViewController":
            "the share sheet: its handler runs once, after the activity or the dismissal"
            + " (UIActivityViewController.h:21, :29)",
        "UISearchController":
            "presented by its search bar while search is active, not navigated to (UISearchController.h:39-40, :72-73)",
        "UIDocumentPickerViewController":
            "a system picker that hands the documents to its delegate (UIDocumentPickerViewController.h:38, :65)",
        "UIImagePickerController":
            "a system picker that hands the photo to its delegate (UIImagePickerController.h:69, :78)",
        "UIFontPickerViewController":
            "a system picker that hands the font to its delegate (UIFontPickerViewController.h:29, :38)",
        "UIColorPickerViewController":
            "a system picker that hands the colour to its delegate (UIColorPickerViewController.h:43, :45)",
        "PHPickerViewController":
            "the photos picker, which hands the photos to its delegate (PhotosUI, PHPicker.h:229, :240)",
        "UIVideoEditorController":
            "a system editor that hands the video to its delegate (UIVideoEditorController.h:19, :23)",
        "UICloudSharingController":
            "iCloud sharing, which reports to its delegate (UICloudSharingController.h:49, :65)",
        "UIReferenceLibraryViewController":
            "the dictionary's definition of a term, shown over the app (UIReferenceLibraryViewController.h:15)",
        "MFMailComposeViewController":
            "a mail composer that reports to its delegate (MessageUI, MFMailComposeViewController.h:59)",
        "MFMessageComposeViewController":
            "a message composer that reports to its delegate (MessageUI, MFMessageComposeViewController.h:61)",
        "SFSafariViewController":
            "a web page shown by Safari, whose state the app cannot read (SafariServices, SFSafariViewController.h:32)",
    ]

    /// Whether rule 1 (``ScreenWithoutRoute``) lets `controller` be shown without a route: the
    /// app declared it route-less (``UIKitScreen/isRouteless``), its class is one of
    /// ``routelessSystemControllers`` or a subclass of one, or its class is private to Apple's
    /// frameworks (its name starts with an underscore, as UIKit's own machinery's does); or it is
    /// inside, or presented above, a controller for which one of these holds.
    ///
    /// ```swift
    /// UIKitEvents.isRouteless(UIAlertController())   // true
    /// UIKitEvents.isRouteless(ProductViewController())   // false
    /// ```
    ///
    /// - Parameter controller: A controller shown without a route.
    /// - Returns: Whether rule 1 lets it be.
    @_spi(Adapters) public static func isRouteless(_ controller: any UIKitScreen) -> Bool {
        var current: (any Screen)? = controller
        while let screen = current {
            if let model = screen as? ScreenModel {
                if model.isRouteless { return true }
            } else if let shown = screen as? any UIKitScreen {
                if shown.isRouteless { return true }
                if shown.classLineage.contains(where: { $0.hasPrefix("_") || routelessSystemControllers[$0] != nil }) {
                    return true
                }
            }
            // UIKit's presentingViewController is the presentation context, often the root: the
            // controller `present` was called on comes first.
            current =
                screen.parentScreen ?? ExternalTransition.presentationCaller(of: screen) ?? screen.presentingScreen
        }
        return false
    }

    /// Rule 1 for a `setViewControllers(_:animated:)` that keeps its top: no transition shows the
    /// controllers it puts below the top, so they are checked here, once UIKit made the change.
    static func checkScreensPut(below top: any Screen, added: [any Screen], in navigation: any Screen) {
        guard !added.isEmpty, let window = ScreenWindow.containing(navigation),
            let check = RouteCheck.asked(entering: added)
        else { return }
        window.report(ScreenTransition(kind: .setStack, source: top, destination: top), check)
    }
}
