/// How an app's URLs map to screen trees and back, declared once: each pattern names a route,
/// its `{placeholders}` name the route's fields, and one function says which tree shows a route.
///
/// Parsing a URL finds the pattern it matches and reads the route's fields from it; printing a
/// tree finds the pattern of the route on top and writes its fields into it. A link printed
/// from a tree opens that tree's top screen again, so a shared link round-trips.
///
/// ```swift
/// extension AppRoute {
///     static let links = ScreenLinks<AppRoute>([
///         LinkPattern("myapp://item/{id}", .item(id: 0)),
///         LinkPattern("myapp://settings", .settings),
///     ]) { route in
///         switch route {
///         case .settings: .tabs(.main, [ScreenTree(.feed), ScreenTree(.settings)], selected: 1)
///         default: .tabs(.main, [.stack(.feed, [.list, route]), ScreenTree(.settings)], selected: 0)
///         }
///     }
/// }
///
/// try window.open("myapp://item/42", with: AppRoute.links)
/// try AppRoute.links.url(for: window.screenTree(AppRoute.self)!)   // "myapp://item/42"
/// ```
///
/// A placeholder matches the text up to the next literal character of the pattern (or the end),
/// percent-decoded; it names a field of the route as the route encodes it (`{id}`, or a dotted
/// path such as `{position.latitude}` when a last name is not enough). The scheme matches in
/// any letter case.
public struct ScreenLinks<Route: ScreenRoute>: Sendable {
    /// The link patterns, in the order they are tried.
    ///
    /// ```swift
    /// AppRoute.links.patterns   // ["myapp://item/{id}", "myapp://settings"]
    /// ```
    public var patterns: [String] { links.map(\.pattern) }

    private let links: [LinkPattern<Route>]
    private let place: @Sendable @MainActor (Route) throws -> ScreenTree<Route>

    /// Declares the app's links.
    ///
    /// ```swift
    /// ScreenLinks<AppRoute>([LinkPattern("myapp://item/{id}", .item(id: 0))]) { route in
    ///     .stack(.feed, [.list, route])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - links: The patterns, each with a route of the kind it names (its field values do not
    ///     matter).
    ///   - tree: The tree that shows a route opened from a link; it may throw to refuse a route
    ///     (a link to an item the user cannot see).
    public init(
        _ links: [LinkPattern<Route>], tree: @escaping @Sendable @MainActor (Route) throws -> ScreenTree<Route>
    ) {
        self.links = links
        self.place = tree
    }

    // MARK: - Parsing

    /// The route a URL names.
    ///
    /// ```swift
    /// try AppRoute.links.route(for: "myapp://item/42")   // .item(id: 42)
    /// ```
    ///
    /// - Parameter url: The URL's text (`url.absoluteString`).
    /// - Returns: The route.
    /// - Throws: ``NavigationError/unknownLink(_:known:)`` listing the patterns when none matches,
    ///   ``NavigationError/malformedLink(_:part:reason:)`` naming the part that is wrong when the
    ///   URL matches a pattern except for a field, ``NavigationError/invalidLinkPattern(_:reason:)``
    ///   for a pattern that cannot work.
    public func route(for url: String) throws(NavigationError) -> Route {
        var firstMalformed: NavigationError?
        for link in links {
            let template = try link.template()
            guard let captures = template.match(url) else { continue }
            do {
                return try template.route(from: captures)
            } catch {
                firstMalformed = firstMalformed ?? .malformedLink(url, part: error.part, reason: error.reason)
            }
        }
        throw firstMalformed ?? .unknownLink(url, known: patterns)
    }

    /// The tree a URL opens: the tree that shows its route.
    ///
    /// ```swift
    /// try AppRoute.links.tree(for: "myapp://item/42")   // main{*feed[list, item(id: 42)], settings}
    /// ```
    ///
    /// - Parameter url: The URL's text.
    /// - Returns: The tree.
    /// - Throws: The errors of ``route(for:)``, and ``NavigationError/malformedLink(_:part:reason:)``
    ///   when the tree function refuses the route.
    @MainActor public func tree(for url: String) throws(NavigationError) -> ScreenTree<Route> {
        let route = try route(for: url)
        do {
            return try place(route)
        } catch {
            throw .malformedLink(url, part: url, reason: String(describing: error))
        }
    }

