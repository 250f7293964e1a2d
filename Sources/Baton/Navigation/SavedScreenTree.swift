/// A window's screen tree as saved for state restoration: format-versioned JSON that is read
/// without knowing the routes, so that restoring it keeps whatever part still fits.
///
/// Store it where the app keeps its state: as JSON text (``json``, for `@SceneStorage` or a user
/// activity), or as a `Codable` value inside the app's own saved state.
///
/// ```swift
/// let saved = try window.saveScreenTree(AppRoute.self)       // when the app goes to the background
/// storage = saved?.json
/// // next launch:
/// if let json = storage, let saved = try? SavedScreenTree(json: json) {
///     try window.restoreScreenTree(saved, as: AppRoute.self)
/// }
/// ```
public struct SavedScreenTree: Hashable, Sendable, Codable, CustomStringConvertible {
    let value: JSONValue

    /// The format this saved tree was written in (1 for this version of Baton).
    ///
    /// ```swift
    /// saved.format   // 1
    /// ```
    public var format: Int {
        guard case .number(let text)? = value["format"], let format = Int(text) else { return 0 }
        return format
    }

    /// Saves a tree.
    ///
    /// ```swift
    /// let saved = try SavedScreenTree(ScreenTree.stack(.feed, [.list, .item(id: 42)]))
    /// ```
    ///
    /// - Parameter tree: The tree.
    /// - Throws: ``NavigationError/unreadable(reason:)`` when a route cannot be encoded (a
    ///   `Double.nan` in it, say).
    public init<Route: ScreenRoute>(_ tree: ScreenTree<Route>) throws(NavigationError) {
        do {
            value = try JSONValueCoding.encode(tree)
        } catch {
            throw .unreadable(reason: "a route cannot be saved: \(error)")
        }
    }

    /// Reads a saved tree from its JSON text.
    ///
    /// ```swift
    /// let saved = try SavedScreenTree(json: #"{"format":1,"tree":{"route":{"feed":{}}}}"#)
    /// ```
    ///
    /// - Parameter json: Text from ``json``.
    /// - Throws: ``NavigationError/unreadable(reason:)`` for text that is not a saved tree (not
    ///   JSON, truncated, no format), ``NavigationError/unsupportedFormat(found:supported:)`` for a
    ///   format newer than this version of Baton reads.
    public init(json: String) throws(NavigationError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: json)
        } catch {
            throw .unreadable(reason: error.description)
        }
        try self.init(checking: value)
    }

    private init(checking value: JSONValue) throws(NavigationError) {
        guard case .number(let text)? = value["format"], let format = Int(text) else {
            throw .unreadable(reason: "it has no format number")
        }
        guard format <= ScreenTreeFormat.current, format >= 1 else {
            throw .unsupportedFormat(found: format, supported: ScreenTreeFormat.current)
        }
        guard value["tree"] != nil else { throw .unreadable(reason: "it has no tree") }
        self.value = value
    }

    /// The JSON text, compact.
    ///
    /// ```swift
    /// UserDefaults.standard.set(saved.json, forKey: "screens")
    /// ```
    public var json: String { value.text }

    /// The JSON text.
    ///
    /// ```swift
    /// print(saved)   // {"format":1,"tree":{…}}
    /// ```
    public var description: String { json }

    /// Encodes the saved tree as the JSON value it is.
    ///
    /// ```swift
    /// struct AppState: Codable { var position: Coordinate; var screens: SavedScreenTree? }
    /// ```
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try AnyJSON(value).encode(to: encoder)
    }

    /// Decodes a saved tree from any decoder, without reading its routes.
    ///
    /// ```swift
    /// let state = try JSONDecoder().decode(AppState.self, from: data)
    /// ```
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not a saved tree of a format this version reads.
    public init(from decoder: any Decoder) throws {
        let value = try AnyJSON(from: decoder).value
        do {
            try self.init(checking: value)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Whether two saved trees hold the same value, whatever the order of their objects' keys
    /// (coders do not keep it).
    ///
    /// ```swift
    /// try JSONDecoder().decode(SavedScreenTree.self, from: JSONEncoder().encode(saved)) == saved   // true
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: A saved tree.
    ///   - rhs: Another.
    /// - Returns: Whether they are equal.
    public static func == (lhs: SavedScreenTree, rhs: SavedScreenTree) -> Bool {
        lhs.value.keysSorted == rhs.value.keysSorted
    }

    /// Hashes the value as `==` compares it.
    ///
    /// ```swift
    /// Set([saved, decoded]).count   // 1
    /// ```
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value.keysSorted)
    }

    /// The tree, keeping the part that still decodes, and what was left out.
    func validPart<Route: ScreenRoute>(as type: Route.Type) -> (tree: ScreenTree<Route>?, dropped: [NavigationError]) {
        var dropped: [NavigationError] = []
        let tree = value["tree"].flatMap { ScreenTree<Route>.validPart(of: $0, at: "", dropped: &dropped) }
        return (tree, dropped)
    }
}

