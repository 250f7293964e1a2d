// The evidence for keeping Baton's own JSON (BENCHMARKS.md, "Issue 31: Baton's JSON or the toolchain's").
// Run from the package root (a release build of the two JSON files and this one, best of three runs):
//   swiftc -O -wmo -module-name JSONComparison Sources/Baton/Internal/JSONValue.swift \
//     Sources/Baton/Internal/JSONValue+Codable.swift Benchmarks/JSONComparison/main.swift -o /tmp/json-comparison
//   /tmp/json-comparison

import FoundationEssentials

func ms(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<3 {
        let d = try clock.measure { try body() }
        let (s, a) = d.components
        best = min(best, Double(s) * 1000 + Double(a) / 1e15)
    }
    return best
}
func line(_ s: String) { print(s) }
func f(_ x: Double) -> String { String(Double(Int(x * 10)) / 10) }

// A saved tree of 100,000 screens, as Baton writes it.
var text = #"{"format":1,"tree":{"route":{"stack":{"_0":"feed"}},"stack":["#
for i in 0..<100_000 {
    if i > 0 { text += "," }
    text += #"{"route":{"item":{"id":\#(i),"title":"Item \#(i)"}}}"#
}
text += "]}}"
let data = Data(text.utf8)
line("input: \(data.count) bytes")

var sink = 0
let handParse = ms { let v = try! JSONValue(parsing: text); if case .object(let m) = v { sink += m.count } }
let handPrint = ms { let v = try! JSONValue(parsing: text); sink += v.text.utf8.count }
struct AnyJ: Codable {
    // Foundation's own dynamic tree, for comparison: decode into nested [String: AnyJ]/[AnyJ]/scalars.
    indirect enum V { case n, b(Bool), d(Double), s(String), a([AnyJ]), o([String: AnyJ]) }
    let v: V
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { v = .n } else if let x = try? c.decode(Bool.self) { v = .b(x) }
        else if let x = try? c.decode(Double.self) { v = .d(x) } else if let x = try? c.decode(String.self) { v = .s(x) }
        else if let x = try? c.decode([AnyJ].self) { v = .a(x) } else { v = .o(try c.decode([String: AnyJ].self)) }
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch v { case .n: try c.encodeNil(); case .b(let x): try c.encode(x); case .d(let x): try c.encode(x)
        case .s(let x): try c.encode(x); case .a(let x): try c.encode(x); case .o(let x): try c.encode(x) }
    }
}
let fParse = ms { let v = try! JSONDecoder().decode(AnyJ.self, from: data); if case .o(let m) = v.v { sink += m.count } }
let fRound = ms { let v = try! JSONDecoder().decode(AnyJ.self, from: data); sink += try! JSONEncoder().encode(v).count }
line("parse 100k-screen tree: hand-written \(f(handParse)) ms, FoundationEssentials JSONDecoder (dynamic) \(f(fParse)) ms")
line("parse+print: hand-written \(f(handPrint)) ms, FoundationEssentials \(f(fRound)) ms")

// Hostile input.
let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
do { _ = try JSONValue(parsing: deep) ; line("hand deep: accepted") } catch { line("hand deep 100,000: \(error)") }
do { _ = try JSONDecoder().decode(AnyJ.self, from: Data(deep.utf8)); line("F deep: accepted") } catch { line("Foundation deep 100,000: \(error)") }
let deep500 = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
do { _ = try JSONValue(parsing: deep500) ; line("hand deep 500: accepted") } catch { line("hand deep 500: \(error)") }
do { _ = try JSONDecoder().decode(AnyJ.self, from: Data(deep500.utf8)); line("Foundation deep 500: accepted") } catch { line("Foundation deep 500: \(error)") }
let huge = #"{"n":1e400,"i":123456789012345678901234567890}"#
do { let v = try JSONValue(parsing: huge); line("hand huge numbers: kept as text \(v.text)") } catch { line("hand huge: \(error)") }
do { let v = try JSONDecoder().decode(AnyJ.self, from: Data(huge.utf8)); line("Foundation huge numbers: \(String(decoding: try JSONEncoder().encode(v), as: UTF8.self))") } catch { line("Foundation huge: \(error)") }
struct I: Decodable { let i: Int }
do { let v = try JSONDecoder().decode(I.self, from: Data(#"{"i":123456789012345678901234567890}"#.utf8)); line("F Int: \(v.i)") } catch { line("Foundation Int overflow: \(error)") }
let invalid: [UInt8] = Array(#"{"a":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
do { let v = try JSONValue(parsing: String(decoding: invalid, as: UTF8.self)); line("hand invalid UTF-8 (String decodes it with U+FFFD first): \(v.text.unicodeScalars.map { String($0.value, radix: 16) }.suffix(4))") } catch { line("hand invalid: \(error)") }
do { _ = try JSONDecoder().decode(AnyJ.self, from: Data(invalid)); line("F invalid accepted") } catch { line("Foundation invalid UTF-8: \(error)") }
let big = "{\"s\":\"" + String(repeating: "x", count: 10_000_000) + "\"}"
let hand10 = ms { _ = try! JSONValue(parsing: big) }
let f10 = ms { _ = try! JSONDecoder().decode(AnyJ.self, from: Data(big.utf8)) }
line("10 MB string: hand-written \(f(hand10)) ms, Foundation \(f(f10)) ms")
let esc = "{\"s\":\"" + String(repeating: "\\u00e9", count: 1_000_000) + "\"}"
let handE = ms { _ = try! JSONValue(parsing: esc) }
let fE = ms { _ = try! JSONDecoder().decode(AnyJ.self, from: Data(esc.utf8)) }
line("6 MB of \\u escapes: hand-written \(f(handE)) ms, Foundation \(f(fE)) ms")
print(sink > 0)