    // MARK: - Printing

    /// The URL of a route.
    ///
    /// ```swift
    /// try AppRoute.links.url(for: .item(id: 42))   // "myapp://item/42"
    /// ```
    ///
    /// - Parameter route: The route.
    /// - Returns: The URL's text.
    /// - Throws: ``NavigationError/noLink(route:known:)`` when no pattern names the route.
    public func url(for route: Route) throws(NavigationError) -> String {
        for link in links {
            if let url = try link.template().print(route) { return url }
        }
        throw .noLink(route: String(describing: route), known: patterns)
    }

    /// The URL of the screen on top of a tree (the visible leaf, or the last presented screen).
    ///
    /// ```swift
    /// try AppRoute.links.url(for: window.screenTree(AppRoute.self)!)   // "myapp://item/42"
    /// ```
    ///
    /// - Parameter tree: The tree.
    /// - Returns: The URL's text.
    /// - Throws: ``NavigationError/noLink(route:known:)`` when no pattern names the top route.
    public func url(for tree: ScreenTree<Route>) throws(NavigationError) -> String {
        try url(for: tree.topRoute)
    }
}

/// One link pattern and the kind of route it names.
///
/// ```swift
/// LinkPattern("geo:{latitude},{longitude}", Place.position(latitude: 0, longitude: 0))
/// ```
public struct LinkPattern<Route: ScreenRoute>: Sendable {
    /// The pattern: literal text and `{placeholders}` naming the route's fields.
    ///
    /// ```swift
    /// link.pattern   // "myapp://item/{id}"
    /// ```
    public let pattern: String
    private let prototype: Route

    /// A pattern for the routes of `prototype`'s kind (an enum case); the prototype's field
    /// values do not matter, except those the pattern does not name, which must match.
    ///
    /// ```swift
    /// LinkPattern("myapp://item/{id}", AppRoute.item(id: 0))
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: Literal text and `{placeholders}`.
    ///   - prototype: A route of the kind the pattern names.
    public init(_ pattern: String, _ prototype: Route) {
        self.pattern = pattern
        self.prototype = prototype
    }

    fileprivate func template() throws(NavigationError) -> LinkTemplate<Route> {
        try LinkTemplate(pattern: pattern, prototype: prototype)
    }
}

/// A pattern split into literals and placeholders, bound to the fields of its route's encoding.
private struct LinkTemplate<Route: ScreenRoute> {
    enum Piece {
        case literal(String)
        /// A placeholder and the path of the field it fills in the prototype's encoding.
        case field(name: String, path: [String])
    }

    let pattern: String
    let pieces: [Piece]
    let prototype: JSONValue