extension JSONValue {
    /// The value with every object's members in key order.
    fileprivate var keysSorted: JSONValue {
        switch self {
        case .array(let values): .array(values.map(\.keysSorted))
        case .object(let members):
            .object(members.map { Member(key: $0.key, value: $0.value.keysSorted) }.sorted { $0.key < $1.key })
        default: self
        }
    }
}

/// Any JSON value through any coder.
private struct AnyJSON: Codable {
    let value: JSONValue
    init(_ value: JSONValue) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let integer = Int64(text) {
                try container.encode(integer)
            } else if let double = Double(text) {
                try container.encode(double)
            } else {
                try container.encode(text)
            }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(AnyJSON(value)) }
        case .object(let members):
            var container = encoder.container(keyedBy: JSONKey.self)
            for member in members {
                try container.encode(AnyJSON(member.value), forKey: JSONKey(stringValue: member.key))
            }
        }
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: JSONKey.self) {
            var members: [JSONValue.Member] = []
            for key in container.allKeys {
                members.append(
                    JSONValue.Member(key: key.stringValue, value: try container.decode(AnyJSON.self, forKey: key).value)
                )
            }
            // Coders do not keep key order: a stable order keeps saved trees comparable.
            value = .object(members.sorted { $0.key < $1.key })
        } else if var container = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !container.isAtEnd { values.append(try container.decode(AnyJSON.self).value) }
            value = .array(values)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else if let integer = try? container.decode(Int64.self) {
                value = .number(String(integer))
            } else if let double = try? container.decode(Double.self), double.isFinite {
                value = .number(String(double))
            } else {
                value = .string(try container.decode(String.self))
            }
        }
    }
}

extension ScreenWindow {
    // MARK: - Saving and restoring

    /// Saves the window's screen tree, for state restoration; `nil` for a window without a root.
    ///
    /// ```swift
    /// @SceneStorage("screens") private var screens: String?
    /// screens = try window.saveScreenTree(AppRoute.self)?.json
    /// ```
    ///
    /// - Parameter type: The app's route type.
    /// - Returns: The saved tree.
    /// - Throws: ``NavigationError/screensWithoutRoute(_:routeType:)`` naming every screen without
    ///   a route, ``NavigationError/unreadable(reason:)`` when a route cannot be encoded.
    public func saveScreenTree<Route: ScreenRoute>(_ type: Route.Type) throws(NavigationError) -> SavedScreenTree? {
        // Not `Optional.map`: a typed-throws closure as its argument does not type-check against the
        // iOS 17 SDK's standard library.
        guard let tree = try screenTree(type) else { return nil }
        return try SavedScreenTree(tree)
    }

