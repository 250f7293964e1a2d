import Baton
import CoordinatesApp
import CoordinatesKit
import Foundation

@testable import CoordinatesScreens

/// A state file in a fresh folder under the system's temporary folder, for one test.
struct TemporaryStateFile {
    let folder: String
    var path: String { folder + "/state.json" }

    init() {
        folder = NSTemporaryDirectory() + "coordinates-screens-tests-" + UUID().uuidString
        // A folder that cannot be made fails the test that writes into it, naming the path.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    var contents: String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// The folder's file names; none when it is missing (what the tests compare against).
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
}

/// A locator that answers at once, with a fix or an error.
struct FixedLocator: PositionLocator {
    let answer: Result<PositionFix, PositionFixError>
    var name: String { "the test locator" }

    func locate() async throws(PositionFixError) -> PositionFix {
        try answer.get()
    }
}

extension Coordinate {
    /// A coordinate from values known to be valid.
    static func at(_ latitude: Double, _ longitude: Double) -> Coordinate {
        guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
            preconditionFailure("invalid test coordinate \(latitude), \(longitude)")
        }
        return coordinate
    }
}

/// A saved state file's text, as the terminal app writes it.
func savedState(position: (Double, Double), target: (Double, Double)? = nil, onboarded: Bool = true) -> String {
    let target = target.map { #", "target": {"latitude": \#($0.0), "longitude": \#($0.1)}"# } ?? ""
    return
        #"{"formatVersion": 1, "hasCompletedOnboarding": \#(onboarded), "position": {"latitude": \#(position.0), "longitude": \#(position.1)}\#(target)}"#
}
