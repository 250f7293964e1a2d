// libFuzzer entry point for restoring saved screen trees: any text, read as a saved tree, restored
// into an empty window and over a window already showing a tree.
//
// Built by Fuzz/run-fuzzer.sh together with Sources/Baton/**/*.swift into one module, so Baton's internal
// declarations are visible without an import.

/// Routes of every shape a tree has: plain screens, stacks, tab containers (whose tabs are in
/// the route, as an app's are) and start-up flows.
indirect enum RestoreRoute: ScreenRoute {
    case screen(String)
    case stack(String)
    case tabs(String, [RestoreRoute])
    case hop(String)

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .screen(let name):
            // A factory that fails for some routes, as an app's does for data that is gone.
            if name == "gone" { throw Gone() }
            return ScreenModel(name: name)
        case .stack(let name): return StackScreen(name: name)
        case .tabs(let name, let tabs): return try TabScreen(tabs: tabs.map { try $0.screen() }, name: name)
        case .hop(let name): return HoppingScreen(name: name, registry: ScreenRegistry())
        }
    }

    struct Gone: Error, CustomStringConvertible {
        var description: String { "gone" }
    }
}

/// A tree shown before some restorations, so that restoring replaces, keeps and pops screens.
/// Made for each input: a global would be reported as a leak when the fuzzer exits.
func shownTree() -> ScreenTree<RestoreRoute> {
    .tabs(
        .tabs("main", [.stack("feed"), .screen("settings")]),
        [
            .stack(
                .stack("feed"),
                [ScreenTree(.screen("list")), ScreenTree(.screen("item"), presenting: ScreenTree(.screen("share")))]),
            ScreenTree(.screen("settings")),
        ],
        selected: 0)
}

/// Feeds arbitrary bytes, decoded as UTF-8 with replacement characters, to `SavedScreenTree(json:)`
/// and `restoreScreenTree(_:as:)`.
///
/// Errors are fine and must describe themselves. Restoring never traps; whatever was restored
/// saves, and the saved text reads back to the same value. Any violation traps.
///
/// ```swift
/// // Run through libFuzzer: Fuzz/run-fuzzer.sh 300 restore
/// ```
///
/// - Parameters:
///   - data: The input bytes.
///   - size: The number of bytes.
/// - Returns: Always 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    MainActor.assumeIsolated { restore(text) }
    return 0
}

@MainActor func restore(_ text: String) {
    let saved: SavedScreenTree
    do {
        saved = try SavedScreenTree(json: text)
    } catch {
        precondition(!error.description.isEmpty, "empty error for \(text.debugDescription)")
        return
    }
    let empty = ScreenWindow()
    empty.makeVisible()
    check(empty, restoring: saved, from: text)
    let shown = ScreenWindow()
    shown.makeVisible()
    do {
        try shown.navigate(to: shownTree())
    } catch {
        preconditionFailure("the shown tree cannot be shown: \(error)")
    }
    check(shown, restoring: saved, from: text)
}

@MainActor func check(_ window: ScreenWindow, restoring saved: SavedScreenTree, from text: String) {
    do {
        for part in try window.restoreScreenTree(saved, as: RestoreRoute.self) {
            precondition(!part.description.isEmpty, "empty report for \(text.debugDescription)")
        }
    } catch {
        precondition(!error.description.isEmpty, "empty error for \(text.debugDescription)")
    }
    // Whatever the window shows now saves, and its text reads back to the same value.
    do {
        guard let again = try window.saveScreenTree(RestoreRoute.self) else { return }
        let read = try SavedScreenTree(json: again.json)
        precondition(read == again, "\(again.json.debugDescription) does not read back")
    } catch {
        preconditionFailure("the restored window of \(text.debugDescription) does not save: \(error)")
    }
}
