import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations the state store needs, with the system's own error texts.
enum FileSystem {
    struct Failure: Error, CustomStringConvertible {
        let description: String

        static func current(_ operation: String) -> Failure {
            Failure(description: "\(operation): \(String(cString: strerror(errno)))")
        }
    }

    static func readFile(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .current("open") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .current("read")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    /// Writes `bytes` to a new file at `path` and flushes it to disk.
    static func writeFile(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .current("open") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = Failure.current("write")
                close(descriptor)
                throw failure
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let failure = Failure.current("fsync")
            close(descriptor)
            throw failure
        }
        guard close(descriptor) == 0 else { throw .current("close") }
    }

    static func renameFile(_ source: String, to destination: String) throws(Failure) {
        guard rename(source, destination) == 0 else { throw .current("rename") }
    }

    static func removeFile(_ path: String) {
        unlink(path)
    }
}
