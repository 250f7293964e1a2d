import CoordinatesKit

/// A coordinate typed on the command line that could not be read, with a message that quotes the
/// text and points at the bad part.
///
/// ```swift
/// do {
///     _ = try Coordinate(parsing: "48 61 N, 2 E")
/// } catch {
///     print(InvalidCoordinate(text: "48 61 N, 2 E", error: error).message)
///     // could not read the coordinate "48 61 N, 2 E": minutes must be below 60 (got 61)
///     //   48 61 N, 2 E
///     //      ^
/// }
/// ```
public struct InvalidCoordinate: Error, Hashable, Sendable {
    /// The text as typed.
    ///
    /// ```swift
    /// problem.text   // "48 61 N, 2 E"
    /// ```
    public let text: String
    /// Why it could not be read.
    ///
    /// ```swift
    /// problem.error.offset   // 3
    /// ```
    public let error: CoordinateParseError
    /// Which argument it was, such as `"from"`, or `nil` for the only one.
    ///
    /// ```swift
    /// problem.role   // "from"
    /// ```
    public let role: String?

    /// Makes the problem report.
    ///
    /// ```swift
    /// InvalidCoordinate(text: text, error: error, role: "to")
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text as typed.
    ///   - error: The parser's error.
    ///   - role: Which argument it was.
    public init(text: String, error: CoordinateParseError, role: String? = nil) {
        self.text = text
        self.error = error
        self.role = role
    }

    /// The message: what could not be read and why, then the text with a caret under the bad part
    /// when the parser knows where it is.
    ///
    /// ```swift
    /// print(problem.message)
    /// ```
    public var message: String {
        let subject = role.map { "<\($0)>" } ?? "the coordinate"
        // Control characters in the input are shown escaped, never sent to the terminal.
        let shown = Self.visible(text)
        var lines = ["could not read \(subject) \"\(shown)\": \(error.message)"]
        if let offset = error.offset {
            lines.append("  " + shown)
            lines.append(String(repeating: " ", count: 2 + Self.visible(String(text.prefix(offset))).count) + "^")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with control characters written as `\u{1B}`.
    static func visible(_ text: String) -> String {
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
}
