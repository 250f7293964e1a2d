import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the host reacts to: input and signals, delivered in order on one async stream.
enum HostEvent: Sendable {
    /// A line read in plain mode, without its newline.
    case line(String)
    /// Bytes read from a terminal in raw mode.
    case bytes([UInt8])
    /// Standard input ended.
    case endOfInput
    /// A signal arrived (interrupt, termination, hang-up or a resize).
    case signal(Int32)
}

/// The write end of the pipe that signal handlers write the signal's number to: the only thing a
/// handler does, since writing to a pipe is async-signal-safe.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

private func forwardSignal(_ signalNumber: Int32) {
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipeWriteEnd, &byte, 1)
}

/// Reads standard input and signals on background threads and delivers them as ``HostEvent``s, so
/// the main actor stays free for the app while a read blocks.
enum HostEvents {
    enum Reading {
        case lines
        case bytes
    }

    static func start(reading: Reading, signals: [Int32]) -> AsyncStream<HostEvent> {
        let (stream, continuation) = AsyncStream<HostEvent>.makeStream()
        forward(signals, to: continuation)
        Thread.detachNewThread {
            switch reading {
            case .lines:
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(.line(line))
                }
            case .bytes:
                var buffer = [UInt8](repeating: 0, count: 256)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    if count <= 0 { break }
                    continuation.yield(.bytes(Array(buffer[..<count])))
                }
            }
            continuation.yield(.endOfInput)
        }
        return stream
    }

    private static func forward(_ signals: [Int32], to continuation: AsyncStream<HostEvent>.Continuation) {
        var ends: [Int32] = [0, 0]
        guard !signals.isEmpty, pipe(&ends) == 0 else { return }
        let readEnd = ends[0]
        signalPipeWriteEnd = ends[1]
        for number in signals {
            signal(number, forwardSignal)
        }
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return }
                continuation.yield(.signal(Int32(byte)))
            }
        }
    }
}
