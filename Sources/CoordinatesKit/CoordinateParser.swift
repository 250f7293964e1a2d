extension Coordinate {
    /// Reads a latitude/longitude pair written in almost any common notation.
    ///
    /// Each half (latitude, then longitude) is one of:
    /// - signed decimal degrees: `48.8584`, `-33.8688`, `+2.5`, `−0.1` (Unicode minus accepted);
    /// - degrees and decimal minutes: `48 51.504`, `48°51.504′`, `48d51.504m`;
    /// - degrees, minutes and seconds: `48 51 30.2`, `48°51′30.2″`, `48°51'30.2"`, `48°51'30.2''`, `48d51m30.2s`.
    ///
    /// Degree marks are `°`, `º`, `˚`, `d` or `D`; minute marks `′`, `'`, `’`, `´`, `m` or `M`; second marks `″`, `"`,
    /// `”`, `''` or `s` (a lowercase `s` is a second mark only directly after a number that follows an `m`, as in
    /// `30m12s`; otherwise it means south). Marks may be omitted: parts are then degrees, minutes and seconds in
    /// order. Only the last part may have decimals, and minutes and seconds must be below 60.
    ///
    /// A half may carry a hemisphere letter (`N`, `S`, `E`, `W` in either case, or the words `north`, `south`,
    /// `east`, `west`) before or after it, instead of a sign; a sign together with a letter is an error.
    /// `S` and `W` make the value negative. The halves are separated by a comma, a semicolon or whitespace.
    ///
    /// **Order.** The latitude comes first. The pair may be written longitude first only when both halves carry
    /// hemisphere letters that say so, as in `2.2945E 48.8584N`; with a letter on one half only, or none, the first
    /// half is the latitude, and an `E`/`W` on it is reported as
    /// ``CoordinateParseError/Reason/notALatitudeHemisphere(_:)``.
    ///
    /// **Splitting.** With a comma or semicolon the split is explicit. Without one, the parser looks for the only
    /// way to split the words into two valid halves; plain numbers must come in two equal groups of 1, 2 or 3
    /// numbers. When several splits are possible, one where both halves have the same number of parts wins, then one
    /// where the hemisphere letter follows its number (`48 N 2` is `48 N` and `2`); if that still leaves a choice,
    /// ``CoordinateParseError/Reason/ambiguousSplit(_:)`` is thrown.
    ///
    /// ```swift
    /// let a = try Coordinate(parsing: "48.8584, 2.2945")
    /// let b = try Coordinate(parsing: "N 48° 51.504′ E 2° 17.670′")
    /// let c = try Coordinate(parsing: "48d51m30.2sN 2d17m40.2sE")
    /// let d = try Coordinate(parsing: "33.8688S;151.2093E")  // latitude -33.8688
    /// ```
    ///
    /// - Parameter text: The text to read. Leading and trailing whitespace is ignored.
    /// - Throws: ``CoordinateParseError`` describing the first problem found, with the offending text and its
    ///   `Character` offset where that helps. See ``CoordinateParseError/Reason`` for every case and message.
    public init(parsing text: String) throws(CoordinateParseError) {
        self = try CoordinateParser(text).parse()
    }

    /// Reads a latitude/longitude pair written in almost any common notation.
    ///
    /// The same as ``init(parsing:)``; see there for the accepted notations and the rules for ordering and splitting.
    ///
    /// ```swift
    /// let sydney = try Coordinate.parse("-33.8688 151.2093")
    /// ```
    ///
    /// - Parameter text: The text to read.
    /// - Returns: The coordinate the text describes.
    /// - Throws: ``CoordinateParseError`` describing the first problem found.
    public static func parse(_ text: String) throws(CoordinateParseError) -> Coordinate {
        try CoordinateParser(text).parse()
    }
}

// MARK: - Tokens

/// A part of an angle: degrees, minutes or seconds, in that order.
enum AngleUnit: Int {
    case degrees = 0
    case minutes = 1
    case seconds = 2

    var name: String {
        switch self {
        case .degrees: "degrees"
        case .minutes: "minutes"
        case .seconds: "seconds"
        }
    }
}

