import Baton
import Foundation
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

/// A fresh folder under the system's temporary folder, for one test.
struct TemporaryFolder {
    let path: String

    init() throws {
        let template = NSTemporaryDirectory() + "coordinates-app-tests-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else { throw CocoaError(.fileWriteUnknown) }
        path = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func contents(of name: String) -> String? {
        FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String, to name: String) {
        _ = FileManager.default.createFile(atPath: file(name), contents: Data(text.utf8))
    }

    var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

/// An app on a temporary state file, with the problems it reports collected.
@MainActor
final class AppHarness {
    let folder: TemporaryFolder
    let app: CoordinatesApplication
    private let sink: Sink

    init(state: SavedState? = nil) throws {
        folder = try TemporaryFolder()
        let store = StateStore(path: folder.file("state.json"))
        if let state { try store.save(state) }
        let sink = Sink()
        self.sink = sink
        app = CoordinatesApplication(store: store) { sink.messages.append($0) }
    }

    var reported: [String] { sink.messages }

    /// Launches and, when onboarding shows, continues past it.
    func launchToMain() async {
        await app.launch()
        if app.topScreenName == ScreenID.onboarding { await app.handle(.line("c")) }
    }

    func send(_ lines: String...) async {
        for line in lines { await app.handle(.line(line)) }
    }

    var top: AppScreen? { app.window.topScreen as? AppScreen }

    var plain: String { TextRenderer.plain(app.takeContent()) }

    var transitions: [String] { app.window.transitionLog.map(\.description) }
}

@MainActor
final class Sink {
    var messages: [String] = []
}

extension Coordinate {
    static func at(_ text: String) -> Coordinate { try! Coordinate(parsing: text) }
}

extension SavedState {
    static let paris = SavedState(
        position: .at("48.8584, 2.2945"), target: .at("51.5074 N, 0.1278 W"), hasCompletedOnboarding: true)
}
