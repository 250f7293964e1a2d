import Baton
import Testing

/// What ``checkRoutes(_:links:sourceLocation:)`` found for each route: whether its screen is
/// made, whether a window showing it saves and restores the same tree, and its link.
///
/// ```swift
/// let coverage = checkRoutes([AppRoute.list, .item(id: 7)], links: AppRoute.links)
/// print(coverage.table)
/// ```
public struct RouteCoverage: Hashable, Sendable, CustomStringConvertible {
    /// One route's row.
    ///
    /// ```swift
    /// coverage.rows[0].link   // "myapp://list"
    /// ```
    public struct Row: Hashable, Sendable {
        /// The route, described.
        ///
        /// ```swift
        /// row.route   // "item(id: 7)"
        /// ```
        public let route: String
        /// The screen it makes, as `name (Type)`, or why it could not be made.
        ///
        /// ```swift
        /// row.screen   // "item 7 (ItemScreen)"
        /// ```
        public let screen: String
        /// `saved and restored`, or what went wrong on the way.
        ///
        /// ```swift
        /// row.restoration   // "saved and restored"
        /// ```
        public let restoration: String
        /// The route's URL when it round-trips, `no link` when no pattern names it, or what went
        /// wrong.
        ///
        /// ```swift
        /// row.link   // "myapp://item/7"
        /// ```
        public let link: String
        /// Whether every check of the row passed.
        ///
        /// ```swift
        /// row.passed   // true
        /// ```
        public let passed: Bool
    }

    /// The rows, in the order of the routes checked.
    ///
    /// ```swift
    /// coverage.rows.map(\.route)   // ["list", "item(id: 7)"]
    /// ```
    public let rows: [Row]

    /// Whether every route passed.
    ///
    /// ```swift
    /// #expect(coverage.passed)
    /// ```
    public var passed: Bool { rows.allSatisfy(\.passed) }

    /// The route table: one line per route, its columns aligned, failed rows marked `✗`.
    ///
    /// ```swift
    /// print(coverage.table)
    /// //   route        screen                 restoration         link
    /// // ✓ list         list (ListScreen)      saved and restored  myapp://list
    /// ```
    public var table: String {
        let header = ["route", "screen", "restoration", "link"]
        let cells = rows.map { [$0.route, $0.screen, $0.restoration, $0.link] }
        var widths = header.map(\.count)
        for row in cells {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ mark: String, _ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            return mark + " " + padded.joined(separator: "  ")
        }
        var lines = [line(" ", header)]
        for (row, cells) in zip(rows, cells) { lines.append(line(row.passed ? "✓" : "✗", cells)) }
        return lines.joined(separator: "\n")
    }

    /// ``table``.
    ///
    /// ```swift
    /// print(coverage)
    /// ```
    public var description: String { table }
}

/// Checks that every route in `routes` makes its screen, survives saving and restoring (a window
/// showing it saves a tree that another window restores to the same tree), and, where `links`
/// has a pattern for it, round-trips through its URL. The windows are made by `makeWindow`, so
/// that they hold the test services the screens read. Prints the route table and records an
/// issue for each failure, naming the route and what went wrong.
///
/// ```swift
/// @Test func everyRouteIsCovered() {
///     let coverage = checkRoutes(AppRoute.allExamples, links: AppRoute.links)
///     #expect(coverage.passed)
/// }
/// ```
///
/// - Parameters:
///   - routes: The routes to check: one of each case, with representative values.
///   - links: The app's links, if it has any.
///   - makeWindow: Makes each window a route is shown and restored in; by default an empty one.
///   - sourceLocation: Where failures are reported (filled in for you).
/// - Returns: The table of what was found.
@MainActor
@discardableResult
public func checkRoutes<Route: ScreenRoute>(
    _ routes: [Route], links: ScreenLinks<Route>? = nil,
    in makeWindow: @escaping @MainActor () -> ScreenWindow = { ScreenWindow() },
    sourceLocation: SourceLocation = #_sourceLocation
) -> RouteCoverage {
    let rows = routes.map { RouteCheck(route: $0, links: links, makeWindow: makeWindow).row() }
    let coverage = RouteCoverage(rows: rows)
    print(coverage.table)
    if routes.isEmpty {
        Issue.record(
            "checkRoutes was given no routes: pass one of each case of the route type.", sourceLocation: sourceLocation)
    }
    for row in rows where !row.passed {
        Issue.record(
            Comment(
                rawValue: "Route \(row.route): screen \(row.screen); restoration \(row.restoration); link \(row.link)."),
            sourceLocation: sourceLocation)
    }
    return coverage
}

/// The checks of one route.
@MainActor
private struct RouteCheck<Route: ScreenRoute> {
    let route: Route
    let links: ScreenLinks<Route>?
    let makeWindow: @MainActor () -> ScreenWindow

    func row() -> RouteCoverage.Row {
        var passed = true
        let screen: String
        do {
            let made = try route.screen()
            screen = "\(made.screenName) (\(String(describing: type(of: made))))"
        } catch {
            screen = "makeScreen() threw \(error)"
            passed = false
        }
        // Without a screen there is nothing to save.
        let restoration = passed ? restores() : "not checked"
        if restoration != "saved and restored" { passed = false }
        var link = "no link"
        if let links {
            do throws(NavigationError) {
                let url = try links.url(for: route)
                let back = try links.route(for: url)
                if back == route {
                    link = url
                } else {
                    link = "\(url) reads back as \(back)"
                    passed = false
                }
            } catch {
                if case .noLink = error {
                    link = "no link"
                } else {
                    link = error.description
                    passed = false
                }
            }
        }
        return RouteCoverage.Row(
            route: String(describing: route), screen: screen, restoration: restoration, link: link, passed: passed)
    }

    /// Shows the route in a window, saves the window's tree as JSON, restores it in another
    /// window and compares the trees.
    private func restores() -> String {
        do {
            let shown = makeWindow()
            try shown.navigate(to: ScreenTree(route))
            guard let tree = try shown.screenTree(Route.self), let saved = try shown.saveScreenTree(Route.self) else {
                return "the window shows nothing"
            }
            let restored = makeWindow()
            let dropped = try restored.restoreScreenTree(SavedScreenTree(json: saved.json), as: Route.self)
            if let first = dropped.first { return "restoring dropped a part: \(first)" }
            let back = try restored.screenTree(Route.self)
            guard back == tree else { return "restored \(back.map { "\($0)" } ?? "nothing") instead of \(tree)" }
            return "saved and restored"
        } catch {
            return "\(error)"
        }
    }
}