struct Token {
    enum Kind {
        case number(Double)
        /// A unit mark; `isLetter` is true for `d`, `m` and `s`.
        case unit(AngleUnit, isLetter: Bool)
        /// A hemisphere, as an uppercase `N`, `S`, `E` or `W`.
        case hemisphere(Character)
        case sign(isNegative: Bool)
        case separator
    }

    var kind: Kind
    /// Offset of the first `Character` of the token in the input.
    var start: Int
    /// Offset just past the last `Character` of the token.
    var end: Int

    var isHemisphere: Bool {
        if case .hemisphere = kind { return true }
        return false
    }

    var isSeparator: Bool {
        if case .separator = kind { return true }
        return false
    }

    var isNumberOrSign: Bool {
        switch kind {
        case .number, .sign: true
        default: false
        }
    }
}

/// One half of a pair (a latitude or a longitude) whose structure is valid, before range checks.
struct Half {
    struct Part {
        var value: Double
        var token: Token
    }

    /// The hemisphere letter (uppercase) and its token.
    var hemisphere: (letter: Character, token: Token)?
    var sign: Token?
    var parts: [Part]
    var start: Int
    var end: Int

    var isNegativeBySign: Bool {
        if case .sign(let isNegative) = sign?.kind { return isNegative }
        return false
    }
}

// MARK: - Parser

struct CoordinateParser {
    let characters: [Character]

    init(_ text: String) {
        characters = Array(text)
    }

    func parse() throws(CoordinateParseError) -> Coordinate {
        let tokens = try tokenize()
        guard !tokens.isEmpty else { throw CoordinateParseError(.emptyInput) }
        let (first, second) = try split(tokens)
        return try assemble(first, second)
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(characters[start..<end])
    }

    private func text(of token: Token) -> String {
        text(token.start, token.end)
    }

    // MARK: Lexing

    private func asciiDigit(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return ascii >= 0x30 && ascii <= 0x39
    }