    init(pattern: String, prototype route: Route) throws(NavigationError) {
        self.pattern = pattern
        do {
            prototype = try JSONValueCoding.encode(route)
        } catch {
            throw .invalidLinkPattern(pattern, reason: "its route \(route) cannot be encoded: \(error)")
        }
        var leaves: [[String]] = []
        Self.collectLeaves(of: prototype, path: [], into: &leaves)
        var pieces: [Piece] = []
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .invalidLinkPattern(pattern, reason: "a { has no }")
            }
            let name = String(rest[rest.index(after: open)..<close])
            let wanted = name.split(separator: ".").map(String.init)
            let matching = leaves.filter { $0.count >= wanted.count && Array($0.suffix(wanted.count)) == wanted }
            guard matching.count == 1 else {
                let reason =
                    matching.isEmpty
                    ? "\(route) has no field \(name); its fields: "
                        + (leaves.isEmpty ? "none" : leaves.map { $0.joined(separator: ".") }.joined(separator: ", "))
                    : "{\(name)} names several fields of \(route); use a longer path"
                throw .invalidLinkPattern(pattern, reason: reason)
            }
            if case .field? = pieces.last {
                throw .invalidLinkPattern(
                    pattern, reason: "{\(name)} follows another placeholder with nothing between them")
            }
            pieces.append(.field(name: name, path: matching[0]))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        self.pieces = pieces
    }

    private static func collectLeaves(of value: JSONValue, path: [String], into leaves: inout [[String]]) {
        switch value {
        case .object(let members):
            for member in members { collectLeaves(of: member.value, path: path + [member.key], into: &leaves) }
        case .array(let values):
            for (index, value) in values.enumerated() {
                collectLeaves(of: value, path: path + ["\(index)"], into: &leaves)
            }
        default:
            leaves.append(path)
        }
    }

    // MARK: Parsing

    /// The placeholders' text in `url`, or `nil` when its literals do not match.
    func match(_ url: String) -> [(name: String, path: [String], text: String)]? {
        var rest = Substring(url)
        var captures: [(name: String, path: [String], text: String)] = []
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let literal):
                // The scheme (up to the first colon of the pattern) matches in any letter case.
                let caseInsensitive = index == 0 && literal.contains(":")
                guard Self.hasPrefix(rest, literal, schemeFolding: caseInsensitive) else { return nil }
                rest = rest.dropFirst(literal.count)
            case .field(let name, let path):
                let end: Substring.Index
                if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1], let first = next.first {
                    guard let found = rest.firstIndex(of: first) else { return nil }
                    end = found
                } else {
                    end = rest.endIndex
                }
                captures.append((name, path, String(rest[..<end])))
                rest = rest[end...]
            }
        }
        return rest.isEmpty ? captures : nil
    }

    private static func hasPrefix(_ text: Substring, _ literal: String, schemeFolding: Bool) -> Bool {
        guard schemeFolding, let colon = literal.firstIndex(of: ":") else { return text.hasPrefix(literal) }
        let scheme = literal[...colon]
        guard text.count >= scheme.count, text.prefix(scheme.count).lowercased() == scheme.lowercased() else {
            return false
        }
        return text.dropFirst(scheme.count).hasPrefix(literal[literal.index(after: colon)...])
    }

    /// The route with the captured fields; on failure, the part that is wrong and why.
    func route(from captures: [(name: String, path: [String], text: String)]) throws(LinkFailure) -> Route {
        var value = prototype
        for capture in captures {
            guard let decoded = PercentEncoding.decode(capture.text) else {
                throw LinkFailure(part: capture.text, reason: "\(capture.name) has a malformed % escape")
            }
            // An empty field is a value like any other (an empty text); a number refuses it below.
            value = Self.replacing(value, at: capture.path[...], with: .string(decoded))
        }
        do {
            return try JSONValueCoding.decode(Route.self, from: value, lenientScalars: true)
        } catch {
            // Name the field whose value could not be read.
            if let decodingError = error as? DecodingError, let failing = Self.failingPath(decodingError),
                let capture = captures.first(where: { $0.path == failing })
            {
                return try failWith(capture, JSONValueCoding.describe(error))
            }
            let whole = captures.map(\.text).joined(separator: ", ")
            throw LinkFailure(part: whole.isEmpty ? pattern : whole, reason: Self.reason(error))
        }
    }

    private func failWith(_ capture: (name: String, path: [String], text: String), _ reason: String) throws(LinkFailure)
        -> Route
    {
        if capture.text.isEmpty { throw LinkFailure(part: capture.text, reason: "\(capture.name) is empty") }
        throw LinkFailure(part: capture.text, reason: "\(capture.name) is not valid (\(reason))")
    }

    private static func reason(_ error: any Error) -> String {
        error is DecodingError ? JSONValueCoding.describe(error) : String(describing: error)
    }

    private static func failingPath(_ error: DecodingError) -> [String]? {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found): context = found
        default: return nil
        }
        return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }

    private static func replacing(_ value: JSONValue, at path: ArraySlice<String>, with leaf: JSONValue) -> JSONValue {
        guard let key = path.first else { return leaf }
        switch value {
        case .object(let members):
            return .object(
                members.map { member in
                    member.key == key
                        ? JSONValue.Member(key: key, value: replacing(member.value, at: path.dropFirst(), with: leaf))
                        : member
                })
        case .array(var values):
            guard let index = Int(key), values.indices.contains(index) else { return value }
            values[index] = replacing(values[index], at: path.dropFirst(), with: leaf)
            return .array(values)
        default:
            return value
        }
    }

    // MARK: Printing

    /// The URL of `route`, or `nil` when it is not of this pattern's kind.
    func print(_ route: Route) -> String? {
        // A route this pattern cannot encode is not of its kind: `nil` is the answer asked for.
        guard let value = try? JSONValueCoding.encode(route), Self.sameShape(value, prototype, fields: fieldPaths)
        else { return nil }
        var url = ""
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let literal): url += literal
            case .field(_, let path):
                guard let leaf = Self.leaf(of: value, at: path[...]) else { return nil }
                // Parsing ends a field at the first character of the literal after it: a value
                // holding that character (a `-` between two fields) has it escaped.
                var ending: UInt8?
                if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1] { ending = next.utf8.first }
                switch leaf {
                case .string(let text): url += PercentEncoding.encode(text, escaping: ending)
                case .number(let text): url += text
                case .bool(let flag): url += flag ? "true" : "false"
                default: return nil
                }
            }
        }
        return url
    }

    private var fieldPaths: [[String]] {
        pieces.compactMap { if case .field(_, let path) = $0 { path } else { nil } }
    }

    /// Whether `value` has the prototype's structure, and its value wherever the pattern has no
    /// placeholder.
    private static func sameShape(_ value: JSONValue, _ prototype: JSONValue, fields: [[String]], path: [String] = [])
        -> Bool
    {
        if fields.contains(path) { return true }
        switch (value, prototype) {
        case (.object(let members), .object(let expected)):
            guard members.map(\.key) == expected.map(\.key) else { return false }
            return zip(members, expected).allSatisfy {
                sameShape($0.value, $1.value, fields: fields, path: path + [$0.key])
            }
        case (.array(let values), .array(let expected)):
            guard values.count == expected.count else { return false }
            return zip(values.indices, zip(values, expected)).allSatisfy { index, pair in
                sameShape(pair.0, pair.1, fields: fields, path: path + ["\(index)"])
            }
        default:
            return value == prototype
        }
    }

    private static func leaf(of value: JSONValue, at path: ArraySlice<String>) -> JSONValue? {
        guard let key = path.first else { return value }
        switch value {
        case .object: return value[key].flatMap { leaf(of: $0, at: path.dropFirst()) }
        case .array(let values):
            guard let index = Int(key), values.indices.contains(index) else { return nil }
            return leaf(of: values[index], at: path.dropFirst())
        default: return nil
        }
    }
}

