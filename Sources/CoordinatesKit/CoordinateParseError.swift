/// An error that explains why a text could not be read as a coordinate, or why a latitude or longitude is invalid.
///
/// Every error carries a ``reason`` (what went wrong, with the offending part of the input), an optional
/// ``offset`` (where in the input the offending part starts) and a human-readable ``message``. Messages are stable:
/// they are part of the API and tests assert them verbatim.
///
/// The same type is thrown by ``Coordinate/init(latitude:longitude:)`` when a value is outside the valid range,
/// so callers handle one error type for both parsing and validation.
///
/// ```swift
/// do {
///     _ = try Coordinate(parsing: "48 61 N, 2 17 E")
/// } catch {
///     print(error.message)  // minutes must be below 60 (got 61)
///     print(error.offset)   // Optional(3)
///     print(error)          // minutes must be below 60 (got 61) (at offset 3)
/// }
/// ```
public struct CoordinateParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong while reading or validating a coordinate.
    ///
    /// Each case documents the exact ``CoordinateParseError/message`` it produces. Numbers in messages are written
    /// in their shortest form (`61`, `60.5`, `-91.2`); texts are quoted exactly as they appear in the input.
    ///
    /// ```swift
    /// if case .minutesOutOfRange(let minutes) = error.reason {
    ///     print("bad minutes: \(minutes)")
    /// }
    /// ```
    public enum Reason: Hashable, Sendable {
        /// The input is empty or contains only whitespace.
        ///
        /// Message: `empty input`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "   ")  // throws .emptyInput
        /// ```
        case emptyInput

        /// The input does not contain exactly two values (a latitude and a longitude).
        ///
        /// Message: `expected two values (latitude and longitude), found 1`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48.8584")  // throws .wrongNumberOfValues(found: 1)
        /// ```
        case wrongNumberOfValues(found: Int)

        /// Two values are present but there is more than one way to split them into latitude and longitude.
        ///
        /// Message: `cannot tell where the latitude ends and the longitude begins in '48 30 2 E'; separate them with
        /// a comma`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48 30 2 E")  // throws .ambiguousSplit("48 30 2 E")
        /// ```
        case ambiguousSplit(String)

        /// A word that should be a number (or a hemisphere or unit letter) could not be read.
        ///
        /// Message: `could not read '12x' as a number`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "12x, 3")  // throws .invalidNumber("12x")
        /// ```
        case invalidNumber(String)

        /// A character that has no meaning in a coordinate, or a superfluous separator.
        ///
        /// Message: `unexpected character '@'`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48 @ 2")  // throws .unexpectedCharacter("@")
        /// ```
        case unexpectedCharacter(String)

        /// A latitude or longitude consists only of a sign or a hemisphere letter, without a number.
        ///
        /// Message: `expected a number in 'N'`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "N, 2 E")  // throws .missingNumber("N")
        /// ```
        case missingNumber(String)

        /// A sign appears somewhere other than in front of the degrees.
        ///
        /// Message: `sign '-' must come before the degrees`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48 -30, 2")  // throws .misplacedSign("-")
        /// ```
        case misplacedSign(String)

        /// A hemisphere letter appears in the middle of a value instead of before or after it.
        ///
        /// Message: `hemisphere letter 'N' must come before or after the value`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48 N 30, 2 E")  // throws .misplacedHemisphere("N")
        /// ```
        case misplacedHemisphere(String)

        /// One value carries two hemisphere letters.
        ///
        /// Message: `'S' is a second hemisphere letter for the same value`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "N 48 S, 2 E")  // throws .duplicateHemisphere("S")
        /// ```
        case duplicateHemisphere(String)

        /// A unit symbol (`°`, `′`, `″`, `d`, `m`, `s`, …) that does not follow a number.
        ///
        /// Message: `'°' must follow a number`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "° 48, 2")  // throws .misplacedUnit("°")
        /// ```
        case misplacedUnit(String)

        /// A unit symbol in the wrong order; parts must be degrees, then minutes, then seconds.
        ///
        /// Message: `found '″' where minutes were expected`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48° 30″, 2")  // throws .unexpectedUnit("″", expected: "minutes")
        /// ```
        case unexpectedUnit(String, expected: String)

        /// A value has more than three numeric parts (degrees, minutes and seconds).
        ///
        /// Message: `too many parts in '1 2 3 4' (at most degrees, minutes and seconds)`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "1 2 3 4, 5")  // throws .tooManyParts("1 2 3 4")
        /// ```
        case tooManyParts(String)

        /// A part with decimals is followed by a smaller unit; only the last part may have decimals.
        ///
        /// Message: `'48.5' must be a whole number when minutes follow`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48.5 30, 2")  // throws .fractionNotLast("48.5", followedBy: "minutes")
        /// ```
        case fractionNotLast(String, followedBy: String)

        /// The minutes part is 60 or more.
        ///
        /// Message: `minutes must be below 60 (got 61)`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48 61 N, 2 E")  // throws .minutesOutOfRange(61)
        /// ```
        case minutesOutOfRange(Double)

        /// The seconds part is 60 or more.
        ///
        /// Message: `seconds must be below 60 (got 60.5)`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48 51 60.5 N, 2 E")  // throws .secondsOutOfRange(60.5)
        /// ```
        case secondsOutOfRange(Double)

        /// A value has both a sign and a hemisphere letter, which is contradictory or redundant.
        ///
        /// Message: `'-48.8584 N' has both a sign and a hemisphere letter`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "-48.8584 N, 2 E")  // throws .signWithHemisphere("-48.8584 N")
        /// ```
        case signWithHemisphere(String)

        /// The latitude carries an east/west letter.
        ///
        /// Message: `'E' is not a latitude hemisphere (use N or S)`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48 E, 2 E")  // throws .notALatitudeHemisphere("E")
        /// ```
        case notALatitudeHemisphere(String)

        /// The longitude carries a north/south letter.
        ///
        /// Message: `'N' is not a longitude hemisphere (use E or W)`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "48 N, 2 N")  // throws .notALongitudeHemisphere("N")
        /// ```
        case notALongitudeHemisphere(String)

        /// The latitude is not within −90…90 (or is not a finite number).
        ///
        /// Message: `latitude 91.2 is out of range −90…90`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "91.2, 0")  // throws .latitudeOutOfRange(91.2)
        /// ```
        case latitudeOutOfRange(Double)

        /// The longitude is not within −180…180 (or is not a finite number).
        ///
        /// Message: `longitude 181 is out of range −180…180`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "0, 181")  // throws .longitudeOutOfRange(181)
        /// ```
        case longitudeOutOfRange(Double)

        /// A number is written in exponent notation, which coordinates never use; the `e` would
        /// otherwise be read as East.
        ///
        /// Message: `'1e2' is exponent notation, which is not accepted; write the number out (100)`.
        ///
        /// ```swift
        /// try Coordinate(parsing: "1e2, 0")  // throws .exponentNotation("1e2")
        /// ```
        case exponentNotation(String)

        /// A number has more digits than any latitude, longitude, minute or second needs.
        ///
        /// Message: `the number '1111111111…1111' has 400 digits; no coordinate needs more than 32`.
        ///
        /// ```swift
        /// try Coordinate(parsing: String(repeating: "1", count: 400) + ", 0")  // throws .tooManyDigits
        /// ```
        case tooManyDigits(String, count: Int)
    }

    /// What went wrong, including the offending text or value.
    ///
    /// Switch over it to react to specific problems; use ``message`` to show the problem to a person.
    ///
    /// ```swift
    /// if error.reason == .emptyInput { /* ask again */ }
    /// ```
    public let reason: Reason

    /// Where the offending part starts in the input, counted in `Character`s from 0, if known.
    ///
    /// It is `nil` for problems that concern the input as a whole (such as ``Reason/emptyInput`` or
    /// ``Reason/wrongNumberOfValues(found:)``) and for errors thrown by ``Coordinate/init(latitude:longitude:)``.
    ///
    /// ```swift
    /// // "48 61 N, 2 E": the minutes "61" start at offset 3.
    /// ```
    public let offset: Int?

    /// Creates an error from a reason and the position of the offending part.
    ///
    /// Normally errors are created by the parser; this initializer exists so that callers can construct expected
    /// values in tests.
    ///
    /// ```swift
    /// let expected = CoordinateParseError(.minutesOutOfRange(61), offset: 3)
    /// ```
    ///
    /// - Parameters:
    ///   - reason: What went wrong.
    ///   - offset: The `Character` offset of the offending part in the input, or `nil`.
    public init(_ reason: Reason, offset: Int? = nil) {
        self.reason = reason
        self.offset = offset
    }

    /// A stable, human-readable explanation of the problem, without the position.
    ///
    /// The exact texts are listed on the cases of ``Reason``; they never include the ``offset``.
    ///
    /// ```swift
    /// let error = CoordinateParseError(.latitudeOutOfRange(91.2))
    /// print(error.message)  // latitude 91.2 is out of range −90…90
    /// ```
    public var message: String {
        switch reason {
        case .emptyInput:
            return "empty input"
        case .wrongNumberOfValues(let found):
            return "expected two values (latitude and longitude), found \(found)"
        case .ambiguousSplit(let text):
            return "cannot tell where the latitude ends and the longitude begins in '\(text)'; "
                + "separate them with a comma"
        case .invalidNumber(let text):
            return "could not read '\(text)' as a number"
        case .unexpectedCharacter(let text):
            return "unexpected character '\(visible(text))'"
        case .missingNumber(let text):
            return "expected a number in '\(text)'"
        case .misplacedSign(let sign):
            return "sign '\(sign)' must come before the degrees"
        case .misplacedHemisphere(let letter):
            return "hemisphere letter '\(letter)' must come before or after the value"
        case .duplicateHemisphere(let letter):
            return "'\(letter)' is a second hemisphere letter for the same value"
        case .misplacedUnit(let unit):
            return "'\(unit)' must follow a number"
        case .unexpectedUnit(let unit, let expected):
            return "found '\(unit)' where \(expected) were expected"
        case .tooManyParts(let text):
            return "too many parts in '\(text)' (at most degrees, minutes and seconds)"
        case .fractionNotLast(let text, let next):
            return "'\(text)' must be a whole number when \(next) follow"
        case .minutesOutOfRange(let minutes):
            return "minutes must be below 60 (got \(shortDecimal(minutes)))"
        case .secondsOutOfRange(let seconds):
            return "seconds must be below 60 (got \(shortDecimal(seconds)))"
        case .signWithHemisphere(let text):
            return "'\(text)' has both a sign and a hemisphere letter"
        case .notALatitudeHemisphere(let letter):
            return "'\(letter)' is not a latitude hemisphere (use N or S)"
        case .notALongitudeHemisphere(let letter):
            return "'\(letter)' is not a longitude hemisphere (use E or W)"
        case .latitudeOutOfRange(let value):
            return "latitude \(shortDecimal(value)) is out of range −90…90"
        case .longitudeOutOfRange(let value):
            return "longitude \(shortDecimal(value)) is out of range −180…180"
        case .exponentNotation(let text):
            let value = Double(text).map { " (\(shortDecimal($0)))" } ?? ""
            return "'\(text)' is exponent notation, which is not accepted; write the number out\(value)"
        case .tooManyDigits(let text, let count):
            let shown = text.count > 14 ? text.prefix(10) + "…" + text.suffix(4) : Substring(text)
            return "the number '\(shown)' has \(count) digits; no coordinate needs more than \(maximumNumberLength)"
        }
    }

    /// The ``message`` followed by the ``offset`` when it is known.
    ///
    /// Use it for logs; use ``message`` when the position is shown some other way.
    ///
    /// ```swift
    /// print(CoordinateParseError(.minutesOutOfRange(61), offset: 3))
    /// // minutes must be below 60 (got 61) (at offset 3)
    /// ```
    public var description: String {
        guard let offset else { return message }
        return "\(message) (at offset \(offset))"
    }
}

/// The longest number the parser reads, in characters.
let maximumNumberLength = 32

/// Shows control characters (an escape, a bell, a NUL…) as `\u{1B}`, so that a message never sends
/// them to a terminal.
func visible(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
        if scalar.properties.generalCategory == .control {
            output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            output.unicodeScalars.append(scalar)
        }
    }
    return output
}

/// Writes a number in its shortest round-tripping form, without a trailing `.0` for whole numbers.
func shortDecimal(_ value: Double) -> String {
    let text = "\(value)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
