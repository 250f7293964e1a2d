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

    /// The format this saved tree was written in (1, or 2 when it records a presentation style).
    ///
    /// ```swift
    /// saved.format   // 1
    /// ```
    public var format: Int {
        guard case .number(let text)? = value["format"], let format = Int(text) else { return 0 }
        return format
    }

    /// The deepest nesting of JSON a saved tree holds, and the deepest that reading accepts, so
    /// that whatever is saved can be read back and hostile text cannot exhaust the stack.
    ///
    /// The envelope is one level; each screen in a stack or a tab is two levels below its
    /// container, a presented screen or a start-up flow's step one level below its presenter,
    /// and a route adds its own levels. A tree of simple routes therefore saves whole up to
    /// about 125 stacks within stacks, or 250 presentations one on another. Saving leaves out
    /// (and reports in ``leftOut``) the parts that would nest deeper.
    ///
    /// ```swift
    /// SavedScreenTree.maximumDepth   // 256
    /// ```
    public static let maximumDepth = 256

    /// What saving left out, with the screens it held, as
    /// ``NavigationError/notSaved(path:reason:)`` values: screens without a route, routes that
    /// cannot be encoded, parts nested deeper than ``maximumDepth``. Empty when the whole tree
    /// was saved, and for a tree read from text or a decoder. It is not part of the saved value
    /// (neither encoded nor compared).
    ///
    /// ```swift
    /// let saved = try window.saveScreenTree(AppRoute.self)
    /// for part in saved?.leftOut ?? [] { log(part.description) }   // Left out main > feed > AlertScreen when saving: …
    /// ```
    public let leftOut: [NavigationError]

    /// Saves a tree, keeping every part that can be saved: a part whose route cannot be encoded
    /// (a `Double.nan` in it, say) or that would nest deeper than ``maximumDepth`` is left out
    /// with what it holds (a stack keeps the screens below it, a container keeps what it shows)
    /// and reported in ``leftOut``. Whatever this saves, ``init(json:)`` reads back.
    ///
    /// ```swift
    /// let saved = try SavedScreenTree(ScreenTree.stack(.feed, [.list, .item(id: 42)]))
    /// ```
    ///
    /// - Parameter tree: The tree.
    /// - Throws: ``NavigationError/notSaved(path:reason:)`` for the root when not even the root's
    ///   route can be saved.
    public init<Route: ScreenRoute>(_ tree: ScreenTree<Route>) throws(NavigationError) {
        try self.init(tree, leftOut: [])
    }

    /// Saves `tree`, adding what saving leaves out to `leftOut` (the parts a window's walk left
    /// out already).
    init<Route: ScreenRoute>(_ tree: ScreenTree<Route>, leftOut: [NavigationError]) throws(NavigationError) {
        var saver = ScreenTreeSaver(root: tree, maximumDepth: Self.maximumDepth)
        switch saver.envelope() {
        case .success(let value): self.value = value
        case .failure(let error): throw error
        }
        self.leftOut = leftOut + saver.leftOut
    }

    /// Reads a saved tree from its JSON text.
    ///
    /// ```swift
    /// let saved = try SavedScreenTree(json: #"{"format":1,"tree":{"route":{"feed":{}}}}"#)
    /// ```
    ///
    /// - Parameter json: Text from ``json``.
    /// - Throws: ``NavigationError/unreadable(reason:)`` for text that is not a saved tree (not
    ///   JSON, truncated, no format, nested deeper than ``maximumDepth``),
    ///   ``NavigationError/unsupportedFormat(found:supported:)`` for a
    ///   format newer than this version of Baton reads.
    public init(json: String) throws(NavigationError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: json, maxDepth: Self.maximumDepth)
        } catch {
            throw .unreadable(reason: error.description)
        }
        // The parser refused nesting as deep as `maximumDepth`: no need to measure it again.
        try self.init(checking: value, depthChecked: true)
    }

    private init(checking value: JSONValue, depthChecked: Bool = false) throws(NavigationError) {
        guard case .number(let text)? = value["format"], let format = Int(text) else {
            throw .unreadable(reason: "it has no format number")
        }
        guard format <= ScreenTreeFormat.current, format >= 1 else {
            throw .unsupportedFormat(found: format, supported: ScreenTreeFormat.current)
        }
        guard value["tree"] != nil else { throw .unreadable(reason: "it has no tree") }
        // Read from another coder, it may nest deeper than this version's text would be read.
        guard depthChecked || value.height < Self.maximumDepth else {
            throw .unreadable(reason: "nesting deeper than \(Self.maximumDepth)")
        }
        self.value = value
        leftOut = []
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
        let tree = value["tree"].flatMap { ScreenTree<Route>.validPart(of: $0, at: { "" }, dropped: &dropped) }
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
        // Each `try?` below asks which JSON kind the value is; the last kind throws.
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

    /// Saves the window's screen tree, for state restoration, keeping every part that can be
    /// saved; `nil` for a window without a root.
    ///
    /// A screen without a route (an alert, a share sheet, a screen pushed or presented without
    /// ``ScreenRoute/screen()``) is left out with the screens it holds: a stack keeps the screens
    /// below it, a presentation is left out, a container keeps what it shows. So are routes that
    /// cannot be encoded and parts nested deeper than ``SavedScreenTree/maximumDepth``. What was
    /// left out is in the saved tree's ``SavedScreenTree/leftOut``, as restoring returns what it
    /// drops; the saved tree never holds less than it can.
    ///
    /// ```swift
    /// @SceneStorage("screens") private var screens: String?
    /// let saved = try window.saveScreenTree(AppRoute.self)
    /// for part in saved?.leftOut ?? [] { log(part.description) }
    /// screens = saved?.json
    /// ```
    ///
    /// - Parameter type: The app's route type.
    /// - Returns: The saved tree.
    /// - Throws: ``NavigationError/screensWithoutRoute(_:routeType:)`` when the root has no route,
    ///   ``NavigationError/notSaved(path:reason:)`` when the root's route cannot be encoded.
    public func saveScreenTree<Route: ScreenRoute>(_ type: Route.Type) throws(NavigationError) -> SavedScreenTree? {
        guard let root = currentRoot else { return nil }
        let walk = SavingWalk<ScreenModel, Route>(
            route: { $0.route(as: type) },
            name: { TypeNames.name(of: Swift.type(of: $0)) },
            shape: { screen in
                if let stack = screen as? StackScreen { return .stack(stack.stackedScreens) }
                if let tabs = screen as? TabScreen { return .tabs(tabs.tabs, selected: tabs.selection) }
                if let hopping = screen as? HoppingScreen { return .hop(hopping.currentStep) }
                return .plain
            },
            presented: { $0.presented })
        var leftOut: [NavigationError] = []
        guard let tree = walk.routedPart(of: root, prefix: { "" }, leftOut: &leftOut) else {
            throw .screensWithoutRoute(
                ["\(root.screenName) (\(TypeNames.name(of: Swift.type(of: root))))"],
                routeType: TypeNames.name(of: Route.self))
        }
        return try SavedScreenTree(tree, leftOut: leftOut)
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
        // Described only when a report needs it: a tree's description costs more than restoring it.
        if deferNavigation(
            "restoration of \(tree)",
            { [weak self] () throws(NavigationError) in
                _ = try self?.restoreNow(tree, dropped: dropped)
            })
        {
            return dropped
        }
        return try TransitionEngine.exclusively(while: "restoration of \(tree)") { () throws(NavigationError) in
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
