import CoordinatesApp
import CoordinatesKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one position from gpsd, the standard Linux GPS daemon, over its JSON protocol: connects to
/// `host:port`, sends `?WATCH={"enable":true,"json":true}` and takes the first TPV report with a 2D
/// or 3D fix. The accuracy is gpsd's `eph` (or the larger of `epx` and `epy`) in metres.
///
/// The socket is read on its own thread with `poll`, so waiting never blocks the main actor, and
/// gives up at `timeout` with a message saying what was missing: the daemon, a receiver, or a fix.
struct GPSDLocator: PositionLocator {
    let host: String
    let port: UInt16
    let timeout: Double

    var name: String { "gpsd at \(host):\(port)" }

    /// Reads `HOST:PORT`, `HOST` or `:PORT` (an IPv6 address in brackets: `[::1]:2947`).
    static func parse(_ text: String, timeout: Double) -> GPSDLocator? {
        var host = "localhost"
        var port: UInt16 = 2947
        var rest = Substring(text)
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = UInt16(rest.dropFirst()), number > 0 else { return nil }
                port = number
            }
        } else if let colon = rest.lastIndex(of: ":") {
            if colon != rest.startIndex { host = String(rest[..<colon]) }
            guard let number = UInt16(rest[rest.index(after: colon)...]), number > 0 else { return nil }
            port = number
        } else if !rest.isEmpty {
            host = String(rest)
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace }) else { return nil }
        return GPSDLocator(host: host, port: port, timeout: timeout)
    }

    func locate() async throws(PositionFixError) -> PositionFix {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<PositionFix, PositionFixError>, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: readFix())
            }
        }
        return try result.get()
    }

    // MARK: - The blocking part, on its own thread

    private func readFix() -> Result<PositionFix, PositionFixError> {
        let deadline = Date().addingTimeInterval(timeout)
        let descriptor: Int32
        switch connect(before: deadline) {
        case .success(let connected): descriptor = connected
        case .failure(let error): return .failure(error)
        }
        defer { close(descriptor) }
        let watch = Array("?WATCH={\"enable\":true,\"json\":true}\n".utf8)
        guard send(watch, to: descriptor) else {
            return .failure(PositionFixError("\(name) closed the connection: \(systemError())."))
        }
        var session = Session()
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .failure(session.timeoutError(name, timeout)) }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                return .failure(PositionFixError("\(name) closed the connection before giving a fix."))
            }
            buffer.append(contentsOf: chunk[..<count])
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if let fix = session.read(line) { return .success(fix) }
            }
            // A report is a few hundred bytes; a megabyte without a newline is not gpsd.
            if buffer.count > 1_000_000 {
                return .failure(PositionFixError("\(name) does not speak gpsd's JSON protocol."))
            }
        }
    }

    /// What the reports said so far, for the message when no fix comes.
    private struct Session {
        var devices: [String]?
        var reportsWithoutFix = 0
        var sawGPSD = false

        mutating func read(_ line: [UInt8]) -> PositionFix? {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let kind = object["class"] as? String
            else { return nil }
            sawGPSD = true
            switch kind {
            case "DEVICES":
                let list = object["devices"] as? [[String: Any]] ?? []
                devices = list.compactMap { $0["path"] as? String }
            case "DEVICE":
                if let path = object["path"] as? String, object["activated"] != nil {
                    devices = (devices ?? []).filter { $0 != path } + [path]
                }
            case "TPV":
                guard let mode = object["mode"] as? Int, mode >= 2,
                    let latitude = (object["lat"] as? NSNumber)?.doubleValue,
                    let longitude = (object["lon"] as? NSNumber)?.doubleValue,
                    let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
                else {
                    reportsWithoutFix += 1
                    return nil
                }
                let eph = (object["eph"] as? NSNumber)?.doubleValue
                let epx = (object["epx"] as? NSNumber)?.doubleValue
                let epy = (object["epy"] as? NSNumber)?.doubleValue
                let accuracy = eph ?? [epx, epy].compactMap { $0 }.max()
                return PositionFix(coordinate: coordinate, accuracy: accuracy)
            default:
                break
            }
            return nil
        }

        func timeoutError(_ name: String, _ timeout: Double) -> PositionFixError {
            let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
            if devices == [] {
                return PositionFixError(
                    "\(name) has no GPS receiver (no device); connect one, or start gpsd with the device's path.")
            }
            if reportsWithoutFix > 0 {
                return PositionFixError(
                    "\(name) has no fix yet: its receiver reports no 2D or 3D fix (waited \(seconds) s)."
                        + " Try again with a clear view of the sky.")
            }
            if !sawGPSD {
                return PositionFixError("\(name) accepted the connection but sent nothing in \(seconds) s; is it gpsd?")
            }
            return PositionFixError("\(name) sent no position report in \(seconds) s.")
        }
    }

    /// Connects to the first address of `host` that answers, before `deadline`.
    private func connect(before deadline: Date) -> Result<Int32, PositionFixError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc) || canImport(Musl)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = String(cString: gai_strerror(status))
            return .failure(PositionFixError("cannot find gpsd's host \(host): \(reason). Pass --gpsd HOST:PORT."))
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = systemError()
                continue
            }
            if SocketCall.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen, deadline) {
                return .success(descriptor)
            }
            lastError = systemError()
            close(descriptor)
        }
        return .failure(
            PositionFixError(
                "no gpsd is listening at \(host):\(port) (\(lastError)). Start gpsd, or pass --gpsd HOST:PORT."))
    }

    private func send(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                SocketCall.send(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    private func systemError() -> String { String(cString: strerror(errno)) }
}

/// The system calls whose names clash with this file's methods.
private enum SocketCall {
    /// Connects without blocking past `deadline`; on failure `errno` says why.
    static func connect(
        _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t, _ deadline: Date
    ) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(descriptor, F_SETFL, flags) }
        #if canImport(Darwin)
            let started = Darwin.connect(descriptor, address, length)
        #else
            let started = Glibc.connect(descriptor, address, length)
        #endif
        if started == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                errno = ETIMEDOUT
                return false
            }
            var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&request, 1, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            var error: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &size)
            if error == 0 { return true }
            errno = error
            return false
        }
    }

    static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.send(descriptor, bytes, count, 0)
        #else
            Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #endif
    }
}
