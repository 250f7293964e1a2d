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

    /// The file's bytes; `nil` as soon as it holds more than `limit` bytes (the rest is not read).
    static func readFile(_ path: String, limit: Int = .max) throws(Failure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw .current("open") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            if bytes.count > limit { return nil }
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

    /// What is at a path, following symlinks.
    enum Kind: Equatable {
        case missing
        case regularFile
        /// Something else, described: "a folder", "a device", "a FIFO", "a socket".
        case other(String)
        case failure(String)
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            // A missing folder on the way (ENOTDIR: a file stands where one should be) is reported
            // when the save tries to make it.
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            return .failure("stat: \(String(cString: strerror(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .other("a folder")
        case S_IFCHR, S_IFBLK: return .other("a device")
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        default: return .other("not a file")
        }
    }

    /// The path that a chain of symlinks at `path` ends at (which may not exist yet), or `path`.
    static func resolvingSymlinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: 4097)
            let count = readlink(current, &buffer, 4096)
            guard count > 0 else { return current }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if destination.hasPrefix("/") {
                current = destination
            } else {
                let folder = (current as NSString).deletingLastPathComponent
                current = folder.isEmpty ? destination : folder + "/" + destination
            }
        }
        return current
    }

    /// Takes an exclusive lock on `path` (made when missing) and keeps it open until the process
    /// exits; fails at once when another process holds it.
    static func lockForever(_ path: String) throws(Failure) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .current("open \(path)") }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            // The holder's process number is only a hint in the message: without it, the message still says why.
            let holder = (try? readFile(path, limit: 64)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            close(descriptor)
            let pid = holder.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(
                description: "it is in use by another coordinates" + (pid.isEmpty ? "" : " (process \(pid))")
                    + "; quit that one first, or pass another --state")
        }
        _ = ftruncate(descriptor, 0)
        let text = Array("\(getpid())\n".utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    static func removeFile(_ path: String) {
        unlink(path)
    }
}
