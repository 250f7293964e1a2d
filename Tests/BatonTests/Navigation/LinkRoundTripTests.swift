import Baton
import BatonTesting
import PropertyBased
import Testing

/// Routes whose fields are texts, in patterns where a value could be mistaken for the pattern.
enum TextRoute: ScreenRoute, Hashable {
    case note(text: String)
    case pair(first: String, second: String)
    case find(query: String, page: Int)
    case item(id: Int)

    func makeScreen() throws -> ScreenModel { ScreenModel(name: "text") }

    static let links = ScreenLinks<TextRoute>([
        LinkPattern("tasks://note/{text}", .note(text: "")),
        LinkPattern("tasks://pair/{first}-{second}", .pair(first: "", second: "")),
        LinkPattern("tasks://find?q={query}&page={page}", .find(query: "", page: 0)),
        LinkPattern("tasks://item/{id}", .item(id: 0)),
    ]) { ScreenTree($0) }
}

/// A link prints every field so that the same links read it back.
@MainActor
@Suite(.isolatedBaton)
struct LinkRoundTripTests {
    @Test func anEmptyTextRoundTrips() throws {
        let url = try TextRoute.links.url(for: .note(text: ""))
        #expect(url == "tasks://note/")
        #expect(try TextRoute.links.route(for: url) == .note(text: ""))
        #expect(try TextRoute.links.route(for: "tasks://pair/-") == .pair(first: "", second: ""))
    }

    @Test func anEmptyNumberIsStillRefusedByName() {
        #expect(throws: NavigationError.malformedLink("tasks://item/", part: "", reason: "id is empty")) {
            try TextRoute.links.route(for: "tasks://item/")
        }
    }

    @Test(arguments: [
        " ", "/", "%", "%25", "?", "#", "&", "=", "-", "a-b", ".", "~", "+", "e\u{301}", "\u{E9}", "😀", "👩‍👩‍👧",
        "\n", "tasks://note/x", "{text}",
    ])
    func oddTextsRoundTrip(text: String) throws {
        for route in [TextRoute.note(text: text), .pair(first: text, second: text), .find(query: text, page: -3)] {
            let url = try TextRoute.links.url(for: route)
            #expect(try TextRoute.links.route(for: url) == route, "\(url)")
        }
    }

    @Test(.heavyOnTheMainActor) func randomFieldValuesRoundTrip() async {
        let pieces = [
            "", " ", "/", "%", "?", "#", "&", "=", "-", ".", "~", "+", ":", "@", "e\u{301}", "😀", "a", "Z", "9",
            "%41", "\u{7F}", "\t", "é", "日本",
        ]
        let text = Gen.int(in: 0..<pieces.count).array(of: 0...6).map { $0.map { pieces[$0] }.joined() }
        var cases = 0
        await propertyCheck(count: 2000, input: text, text, Gen.int(in: -1000...1000)) { first, second, page in
            cases += 1
            for route in [
                TextRoute.note(text: first), .pair(first: first, second: second), .find(query: first, page: page),
            ] {
                do {
                    let url = try TextRoute.links.url(for: route)
                    #expect(try TextRoute.links.route(for: url) == route, "\(url)")
                } catch {
                    Issue.record("\(route): \(error)")
                }
            }
        }
        #expect(cases == 2000)
    }
}