    /// Restores a saved screen tree, keeping every part that still fits: a part whose route no
    /// longer decodes, whose screen can no longer be made, or which cannot be shown where it was,
    /// is left out (a stack keeps the screens below it, a container keeps what it shows) and
    /// reported; the rest is assigned as ``navigate(to:)`` assigns a tree.
    ///
    /// ```swift
    /// let dropped = try window.restoreScreenTree(saved, as: AppRoute.self)
    /// for part in dropped { log(part.description) }   // Left out main > feed[1]: …
    /// ```
    ///
    /// - Parameters:
    ///   - saved: The saved tree.
    ///   - type: The app's route type.
    /// - Returns: What was left out, as ``NavigationError/dropped(path:reason:)`` values; empty
    ///   when the whole tree was restored.
    /// - Throws: The ``NavigationError`` of the root when not even the root can be restored;
    ///   nothing changed then.
    @discardableResult
    public func restoreScreenTree<Route: ScreenRoute>(_ saved: SavedScreenTree, as type: Route.Type)
        throws(NavigationError) -> [NavigationError]
    {
        try NavigationContext.with(.restoration) { () throws(NavigationError) in
            try restoreCaused(saved, as: type)
        }
    }

    private func restoreCaused<Route: ScreenRoute>(_ saved: SavedScreenTree, as type: Route.Type)
        throws(NavigationError) -> [NavigationError]
    {
        let (tree, dropped) = saved.validPart(as: type)
        guard let tree else {
            let error = dropped.first ?? .unreadable(reason: "it has no tree")
            if observesNavigation {
                emit(NavigationWatch().navigation(to: "a saved tree", outcome: .failed(error.description)))
            }
            throw error
        }
        let request = "restoration of \(tree)"
        if deferNavigation(
            request,
            { [weak self] () throws(NavigationError) in
                _ = try self?.restoreNow(tree, dropped: dropped)
            })
        {
            return dropped
        }
        return try TransitionEngine.exclusively(while: request) { () throws(NavigationError) in
            try restoreNow(tree, dropped: dropped)
        }
    }

    /// Assigns `tree`, leaving out each part that fails, until the rest is shown.
    private func restoreNow<Route: ScreenRoute>(_ tree: ScreenTree<Route>, dropped: [NavigationError])
        throws(NavigationError) -> [NavigationError]
    {
        let watch = observesNavigation ? NavigationWatch() : nil
        var waitsFor: String?
        do {
            let result = try ScreenTree.assignValidPart(of: tree, dropped: dropped) {
                part throws(NavigationPlan.Failure) in
                _ = try assign(part)
            } waiting: { hopping, waiting, droppedSoFar in
                waitsFor = hopping.screenName
                enqueue("restoration of \(waiting)", waitingFor: hopping) { [weak self] () throws(NavigationError) in
                    _ = try self?.restoreNow(waiting, dropped: droppedSoFar)
                }
            }
            if let watch {
                emit(watch.navigation(to: "\(tree)", outcome: waitsFor.map { .waiting(for: $0) } ?? .completed))
            }
            return result
        } catch {
            if let watch { emit(watch.navigation(to: "\(tree)", outcome: .failed(error.description))) }
            throw error
        }
    }
}

extension ScreenTree {
    /// Assigns `tree` with `assign`, leaving out each part that fails, until the rest is shown:
    /// the restoration loop of every surface (model screens, UIKit). `waiting` keeps what is left
    /// when a start-up flow has not reached its main screen.
    @MainActor static func assignValidPart(
        of tree: ScreenTree, dropped: [NavigationError],
        _ assign: (ScreenTree) throws(NavigationPlan.Failure) -> Void,
        waiting: (HoppingScreen, ScreenTree, [NavigationError]) -> Void = { _, _, _ in }
    ) throws(NavigationError) -> [NavigationError] {
        var remaining = tree
        var dropped = dropped
        // Each failure leaves out at least one screen, so this ends.
        while true {
            do throws(NavigationPlan.Failure) {
                try assign(remaining)
                return dropped
            } catch {
                switch error {
                case .wait(let hopping):
                    waiting(hopping, remaining, dropped)
                    return dropped
                case .error(let error, let indices):
                    guard let smaller = remaining.pruned(at: indices), smaller != remaining else { throw error }
                    // The whole restoration goes on: the reason is the failure without "Nothing changed."
                    var reason = error.description
                    if reason.hasSuffix(" Nothing changed.") { reason.removeLast(" Nothing changed.".count) }
                    dropped.append(.dropped(path: remaining.path(to: indices), reason: reason))
                    remaining = smaller
                }
            }
        }
    }
}
