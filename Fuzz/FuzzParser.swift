// libFuzzer entry point for the coordinate parser.
//
// Built by Fuzz/run-fuzzer.sh together with Sources/CoordinatesKit/*.swift into one module, so the library's
// declarations are visible without an import.

/// The largest distance between a value and its formatted-then-parsed value that each format allows: half of the
/// smallest printed step, plus a little for floating-point error.
private func tolerance(_ format: CoordinateFormat) -> Double {
    switch format {
    case .decimalDegrees: 0.5 / 1_000_000 + 1e-9
    case .degreesDecimalMinutes: 0.5 / 60_000 + 1e-9
    case .degreesMinutesSeconds: 0.5 / 36_000 + 1e-9
    }
}

/// Feeds arbitrary bytes, decoded as UTF-8 with replacement characters, to the parser.
///
/// Parse errors are fine. When parsing succeeds, every format must produce text that parses again, lands within
/// the format's precision of the parsed value, and formats to the same text (a fixed point). Any violation traps.
///
/// ```swift
/// // Run through libFuzzer: Fuzz/run-fuzzer.sh 60
/// ```
///
/// - Parameters:
///   - data: The input bytes.
///   - size: The number of bytes.
/// - Returns: Always 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let coordinate: Coordinate
    do {
        coordinate = try Coordinate(parsing: text)
    } catch {
        precondition(!error.message.isEmpty, "empty error message for \(text.debugDescription)")
        return 0
    }
    precondition((-90...90).contains(coordinate.latitude), "latitude out of range for \(text.debugDescription)")
    precondition((-180...180).contains(coordinate.longitude), "longitude out of range for \(text.debugDescription)")
    for format in CoordinateFormat.allCases {
        let formatted = coordinate.formatted(format)
        let reparsed: Coordinate
        do {
            reparsed = try Coordinate(parsing: formatted)
        } catch {
            preconditionFailure("\(formatted.debugDescription) from \(text.debugDescription) did not parse: \(error)")
        }
        let limit = tolerance(format)
        precondition(
            abs(reparsed.latitude - coordinate.latitude) <= limit
                && abs(reparsed.longitude - coordinate.longitude) <= limit,
            "\(formatted.debugDescription) from \(text.debugDescription) parsed to \(reparsed)"
        )
        precondition(
            reparsed.formatted(format) == formatted,
            "\(formatted.debugDescription) is not a fixed point (from \(text.debugDescription))"
        )
    }
    return 0
}
