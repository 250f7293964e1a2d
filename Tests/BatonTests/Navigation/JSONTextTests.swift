import Testing

@testable import Baton

/// Baton's own JSON reader (saved trees, links): what it reads, and the exact reason and byte
/// offset of each refusal, read in place from the text's UTF-8.
@Suite struct JSONTextTests {
    private func parse(_ text: String) throws(JSONValue.SyntaxError) -> JSONValue {
        try JSONValue(parsing: text, maxDepth: 256)
    }

    private func refusal(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyKindOfValueIsRead() throws {
        let value = try parse(#" { "a" : [ true , false , null , -12.5e+3 , 0 , "" ] , "b" : { } , "c" : [ ] } "#)
        #expect(
            value
                == .object([
                    .init(
                        key: "a",
                        value: .array([
                            .bool(true), .bool(false), .null, .number("-12.5e+3"), .number("0"), .string(""),
                        ])),
                    .init(key: "b", value: .object([])),
                    .init(key: "c", value: .array([])),
                ]))
    }

    @Test func escapesBecomeTheCharactersTheyStandFor() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u0301", "\ud83d\ude00", "e\u0301x", "plain é̃ 😀"]"#)
        #expect(
            value
                == .array([
                    .string("\"\\/\u{08}\u{0C}\n\r\t"), .string("\u{E9}\u{301}"), .string("😀"), .string("e\u{301}x"),
                    .string("plain é̃ 😀"),
                ]))
    }

    @Test func aSubstringsTextIsReadAsItsOwn() throws {
        let whole = #"xx{"k":"v"}yy"#
        let text = String(whole.dropFirst(2).dropLast(2))
        #expect(try parse(text) == .object([.init(key: "k", value: .string("v"))]))
    }

    @Test(arguments: [
        ("", "unexpected end of text at byte 0"),
        ("   ", "unexpected end of text at byte 3"),
        ("tru", "expected true at byte 0"),
        ("nul", "expected null at byte 0"),
        ("falsy", "expected false at byte 0"),
        ("[1 2]", "expected , or ] at byte 3"),
        (#"{"a" 1}"#, "expected : at byte 5"),
        (#"{"a":1 "b":2}"#, "expected , or } at byte 7"),
        ("{1:2}", "expected a key at byte 1"),
        (#""abc"#, "unterminated string at byte 4"),
        (#""a\"#, "unterminated escape at byte 3"),
        (#""\x""#, "unknown escape at byte 3"),
        (#""\u12""#, "expected four hex digits at byte 3"),
        (#""\u+041""#, "expected four hex digits at byte 3"),
        (#""\u-000""#, "expected four hex digits at byte 3"),
        (#""\u 041""#, "expected four hex digits at byte 3"),
        (#""\u004G""#, "expected four hex digits at byte 3"),
        (#""\ud83d""#, "unpaired surrogate at byte 7"),
        (#""\ud83d\u0041""#, "unpaired surrogate at byte 13"),
        (#""\ude00""#, "unpaired surrogate at byte 7"),
        ("\"a\u{1}\"", "control character in a string at byte 2"),
        ("01", "leading zero in a number at byte 2"),
        ("1.", "expected digits after . at byte 2"),
        ("1e", "expected digits in the exponent at byte 2"),
        ("-", "expected a value at byte 1"),
        ("[1,]", "expected a value at byte 3"),
        ("{} {}", "unexpected text after the value at byte 3"),
        ("[", "unexpected end of text at byte 1"),
        (#"{"a":1"#, "unexpected end of text at byte 6"),
    ])
    func eachRefusalSaysWhatWasExpectedAndAtWhichByte(text: String, reason: String) {
        #expect(refusal(text) == reason)
    }

    @Test func nestingDeeperThanTheLimitIsRefusedAtTheByteItReached() {
        #expect(refusal(String(repeating: "[", count: 100_000)) == "nesting deeper than 256 at byte 256")
        #expect(
            refusal(String(repeating: "[", count: 257) + String(repeating: "]", count: 257))
                == "nesting deeper than 256 at byte 256")
        #expect(refusal(String(repeating: "[", count: 256) + String(repeating: "]", count: 256)) == nil)
    }

    /// Values of every kind and awkward shape (empty, deep, long, escaped, non-ASCII) read back as
    /// they were written.
    /// Seeded: a failing seed is named in the failure and replays it.
    @Test(arguments: 0..<5)
    func whatIsWrittenReadsBackTheSame(seed: Int) throws {
        var generator = TreeRandom(seed: seed)
        let strings = [
            "", "a", "é", "e\u{301}", "😀", "\"\\", "\u{0}\u{1F}", String(repeating: "x", count: 10_000), "\u{7F}\u{80}",
        ]
        func make(_ depth: Int) -> JSONValue {
            switch depth > 6 ? Int.random(in: 0..<4, using: &generator) : Int.random(in: 0..<6, using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2:
                return .number(
                    ["0", "-1", "1.5e-300", "123456789012345678901234567890"].randomElement(using: &generator)!)
            case 3: return .string(strings.randomElement(using: &generator)!)
            case 4: return .array((0..<Int.random(in: 0..<4, using: &generator)).map { _ in make(depth + 1) })
            default:
                return .object(
                    (0..<Int.random(in: 0..<4, using: &generator)).map { _ in
                        .init(key: strings.randomElement(using: &generator)!, value: make(depth + 1))
                    })
            }
        }
        for index in 0..<100 {
            let value = make(0)
            #expect(try parse(value.text) == value, "seed \(seed), value \(index)")
        }
        let wide = JSONValue.array((0..<100_000).map { .object([.init(key: "route", value: .number(String($0)))]) })
        #expect(try parse(wide.text) == wide)
    }
}