    private func asciiLetter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
    }

    private func isWordCharacter(_ character: Character) -> Bool {
        asciiDigit(character) || asciiLetter(character) || character == "."
    }

    /// The run of letters, digits and dots around `index`, with its start, for error messages.
    private func word(around index: Int) -> (text: String, start: Int) {
        var start = index
        while start > 0 && isWordCharacter(characters[start - 1]) { start -= 1 }
        var end = index
        while end < characters.count && isWordCharacter(characters[end]) { end += 1 }
        return (text(start, end), start)
    }

    func tokenize() throws(CoordinateParseError) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        // Whether the previous token ends right where the current character starts.
        var glued = false
        while index < characters.count {
            let character = characters[index]
            let start = index
            if character.isWhitespace {
                index += 1
                glued = false
                continue
            }
            func add(_ kind: Token.Kind, length: Int = 1) {
                tokens.append(Token(kind: kind, start: start, end: start + length))
                index = start + length
            }
            switch character {
            case ",", ";":
                add(.separator)
            case "+":
                add(.sign(isNegative: false))
            case "-", "\u{2212}":
                add(.sign(isNegative: true))
            case "°", "º", "˚":
                add(.unit(.degrees, isLetter: false))
            case "′", "’", "´":
                add(.unit(.minutes, isLetter: false))
            case "'":
                if index + 1 < characters.count && characters[index + 1] == "'" {
                    add(.unit(.seconds, isLetter: false), length: 2)
                } else {
                    add(.unit(.minutes, isLetter: false))
                }
            case "″", "”", "\"":
                add(.unit(.seconds, isLetter: false))
            case _ where asciiDigit(character) || character == ".":
                var end = index
                while end < characters.count && (asciiDigit(characters[end]) || characters[end] == ".") {
                    end += 1
                }
                let numberText = text(start, end)
                // `1e2`: a number glued to e and a digit (or a sign and a digit) is exponent notation.
                if end + 1 < characters.count, characters[end] == "e" || characters[end] == "E" {
                    var exponentEnd = end + 1
                    if characters[exponentEnd] == "+" || characters[exponentEnd] == "-" { exponentEnd += 1 }
                    if exponentEnd < characters.count, asciiDigit(characters[exponentEnd]) {
                        while exponentEnd < characters.count && asciiDigit(characters[exponentEnd]) { exponentEnd += 1 }
                        throw CoordinateParseError(.exponentNotation(text(start, exponentEnd)), offset: start)
                    }
                }
                if numberText.count > maximumNumberLength {
                    throw CoordinateParseError(
                        .tooManyDigits(numberText, count: numberText.filter(asciiDigit).count), offset: start)
                }
                let dots = numberText.filter { $0 == "." }.count
                guard dots <= 1, numberText.count > dots, let value = Double(numberText) else {
                    throw CoordinateParseError(.invalidNumber(numberText), offset: start)
                }
                add(.number(value), length: end - start)
            case _ where asciiLetter(character):
                var end = index
                while end < characters.count && asciiLetter(characters[end]) { end += 1 }
                let letters = text(start, end).lowercased()
                let words: [String: Character] = ["north": "N", "south": "S", "east": "E", "west": "W"]
                if let hemisphere = words[letters] {
                    add(.hemisphere(hemisphere), length: end - start)
                    break
                }
                switch character {
                case "n", "N", "e", "E", "w", "W":
                    add(.hemisphere(Character(character.uppercased())))
                case "d", "D":
                    add(.unit(.degrees, isLetter: true))
                case "m", "M":
                    add(.unit(.minutes, isLetter: true))
                case "s" where glued && followsLetterMinutes(tokens):
                    add(.unit(.seconds, isLetter: true))
                case "s", "S":
                    add(.hemisphere("S"))
                default:
                    let (wordText, wordStart) = word(around: index)
                    throw CoordinateParseError(.invalidNumber(wordText), offset: wordStart)
                }
            default:
                throw CoordinateParseError(.unexpectedCharacter(String(character)), offset: start)
            }
            glued = true
        }
        return tokens
    }

    /// Whether the last token is a number that follows a minutes mark written as a letter (`m`), so that a
    /// lowercase `s` glued to that number means seconds rather than south.
    private func followsLetterMinutes(_ tokens: [Token]) -> Bool {
        guard tokens.count >= 2, case .number = tokens[tokens.count - 1].kind,
            case .unit(.minutes, isLetter: true) = tokens[tokens.count - 2].kind
        else { return false }
        return true
    }

    // MARK: Structure of one half

    /// Checks the structure of one half: `[hemisphere] [sign] number [unit] (number [unit]){0,2} [hemisphere]`.
    func parseHalf(_ tokens: ArraySlice<Token>) throws(CoordinateParseError) -> Half {
        guard let first = tokens.first, let last = tokens.last else {
            throw CoordinateParseError(.wrongNumberOfValues(found: 1))
        }
        var half = Half(hemisphere: nil, sign: nil, parts: [], start: first.start, end: last.end)
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            switch token.kind {
            case .hemisphere(let letter):
                if half.hemisphere != nil {
                    throw CoordinateParseError(.duplicateHemisphere(text(of: token)), offset: token.start)
                }
                let isPrefix = half.parts.isEmpty && half.sign == nil
                let isSuffix = !half.parts.isEmpty && index == tokens.endIndex - 1
                guard isPrefix || isSuffix else {
                    throw CoordinateParseError(.misplacedHemisphere(text(of: token)), offset: token.start)
                }
                half.hemisphere = (letter, token)
            case .sign:
                guard half.parts.isEmpty && half.sign == nil else {
                    throw CoordinateParseError(.misplacedSign(text(of: token)), offset: token.start)
                }
                half.sign = token
            case .number(let value):
                guard half.parts.count < 3 else {
                    throw CoordinateParseError(.tooManyParts(text(half.start, half.end)), offset: half.start)
                }
                let expected = AngleUnit(rawValue: half.parts.count)!
                if index + 1 < tokens.endIndex, case .unit(let unit, _) = tokens[index + 1].kind {
                    let unitToken = tokens[index + 1]
                    guard unit == expected else {
                        throw CoordinateParseError(
                            .unexpectedUnit(text(of: unitToken), expected: expected.name),
                            offset: unitToken.start
                        )
                    }
                    index += 1
                }
                if let previous = half.parts.last, previous.value != previous.value.rounded(.towardZero) {
                    throw CoordinateParseError(
                        .fractionNotLast(text(of: previous.token), followedBy: expected.name),
                        offset: previous.token.start
                    )
                }
                half.parts.append(Half.Part(value: value, token: token))
            case .unit:
                throw CoordinateParseError(.misplacedUnit(text(of: token)), offset: token.start)
            case .separator:
                throw CoordinateParseError(.unexpectedCharacter(text(of: token)), offset: token.start)
            }
            index += 1
        }
        guard !half.parts.isEmpty else {
            throw CoordinateParseError(.missingNumber(text(half.start, half.end)), offset: half.start)
        }
        return half
    }

    private func isValidHalf(_ tokens: ArraySlice<Token>) -> Half? {
        // A valid half has at most 9 tokens: letter, sign, three numbers with marks, letter.
        guard tokens.count <= 9 else { return nil }
        return try? parseHalf(tokens)
    }

    // MARK: Splitting into two halves

    func split(_ tokens: [Token]) throws(CoordinateParseError) -> (Half, Half) {
        if tokens.contains(where: \.isSeparator) {
            return try splitAtSeparator(tokens)
        }
        if tokens.allSatisfy(\.isNumberOrSign) {
            return try splitPlainNumbers(tokens)
        }
        return try splitByStructure(tokens)
    }

    private func splitAtSeparator(_ tokens: [Token]) throws(CoordinateParseError) -> (Half, Half) {
        let groups = tokens.split(omittingEmptySubsequences: false, whereSeparator: \.isSeparator)
        let filled = groups.filter { !$0.isEmpty }
        guard filled.count == 2 else {
            throw CoordinateParseError(.wrongNumberOfValues(found: filled.count))
        }
        if groups.count > 2 {
            // Two values but a superfluous separator: report the first one next to an empty group.
            let separators = tokens.filter(\.isSeparator)
            for (index, group) in groups.enumerated() where group.isEmpty {
                // The separator after an empty group, or the one before it when it is the last group.
                let separator = separators[index == groups.count - 1 ? index - 1 : index]
                throw CoordinateParseError(.unexpectedCharacter(text(of: separator)), offset: separator.start)
            }
        }
        return (try parseHalf(filled[0]), try parseHalf(filled[1]))
    }

    /// Numbers without marks or letters: 2, 4 or 6 numbers split into two equal groups.
    private func splitPlainNumbers(_ tokens: [Token]) throws(CoordinateParseError) -> (Half, Half) {
        let numberIndices = tokens.indices.filter { !isSign(tokens[$0]) }
        guard [2, 4, 6].contains(numberIndices.count) else {
            throw CoordinateParseError(.wrongNumberOfValues(found: numberIndices.count))
        }
        var splitIndex = numberIndices[numberIndices.count / 2]
        if splitIndex > 1 && isSign(tokens[splitIndex - 1]) {
            splitIndex -= 1
        }
        return (try parseHalf(tokens[..<splitIndex]), try parseHalf(tokens[splitIndex...]))
    }

    private func isSign(_ token: Token) -> Bool {
        if case .sign = token.kind { return true }
        return false
    }

    /// Tries every split point and keeps the ones where both halves are structurally valid.
    private func splitByStructure(_ tokens: [Token]) throws(CoordinateParseError) -> (Half, Half) {
        var best: [(score: Int, halves: (Half, Half))] = []
        if tokens.count <= 18 {
            for index in 1..<tokens.count {
                guard let first = isValidHalf(tokens[..<index]), let second = isValidHalf(tokens[index...]) else {
                    continue
                }
                let balanced = first.parts.count == second.parts.count
                let letterFollowsNumber = !tokens[index].isHemisphere
                let score = (balanced ? 2 : 0) + (letterFollowsNumber ? 1 : 0)
                if let top = best.first?.score, top > score { continue }
                if let top = best.first?.score, top < score { best.removeAll() }
                best.append((score, (first, second)))
            }
        }
        if best.count == 1 {
            return best[0].halves
        }
        if best.count > 1 {
            let whole = text(tokens[0].start, tokens[tokens.count - 1].end)
            throw CoordinateParseError(.ambiguousSplit(whole))
        }
        throw noValidSplit(tokens)
    }

    /// Explains why no split into two valid halves exists.
    private func noValidSplit(_ tokens: [Token]) -> CoordinateParseError {
        if isValidHalf(tokens[...]) != nil {
            return CoordinateParseError(.wrongNumberOfValues(found: 1))
        }
        // A single obvious boundary at a hemisphere letter: report what is wrong with either side.
        let boundaries: [Int]
        if tokens[0].isHemisphere {
            boundaries = tokens.indices.dropFirst().filter { tokens[$0].isHemisphere }
        } else {
            boundaries = tokens.indices.dropLast().filter { tokens[$0].isHemisphere }.map { $0 + 1 }
        }
        if boundaries.count == 1 {
            do {
                _ = try parseHalf(tokens[..<boundaries[0]])
                _ = try parseHalf(tokens[boundaries[0]...])
            } catch {
                return error
            }
        }
        // Otherwise count how many values there are, taking the longest valid half each time.
        var start = 0
        var count = 0
        while start < tokens.count {
            var end = min(tokens.count, start + 9)
            while end > start && isValidHalf(tokens[start..<end]) == nil { end -= 1 }
            if end == start {
                do {
                    _ = try parseHalf(tokens[start...])
                } catch {
                    return error
                }
                return CoordinateParseError(.wrongNumberOfValues(found: count + 1))
            }
            count += 1
            start = end
        }
        return CoordinateParseError(.wrongNumberOfValues(found: count))
    }

    // MARK: Values

    private func assemble(_ first: Half, _ second: Half) throws(CoordinateParseError) -> Coordinate {
        var latitudeHalf = first
        var longitudeHalf = second
        if let firstLetter = first.hemisphere?.letter, let secondLetter = second.hemisphere?.letter,
            "EW".contains(firstLetter), "NS".contains(secondLetter)
        {
            latitudeHalf = second
            longitudeHalf = first
        }
        let latitude = try value(of: latitudeHalf, isLatitude: true)
        let longitude = try value(of: longitudeHalf, isLatitude: false)
        return try Coordinate(latitude: latitude, longitude: longitude)
    }

    private func value(of half: Half, isLatitude: Bool) throws(CoordinateParseError) -> Double {
        var magnitude = half.parts[0].value
        if half.parts.count > 1 {
            let minutes = half.parts[1]
            guard minutes.value < 60 else {
                throw CoordinateParseError(.minutesOutOfRange(minutes.value), offset: minutes.token.start)
            }
            magnitude += minutes.value / 60
        }
        if half.parts.count > 2 {
            let seconds = half.parts[2]
            guard seconds.value < 60 else {
                throw CoordinateParseError(.secondsOutOfRange(seconds.value), offset: seconds.token.start)
            }
            magnitude += seconds.value / 3600
        }
        var isNegative = half.isNegativeBySign
        if let (letter, token) = half.hemisphere {
            if half.sign != nil {
                throw CoordinateParseError(.signWithHemisphere(text(half.start, half.end)), offset: half.start)
            }
            let allowed: String = isLatitude ? "NS" : "EW"
            guard allowed.contains(letter) else {
                let letterText = text(of: token)
                let reason: CoordinateParseError.Reason =
                    isLatitude ? .notALatitudeHemisphere(letterText) : .notALongitudeHemisphere(letterText)
                throw CoordinateParseError(reason, offset: token.start)
            }
            isNegative = letter == "S" || letter == "W"
        }
        let value = isNegative ? -magnitude : magnitude
        if isLatitude && !(-90.0...90.0).contains(value) {
            throw CoordinateParseError(.latitudeOutOfRange(value), offset: half.start)
        }
        if !isLatitude && !(-180.0...180.0).contains(value) {
            throw CoordinateParseError(.longitudeOutOfRange(value), offset: half.start)
        }
        return value
    }
}
