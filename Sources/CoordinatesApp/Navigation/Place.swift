import Baton
import CoordinatesKit

/// Where the app can be: every screen as a route, so that the window's screen tree can be saved
/// beside the position, restored at the next launch, and opened from a link.
///
/// Links: the RFC 5870 `geo:` URI that the share text prints opens the main screen on that
/// position, and each screen has a `coordinates://` URL.
///
/// ```swift
/// try Place.links.route(for: "geo:48.8584,2.2945")   // .position(latitude: 48.8584, longitude: 2.2945)
/// try Place.links.route(for: "coordinates://bearing")   // .bearing
/// ```
enum Place: ScreenRoute {
    case startup, splash, onboarding, navigation, main, bearing, map, share, help
    /// An edit in progress; it is saved, but not restored.
    case entry(field: String)
    /// The main screen on a position (a link's; the model keeps the position itself).
    case position(latitude: Double, longitude: Double)
    /// The Map as the user zoomed or panned it: state the user expects back, so the Map screen
    /// declares it in its route (``MapScreen`` adopts `RoutedScreen`) and it is saved and restored
    /// with the screen. The Map not yet zoomed or panned is ``map``.
    case mapView(zoom: Int, latitude: Double, longitude: Double)

    /// A screen that is not made from a route.
    struct NotRestored: Error, CustomStringConvertible {
        let description: String
    }

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: throw NotRestored(description: "the start-up flow is made by the application")
        case .splash: SplashScreen(name: ScreenID.splash)
        case .onboarding: OnboardingScreen(name: ScreenID.onboarding)
        case .navigation: try StackScreen(root: Place.main.screen(), name: ScreenID.navigation)
        case .main, .position: MainScreen(name: ScreenID.main)
        case .bearing: BearingScreen(name: ScreenID.bearing)
        case .map: MapScreen(name: ScreenID.map)
        case .mapView(let zoom, let latitude, let longitude):
            MapScreen(
                name: ScreenID.map,
                view: WorldMap.View(
                    centerLatitude: latitude, centerLongitude: longitude,
                    zoom: min(max(zoom, 0), WorldMap.maximumZoom)))
        case .share: ShareScreen(name: ScreenID.share)
        case .help: HelpScreen(name: ScreenID.help)
        case .entry: throw NotRestored(description: "an edit in progress is not restored")
        }
    }

    /// The app's links, in the order they are tried (and the first that fits is printed).
    static let links = ScreenLinks<Place>([
        LinkPattern("geo:{latitude},{longitude}", .position(latitude: 0, longitude: 0)),
        LinkPattern("coordinates://position/{latitude},{longitude}", .position(latitude: 0, longitude: 0)),
        LinkPattern("coordinates://main", .main),
        LinkPattern("coordinates://bearing", .bearing),
        LinkPattern("coordinates://map", .map),
        LinkPattern("coordinates://map/{zoom}/{latitude},{longitude}", .mapView(zoom: 0, latitude: 0, longitude: 0)),
        LinkPattern("coordinates://share", .share),
        LinkPattern("coordinates://help", .help),
    ]) { route in
        let screens: [ScreenTree<Place>]
        switch route {
        case .bearing, .map, .mapView, .share: screens = [ScreenTree(.main), ScreenTree(route)]
        case .help: screens = [ScreenTree(.main, presenting: ScreenTree(.help))]
        // The position is set by the application; the main screen shows it (kept when it is shown).
        default: screens = [ScreenTree(.main)]
        }
        return .hopping(.startup, to: .stack(.navigation, screens))
    }

    /// The link's text with what the app does not use taken off: a `geo:` URI's altitude and
    /// parameters (`geo:48.8584,2.2945,35;u=10`).
    static func simplified(_ link: String) -> String {
        guard link.lowercased().hasPrefix("geo:") else { return link }
        let coordinates = link.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = coordinates.split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 3 ? parts[0..<2].joined(separator: ",") : String(coordinates)
    }

    /// What is wrong with the parameters of a `geo:` URI, by RFC 5870 §3.3-3.4, or `nil`: each is
    /// a name of letters, digits and `-`, with `=` and a value when it has one; `crs` (any case)
    /// names WGS-84, the default and the only system the app's coordinates are in; `u` is an
    /// uncertainty in metres, a number 0 or more. Other parameters are ignored, as the RFC asks of
    /// parameters a reader does not know.
    ///
    /// ```swift
    /// Place.parameterProblem(in: "geo:1,2;crs=WGS84;u=10;z=1")   // nil
    /// Place.parameterProblem(in: "geo:1,2;u=ten")   // "u=ten" is wrong: the uncertainty u is …
    /// ```
    static func parameterProblem(in link: String) -> String? {
        guard link.lowercased().hasPrefix("geo:") else { return nil }
        for parameter in link.split(separator: ";", omittingEmptySubsequences: false).dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].lowercased()
            let value = pair.count == 2 ? String(pair[1]) : nil
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                return "\"\(parameter)\" is wrong: a parameter is a name of letters, digits and -, then = and its"
                    + " value (RFC 5870)"
            }
            if value?.isEmpty == true { return "\"\(parameter)\" is wrong: its value is empty" }
            switch name {
            case "crs":
                if value?.lowercased() != "wgs84" {
                    return "\"\(parameter)\" is wrong: the app reads WGS-84 coordinates only (crs=wgs84)"
                }
            case "u":
                guard let value, isUncertainty(value) else {
                    return "\"\(parameter)\" is wrong: the uncertainty u is a number of metres, 0 or more (u=10)"
                }
            default:
                continue
            }
        }
        return nil
    }

    /// Whether `text` is RFC 5870's `pnum`: digits, then maybe `.` and digits.
    private static func isUncertainty(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The route a link opens, with its position checked; a message naming the wrong part when
    /// it cannot be opened.
    static func route(for link: String) -> Result<Place, LinkProblem> {
        if let problem = parameterProblem(in: link) {
            return .failure(LinkProblem(message: "cannot open \(link): \(problem)."))
        }
        let route: Place
        do {
            route = try links.route(for: simplified(link))
        } catch {
            switch error {
            case .malformedLink(_, let part, let reason):
                return .failure(LinkProblem(message: "cannot open \(link): \"\(part)\" is wrong: \(reason)."))
            case .unknownLink(_, let known):
                return .failure(
                    LinkProblem(
                        message: "cannot open \(link): it is not a link of this app; links look like "
                            + known.joined(separator: ", ") + "."))
            default:
                return .failure(LinkProblem(message: "cannot open \(link): \(error.description)"))
            }
        }
        if case .position(let latitude, let longitude) = route {
            let texts =
                simplified(link).split(separator: ":", maxSplits: 1).last.map {
                    $0.split(separator: "/").last ?? $0
                }?.split(separator: ",").map(String.init) ?? []
            if !(-90.0...90.0).contains(latitude) {
                return .failure(
                    LinkProblem(
                        message:
                            "cannot open \(link): the latitude \"\(texts.first ?? "\(latitude)")\" is outside -90…90."))
            }
            if !(-180.0...180.0).contains(longitude) {
                return .failure(
                    LinkProblem(
                        message:
                            "cannot open \(link): the longitude \"\(texts.last ?? "\(longitude)")\" is outside -180…180."
                    ))
            }
        }
        return .success(route)
    }
}