/// A link that matched a pattern but one of its parts is wrong.
private struct LinkFailure: Error {
    let part: String
    let reason: String
}

/// Percent-encoding of a link's field values (RFC 3986: unreserved characters stay).
enum PercentEncoding {
    static func encode(_ text: String, escaping ending: UInt8? = nil) -> String {
        var result = ""
        for byte in text.utf8 {
            let isUnreserved =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-._~".utf8.contains(byte)
            if isUnreserved, byte != ending {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    /// The decoded text, or `nil` for a malformed escape or bytes that are not UTF-8.
    static func decode(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        var decoded = ""
        var utf8 = UTF8()
        var byteIterator = bytes.makeIterator()
        while true {
            switch utf8.decode(&byteIterator) {
            case .scalarValue(let scalar): decoded.unicodeScalars.append(scalar)
            case .emptyInput: return decoded
            case .error: return nil
            }
        }
    }
}

extension ScreenWindow {
    /// Opens a URL: shows the tree its route maps to, as ``navigate(to:)`` does (while a start-up
    /// flow has not reached its main screen, the link waits for it).
    ///
    /// ```swift
    /// .onOpenURL { url in try? window.open(url.absoluteString, with: AppRoute.links) }
    /// ```
    ///
    /// - Parameters:
    ///   - url: The URL's text.
    ///   - links: The app's links.
    /// - Returns: How the assignment went.
    /// - Throws: The errors of ``ScreenLinks/tree(for:)`` and of ``navigate(to:)``.
    @discardableResult
    public func open<Route: ScreenRoute>(_ url: String, with links: ScreenLinks<Route>) throws(NavigationError)
        -> NavigationOutcome
    {
        try NavigationContext.with(.link(url: url)) { () throws(NavigationError) in
            let tree: ScreenTree<Route>
            do throws(NavigationError) {
                tree = try links.tree(for: url)
            } catch {
                if observesNavigation {
                    emit(NavigationWatch().navigation(to: url, outcome: .failed(error.description)))
                }
                throw error
            }
            return try navigate(to: tree)
        }
    }
}
