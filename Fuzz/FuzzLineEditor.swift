// libFuzzer entry point for the full-screen UI's key decoder, line editor and frame renderer.
//
// Built by `Fuzz/run-fuzzer.sh SECONDS editor` together with the few CoordinatesApp files they need (Key,
// KeyDecoder, LineEditor, ScreenContent, TextRenderer, TerminalWidth, Base64) into one module, so no Baton is
// linked and the declarations are visible without an import.

/// Feeds arbitrary bytes to the key decoder as a terminal would (in reads of varying length, so escape sequences,
/// pastes and UTF-8 characters are split anywhere), applies every key to a line editor, and draws the field in a
/// frame after each read.
///
/// Invariants, any violation traps: the cursor stays within the text; the text holds no control character and at
/// most ``LineEditor/lengthLimit`` characters; every frame line is exactly the terminal's width in columns once its
/// colour escapes are removed; the terminal's cursor lies inside the frame.
///
/// ```swift
/// // Run through libFuzzer: Fuzz/run-fuzzer.sh 60 editor
/// ```
///
/// - Parameters:
///   - data: The input bytes.
///   - size: The number of bytes.
/// - Returns: Always 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineEditor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let seed = bytes.first else { return 0 }
    // The first byte picks the terminal's size and how reads are cut.
    let width = 1 + Int(seed % 97)
    let height = 1 + Int(seed / 8 % 13)
    var state = UInt32(seed) &* 2_654_435_761 | 1
    var decoder = KeyDecoder()
    var editor = LineEditor(text: "")
    var index = 1
    while index < bytes.count {
        state = state &* 1_103_515_245 &+ 12_345
        let length = 1 + Int(state >> 16 % 9)
        let read = Array(bytes[index..<min(bytes.count, index + length)])
        index += length
        for key in decoder.decode(read) {
            editor.apply(key)
            precondition(editor.cursor >= 0 && editor.cursor <= editor.text.count, "cursor outside the text")
            precondition(editor.text.count <= LineEditor.lengthLimit, "text longer than the limit")
            precondition(
                !editor.text.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "a control character in the text")
        }
        let content = ScreenContent(
            title: "Edit position", lines: ["Now: 51.477800° N, 0.001500° W"],
            commands: [.init(shortcut: "Enter", title: "Save"), .init(shortcut: "Esc", title: "Cancel")],
            field: .init(text: editor.text, cursor: editor.cursor, errorOffset: editor.text.isEmpty ? nil : 0))
        let frame = TextRenderer.frame(content, width: width, height: height)
        precondition(frame.lines.count == height, "frame of \(frame.lines.count) lines for \(height)")
        for line in frame.lines {
            let visible = line.replacingOccurrences(of: "\u{1B}[7m", with: "")
                .replacingOccurrences(of: "\u{1B}[2m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
            precondition(!visible.contains("\u{1B}"), "a raw escape in \(visible.debugDescription)")
            precondition(TerminalWidth.columns(visible) == width, "line of the wrong width: \(visible.debugDescription)")
        }
        if let cursor = frame.cursor {
            precondition(cursor.row < height && cursor.column < width, "cursor outside the frame: \(cursor)")
        }
    }
    return 0
}
