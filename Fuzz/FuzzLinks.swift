// libFuzzer entry point for Baton's link patterns, saved screen trees and JSON reader.
//
// Built by Fuzz/run-fuzzer.sh together with Sources/Baton/**/*.swift into one module, so Baton's internal
// declarations are visible without an import.

/// Routes with every kind of field a link fills: integers, doubles, strings, a case without fields.
enum FuzzRoute: ScreenRoute {
    case home
    case item(id: Int)
    case position(latitude: Double, longitude: Double)
    case search(query: String)

    func makeScreen() throws -> ScreenModel { ScreenModel(name: "fuzz") }
}

let fuzzLinks = ScreenLinks<FuzzRoute>([
    LinkPattern("geo:{latitude},{longitude}", .position(latitude: 0, longitude: 0)),
    LinkPattern("fuzz://item/{id}", .item(id: 0)),
    LinkPattern("fuzz://search?q={query}&page=1", .search(query: "")),
    LinkPattern("fuzz://home", .home),
]) { route in ScreenTree(route) }

/// Feeds arbitrary bytes, decoded as UTF-8 with replacement characters, to the link parser, the saved tree
/// reader and the JSON reader.
///
/// Errors are fine and must describe themselves. A URL that parses prints to a URL that parses to the same
/// route; JSON that parses prints to text that parses to the same value; a saved tree keeps a valid part or
/// says why not. Any violation traps.
///
/// ```swift
/// // Run through libFuzzer: Fuzz/run-fuzzer.sh 60 links
/// ```
///
/// - Parameters:
///   - data: The input bytes.
///   - size: The number of bytes.
/// - Returns: Always 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // Links.
    do {
        let route = try fuzzLinks.route(for: text)
        let printed: String
        do {
            printed = try fuzzLinks.url(for: route)
        } catch {
            preconditionFailure("\(route) from \(text.debugDescription) does not print: \(error)")
        }
        let reparsed = try? fuzzLinks.route(for: printed)
        precondition(
            reparsed == route,
            "\(printed.debugDescription) from \(text.debugDescription) reads \(String(describing: reparsed))")
    } catch {
        precondition(!error.description.isEmpty, "empty error for \(text.debugDescription)")
    }
    // JSON.
    if let value = try? JSONValue(parsing: text) {
        let again = try? JSONValue(parsing: value.text)
        precondition(again == value, "\(value.text.debugDescription) does not read back")
    }
    // Saved trees: whatever the text, reading keeps a valid part or names the problem.
    do {
        let saved = try SavedScreenTree(json: text)
        _ = saved.validPart(as: FuzzRoute.self)
    } catch {
        precondition(!error.description.isEmpty, "empty error for \(text.debugDescription)")
    }
    return 0
}