/// Why a link cannot be opened, as a message for standard error.
public struct LinkProblem: Error, Hashable, Sendable {
    /// The message, naming the part of the link that is wrong.
    ///
    /// ```swift
    /// CoordinatesApplication.check(link: "geo:91,0")?.message
    /// // "cannot open geo:91,0: the latitude \"91\" is outside -90…90."
    /// ```
    public let message: String
}

// MARK: - Each screen's route

extension StartupScreen: RoutedScreen {
    var route: Place { .startup }
}

extension SplashScreen: RoutedScreen {
    var route: Place { .splash }
}

extension OnboardingScreen: RoutedScreen {
    var route: Place { .onboarding }
}

extension MainScreen: RoutedScreen {
    var route: Place { .main }
}

extension BearingScreen: RoutedScreen {
    var route: Place { .bearing }
}

extension MapScreen: RoutedScreen {
    /// The Map as the user left it: its zoom and centre, restored with the screen.
    var route: Place {
        guard let view = savedView else { return .map }
        return .mapView(zoom: view.zoom, latitude: view.centerLatitude, longitude: view.centerLongitude)
    }
}

extension ShareScreen: RoutedScreen {
    var route: Place { .share }
}

extension HelpScreen: RoutedScreen {
    var route: Place { .help }
}

extension EntryScreen: RoutedScreen {
    var route: Place { .entry(field: (context[\.entryRequest] ?? .position).rawValue) }
}

// MARK: - What is saved

extension ScreenTree where Route == Place {
    /// The tree without edits in progress, which are not restored: a stack ends below its first
    /// entry screen, and an entry screen's presentations go with it. `nil` when the tree is one.
    var withoutEdits: ScreenTree<Place>? {
        if case .entry = route { return nil }
        var kept = self
        switch content {
        case .stack(let screens):
            var below: [ScreenTree<Place>] = []
            for screen in screens {
                guard let screen = screen.withoutEdits else { break }
                below.append(screen)
            }
            kept.content = .stack(below)
        case .tabs(let tabs, let selected):
            kept.content = .tabs(tabs.map { $0.withoutEdits ?? $0 }, selected: selected)
        case .hop(let step):
            kept.content = .hop(step?.withoutEdits)
        case nil:
            break
        }
        kept.presented = presented?.withoutEdits
        return kept
    }
}

// MARK: - For other hosts

extension CoordinatesApplication {
    /// The position a link names: a `geo:` URI's (RFC 5870, the link the share message prints) or
    /// a `coordinates://position/…` URL's; `nil` for a link to a screen, such as
    /// `coordinates://map`.
    ///
    /// ```swift
    /// .onOpenURL { url in
    ///     if let position = try? CoordinatesApplication.position(in: url.absoluteString) { … }
    /// }
    /// try CoordinatesApplication.position(in: "geo:48.8584,2.2945,35;u=10")   // 48.858400° N, 2.294500° E
    /// ```
    ///
    /// - Parameter link: The link's text.
    /// - Returns: The position, or `nil`.
    /// - Throws: ``LinkProblem`` naming the part of the link that is wrong.
    public static func position(in link: String) throws(LinkProblem) -> Coordinate? {
        switch Place.route(for: link) {
        case .failure(let problem):
            throw problem
        case .success(.position(let latitude, let longitude)):
            do {
                return try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw LinkProblem(message: "cannot open \(link): \(error)")
            }
        case .success:
            return nil
        }
    }
}
