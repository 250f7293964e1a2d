import Baton
import CoordinatesKit
import Foundation

/// Everything the app remembers between launches: the current position, the target and whether the
/// first-run onboarding was completed.
///
/// It is what ``StateStore`` writes as JSON, for example:
///
/// ```swift
/// let state = SavedState(
///     position: try Coordinate(latitude: 48.8584, longitude: 2.2945),
///     target: nil,
///     hasCompletedOnboarding: true)
/// try StateStore(path: "/tmp/state.json").save(state)
/// // {"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":48.8584,"longitude":2.2945}}
/// ```
public struct SavedState: Codable, Hashable, Sendable {
    /// The version of the file format this type writes; files with a larger version are rejected.
    ///
    /// ```swift
    /// SavedState.formatVersion   // 1
    /// ```
    public static let formatVersion = 1

    /// The position shown on the main screen.
    ///
    /// ```swift
    /// SavedState.initial.position.formatted()   // "51.477800° N, 0.001500° W"
    /// ```
    public var position: Coordinate

    /// The point that bearing and distance are measured to, if one was set.
    ///
    /// ```swift
    /// SavedState.initial.target   // nil
    /// ```
    public var target: Coordinate?

    /// Whether the first-run onboarding was completed, so that it is not shown again.
    ///
    /// ```swift
    /// SavedState.initial.hasCompletedOnboarding   // false
    /// ```
    public var hasCompletedOnboarding: Bool

    /// The screens the user was on when the app quit (the window's screen tree), restored at the
    /// next launch; `nil` before the first quit or when the start-up flow had not finished.
    ///
    /// ```swift
    /// state.screens?.json   // {"format":1,"tree":{"route":{"startup":{}},"hop":{…}}}
    /// ```
    public var screens: SavedScreenTree?

    /// Why the saved screens could not be read, when they could not; the rest of the state is
    /// still used.
    ///
    /// ```swift
    /// state.screensProblem   // "The saved screen tree has format 9; this version of Baton reads format 2 and older. …"
    /// ```
    public internal(set) var screensProblem: String?

    /// Fields of the file that this version does not know, written back unchanged on save.
    var unknownFields: [String: JSONValue] = [:]

    /// Makes a state.
    ///
    /// ```swift
    /// let state = SavedState(position: here, target: home, hasCompletedOnboarding: true)
    /// ```
    ///
    /// - Parameters:
    ///   - position: The current position.
    ///   - target: The target, if any.
    ///   - hasCompletedOnboarding: Whether onboarding was completed.
    public init(position: Coordinate, target: Coordinate?, hasCompletedOnboarding: Bool) {
        self.position = position
        self.target = target
        self.hasCompletedOnboarding = hasCompletedOnboarding
    }

    /// The state of a first launch: the Royal Observatory, Greenwich (51.4778° N, 0.0015° W), no target,
    /// onboarding not yet done.
    ///
    /// ```swift
    /// let model = CoordinatesModel(state: .initial)
    /// ```
    public static let initial = SavedState(
        position: try! Coordinate(latitude: 51.4778, longitude: -0.0015), target: nil, hasCompletedOnboarding: false)

    private enum CodingKeys: String, CodingKey {
        case formatVersion
        case position
        case target
        case hasCompletedOnboarding
        case screens
    }

    /// Decodes a state, rejecting files written by a newer version of the app.
    ///
    /// ```swift
    /// let state = try JSONDecoder().decode(SavedState.self, from: data)
    /// ```
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` for a missing or invalid field, or a `formatVersion` above
    ///   ``formatVersion``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .formatVersion)
        guard version <= Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "format version \(version) is newer than this app's \(Self.formatVersion)")
        }
        position = try container.decode(Coordinate.self, forKey: .position)
        target = try container.decodeIfPresent(Coordinate.self, forKey: .target)
        hasCompletedOnboarding = try container.decode(Bool.self, forKey: .hasCompletedOnboarding)
        // Screens that no longer fit never cost the position: the app says so and shows the main screen.
        if container.contains(.screens) {
            do {
                let saved = try container.decode(SavedScreenTree.self, forKey: .screens)
                if let empty = Self.emptyStack(in: saved) {
                    // The app never saves one; showing it is the navigation plan's to refuse or not.
                    screensProblem = "The saved screens hold a stack with no screens (\(empty))."
                } else {
                    screens = saved
                }
            } catch {
                screensProblem = Self.reason(error)
            }
        }
        let everything = try decoder.container(keyedBy: AnyKey.self)
        for key in everything.allKeys where CodingKeys(stringValue: key.stringValue) == nil {
            unknownFields[key.stringValue] = try everything.decode(JSONValue.self, forKey: key)
        }
    }

    /// Encodes the state with its `formatVersion`; a missing target is left out.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(SavedState.initial)
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .formatVersion)
        try container.encode(position, forKey: .position)
        try container.encodeIfPresent(target, forKey: .target)
        try container.encode(hasCompletedOnboarding, forKey: .hasCompletedOnboarding)
        try container.encodeIfPresent(screens, forKey: .screens)
        var everything = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in unknownFields where CodingKeys(stringValue: key) == nil {
            try everything.encode(value, forKey: AnyKey(stringValue: key))
        }
    }
}

extension SavedState {
    /// The route of the first stack in `saved` that holds no screens, or `nil`; `nil` too when
    /// its routes do not all decode (restoring then leaves out what no longer fits).
    static func emptyStack(in saved: SavedScreenTree) -> String? {
        let tree: ScreenTree<Place>
        do {
            tree = try JSONDecoder().decode(ScreenTree<Place>.self, from: Data(saved.json.utf8))
        } catch {
            return nil
        }
        func find(_ node: ScreenTree<Place>) -> String? {
            if case .stack(let screens) = node.content, screens.isEmpty { return String(describing: node.route) }
            for child in node.children {
                if let found = find(child) { return found }
            }
            return node.presented.flatMap(find)
        }
        return find(tree)
    }

    /// A decoding error's own words.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                return context.debugDescription
            @unknown default: break
            }
        }
        return String(describing: error)
    }
}

/// Any field name.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Any JSON value, kept as read so that it can be written back.
enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
