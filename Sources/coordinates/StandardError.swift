#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes messages to standard error, prefixed with the program's name.
enum StandardError {
    static func write(_ message: String) {
        var text = message.hasPrefix("Error:") || message.hasPrefix("Usage:") ? message : "coordinates: " + message
        if !text.hasSuffix("\n") { text += "\n" }
        writeAll(text, to: STDERR_FILENO)
    }
}

/// Writes to standard output unbuffered, so that plain mode's output interleaves correctly with a
/// script that waits for each screen before sending the next command.
enum StandardOutput {
    /// Whether a write found standard output closed (EPIPE): the reader is gone, and the host
    /// saves and exits with 141 as if SIGPIPE had arrived.
    static var isClosed: Bool { outputClosed }

    static func write(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// Writes `text` and a newline.
    static func line(_ text: String = "") {
        writeAll(text + "\n", to: STDOUT_FILENO)
    }
}

nonisolated(unsafe) private var outputClosed = false

/// Writes every byte of `text` to `descriptor`, retrying on interruption.
private func writeAll(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let count = bytes.withUnsafeBytes { buffer in
            write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if count < 0 {
            if errno == EINTR { continue }
            if errno == EPIPE, descriptor == STDOUT_FILENO { outputClosed = true }
            return
        }
        offset += count
    }
}
