import Baton
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes the app's ``SavedState`` as a JSON file.
///
/// Writes are atomic: the JSON goes to a temporary file in the same folder, which is flushed to disk
/// and then renamed over the old file, so a crash or a full disk leaves either the old state or the
/// new one, never half a file. A file that cannot be read or decoded is moved aside with a
/// `.corrupt` suffix by ``load()``, so it is kept for inspection and the app starts from defaults.
///
/// ```swift
/// let store = StateStore(path: "/home/me/.local/share/coordinates/state.json")
/// switch store.load() {
/// case .loaded(let state): model.restore(state)
/// case .missing: break                                  // first launch
/// case .unreadable(let problem): print(problem.message) // reported once
/// }
/// try store.save(model.savedState)
/// ```
public struct StateStore: Hashable, Sendable {
    /// The path of the JSON file.
    ///
    /// ```swift
    /// StateStore(path: "/tmp/state.json").path   // "/tmp/state.json"
    /// ```
    public let path: String

    /// Makes a store for the file at `path`; nothing is read or written yet.
    ///
    /// ```swift
    /// let store = StateStore(path: "/tmp/state.json")
    /// ```
    ///
    /// - Parameter path: The JSON file's path.
    public init(path: String) {
        self.path = path
    }

    /// The default location: `$XDG_DATA_HOME/coordinates/state.json` when `XDG_DATA_HOME` is set to an
    /// absolute path, else `$HOME/.local/share/coordinates/state.json`.
    ///
    /// ```swift
    /// StateStore.defaultPath(environment: ["HOME": "/home/me"])
    /// // "/home/me/.local/share/coordinates/state.json"
    /// ```
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: The path, or `nil` when neither variable gives an absolute folder.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return joined(data, "coordinates/state.json")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return joined(home, ".local/share/coordinates/state.json")
        }
        return nil
    }

    // MARK: - Loading

    /// Reads the saved state.
    ///
    /// A missing file is ``StateLoadResult/missing``. A file that cannot be read, is not valid JSON, or
    /// holds invalid values is renamed to `<path>.corrupt` (or `<path>.2.corrupt`, … when that exists)
    /// and reported as ``StateLoadResult/unreadable(_:)``; nothing is ever deleted.
    ///
    /// ```swift
    /// if case .loaded(let state) = store.load() { model.restore(state) }
    /// ```
    ///
    /// - Returns: The state, or why there is none.
    public func load() -> StateLoadResult {
        removeLeftoverTemporaries()
        return read(movingAside: true)
    }

    /// Reads the saved state like ``load()`` but changes nothing: a corrupt file stays where it is.
    ///
    /// ```swift
    /// if case .loaded(let state) = store.read() { print(state.position) }
    /// ```
    ///
    /// - Returns: The state, or why there is none.
    public func read() -> StateLoadResult {
        read(movingAside: false)
    }

    private func read(movingAside: Bool) -> StateLoadResult {
        switch FileSystem.kind(of: path) {
        case .missing: return .missing
        case .other(let kind):
            return .unreadable(
                StateLoadProblem(
                    path: path, reason: "it is \(kind), not a regular file", movedTo: nil, moveFailure: nil))
        case .failure(let reason):
            return .unreadable(StateLoadProblem(path: path, reason: reason, movedTo: nil, moveFailure: nil))
        case .regularFile:
            break
        }
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.readFile(path, limit: Self.maximumSize) else {
                let reason = "it is larger than \(Self.maximumSize / 1_048_576) MiB, the most a state file may hold"
                guard movingAside else {
                    return .unreadable(StateLoadProblem(path: path, reason: reason, movedTo: nil, moveFailure: nil))
                }
                return .unreadable(moveAside(because: reason))
            }
            bytes = read
        } catch {
            // The file may hold a good state that this process cannot read: keep it, never save over it.
            return .unreadable(StateLoadProblem(path: path, reason: error.description, movedTo: nil, moveFailure: nil))
        }
        let reason: String
        do {
            if let newer = try? JSONDecoder().decode(VersionProbe.self, from: Data(bytes)).formatVersion,
                newer > SavedState.formatVersion
            {
                return .unreadable(
                    StateLoadProblem(
                        path: path,
                        reason: "it was written by a newer version of the app (format \(newer); this one reads up to"
                            + " \(SavedState.formatVersion))",
                        movedTo: nil, moveFailure: nil))
            }
            var state = try Self.decodeKeepingGoodParts(bytes)
            if state.screensProblem != nil, movingAside {
                // The next save writes the state without these screens: the file as it was is kept.
                state.screensProblem? += " " + keepCopy(of: bytes)
            }
            return .loaded(state)
        } catch let error as DecodingError {
            reason = Self.explain(error)
        } catch {
            reason = String(describing: error)
        }
        guard movingAside else {
            return .unreadable(StateLoadProblem(path: path, reason: reason, movedTo: nil, moveFailure: nil))
        }
        return .unreadable(moveAside(because: reason))
    }

    /// The most a state file may hold, 16 MiB: a larger one is set aside unread (a state with
    /// the screens of a deep session is a few kilobytes).
    ///
    /// ```swift
    /// StateStore.maximumSize   // 16_777_216
    /// ```
    public static let maximumSize = 16 * 1_048_576

    /// Decodes the state; when the file as a whole cannot be decoded because of its saved screens
    /// (nested deeper than a JSON parser reads, invalid UTF-8, not JSON), decodes the rest and
    /// says what is wrong with the screens in ``SavedState/screensProblem``.
    static func decodeKeepingGoodParts(_ bytes: [UInt8]) throws -> SavedState {
        do {
            var state = try JSONDecoder().decode(SavedState.self, from: Data(bytes))
            // Foundation's words for bad screens name its internals: Baton's say what is wrong.
            if state.screensProblem != nil, let members = TopLevelJSON.members(of: bytes),
                let screens = members.first(where: { $0.key == "screens" }),
                let problem = screensProblem(in: screens.value)
            {
                state.screensProblem = problem
            }
            return state
        } catch {
            guard let members = TopLevelJSON.members(of: bytes),
                let screens = members.first(where: { $0.key == "screens" })
            else { throw error }
            let rest = TopLevelJSON.object(members.filter { $0.key != "screens" })
            // The rest must decode on its own; if it does not, the screens were not the only problem.
            var state = try JSONDecoder().decode(SavedState.self, from: Data(rest))
            if let problem = screensProblem(in: screens.value) {
                state.screensProblem = problem
            } else if let error = error as? DecodingError {
                state.screensProblem = "The saved screens cannot be read: \(explain(error))."
            } else {
                state.screensProblem = "The saved screens cannot be read: \(error)."
            }
            return state
        }
    }

    /// Why the saved screens' text cannot be read, in Baton's words; `nil` when Baton reads it.
    private static func screensProblem(in text: ArraySlice<UInt8>) -> String? {
        guard let json = TopLevelJSON.validUTF8(text) else {
            return "The saved screens are not valid UTF-8."
        }
        do throws(NavigationError) {
            _ = try SavedScreenTree(json: json)
            return nil
        } catch {
            return error.description
        }
    }

    /// Writes `bytes` beside the state file, as `<path>.corrupt` (or `<path>.2.corrupt`, …), and
    /// says where.
    private func keepCopy(of bytes: [UInt8]) -> String {
        let copy = asideName()
        do {
            try FileSystem.writeFile(bytes, to: copy)
            return "The state file as it was is kept as \(copy)."
        } catch {
            return "The state file as it was could not be kept (\(error.description)); the next save replaces it."
        }
    }

    /// Just the version of a state file, read before the rest.
    private struct VersionProbe: Decodable {
        let formatVersion: Int?
    }

    /// Checks that `path` can hold the state: it is missing (and can be made) or a regular file, or a
    /// symlink to one. A folder, a device, a FIFO or a socket is refused before anything opens it.
    ///
    /// ```swift
    /// try StateStore(path: "/tmp").checkPath()   // throws: it is a folder, not a regular file
    /// ```
    ///
    /// - Throws: ``StateStoreError`` saying what the path is.
    public func checkPath() throws(StateStoreError) {
        if path.isEmpty { throw StateStoreError(path: path, reason: "the path is empty") }
        switch FileSystem.kind(of: path) {
        case .missing, .regularFile: return
        case .other(let kind): throw StateStoreError(path: path, reason: "it is \(kind), not a regular file")
        case .failure(let reason): throw StateStoreError(path: path, reason: reason)
        }
    }

    /// Takes the state file's lock, so that a second app on the same file is refused instead of one
    /// of them silently losing the other's changes. The lock is held until the process exits.
    ///
    /// ```swift
    /// try store.lock()   // "… is in use by another coordinates (process 4242)"
    /// ```
    ///
    /// - Throws: ``StateStoreError`` when another process holds the lock, or it cannot be made.
    public func lock() throws(StateStoreError) {
        let target = FileSystem.resolvingSymlinks(path)
        let folder = (target as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        } catch {
            throw StateStoreError(path: path, reason: "could not create the folder \(folder)")
        }
        do {
            try FileSystem.lockForever(target + ".lock")
        } catch {
            throw StateStoreError(path: path, reason: error.description)
        }
    }

    /// Deletes `<name>.tmp-<pid>` files that a save killed half-way left behind, when that process
    /// is gone.
    private func removeLeftoverTemporaries() {
        let target = FileSystem.resolvingSymlinks(path)
        let folder = (target as NSString).deletingLastPathComponent
        let prefix = (target as NSString).lastPathComponent + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else {
            return
        }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            if pid != getpid(), kill(pid, 0) == 0 || errno != ESRCH { continue }
            FileSystem.removeFile(folder.isEmpty ? name : folder + "/" + name)
        }
    }

    /// The first of `<path>.corrupt`, `<path>.2.corrupt`, … that does not exist.
    private func asideName() -> String {
        var candidate = path + ".corrupt"
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = "\(path).\(number).corrupt"
            number += 1
        }
        return candidate
    }

    /// Renames what is at the path (a file that cannot be used, or a folder or FIFO where the
    /// default state file should be) to the first free `<path>.corrupt` name.
    ///
    /// ```swift
    /// let problem = store.moveAside(because: "it is a folder, not a regular file")
    /// ```
    ///
    /// - Parameter reason: Why it is set aside.
    /// - Returns: The problem, saying where it went or why it could not be moved.
    public func moveAside(because reason: String) -> StateLoadProblem {
        let candidate = asideName()
        do {
            try FileSystem.renameFile(path, to: candidate)
            return StateLoadProblem(path: path, reason: reason, movedTo: candidate, moveFailure: nil)
        } catch {
            return StateLoadProblem(path: path, reason: reason, movedTo: nil, moveFailure: error.description)
        }
    }

    /// Words a decoding error for a person: which field, and what is wrong with it.
    static func explain(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return "the field '\(field)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the field '\(path(context.codingPath))' has the wrong type"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "it is not valid JSON" }
            return "the field '\(path(context.codingPath))' is invalid: \(context.debugDescription)"
        @unknown default:
            return "it could not be decoded"
        }
    }

    // MARK: - Saving

    /// Writes `state` atomically, creating the folder when needed.
    ///
    /// ```swift
    /// try store.save(model.savedState)
    /// ```
    ///
    /// - Parameter state: The state to write.
    /// - Throws: ``StateStoreError`` naming the path and the system's reason; the previous file is then
    ///   left as it was.
    public func save(_ state: SavedState) throws(StateStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(state)
        } catch {
            throw StateStoreError(path: path, reason: String(describing: error))
        }
        try checkPath()
        // A symlinked state file is written through to its target, and the link stays.
        let target = FileSystem.resolvingSymlinks(path)
        let folder = (target as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        } catch {
            throw StateStoreError(path: path, reason: "could not create the folder \(folder)")
        }
        let temporary = "\(target).tmp-\(getpid())"
        do {
            try FileSystem.writeFile(Array(data) + [0x0A], to: temporary)
            try FileSystem.renameFile(temporary, to: target)
        } catch {
            FileSystem.removeFile(temporary)
            throw StateStoreError(path: path, reason: error.description)
        }
    }

    private static func joined(_ folder: String, _ rest: String) -> String {
        folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }
}

/// What ``StateStore/load()`` found.
///
/// ```swift
/// switch store.load() {
/// case .loaded(let state): model.restore(state)
/// case .missing: break
/// case .unreadable(let problem): report(problem.message)
/// }
/// ```
public enum StateLoadResult: Hashable, Sendable {
    /// A valid state.
    ///
    /// ```swift
    /// if case .loaded(let state) = store.load() { model.restore(state) }
    /// ```
    case loaded(SavedState)
    /// No file yet: a first launch.
    ///
    /// ```swift
    /// if store.load() == .missing { showOnboarding() }
    /// ```
    case missing
    /// A file exists but could not be used; it was moved aside when possible.
    ///
    /// ```swift
    /// if case .unreadable(let problem) = store.load() { print(problem.message) }
    /// ```
    case unreadable(StateLoadProblem)
}

/// Why a state file could not be used, and what was done with it.
///
/// ```swift
/// print(problem.message)
/// // could not read the state file /tmp/state.json: it is not valid JSON. Moved it to
/// // /tmp/state.json.corrupt and started from defaults.
/// ```
public struct StateLoadProblem: Hashable, Sendable {
    /// The state file's path.
    ///
    /// ```swift
    /// problem.path   // "/tmp/state.json"
    /// ```
    public let path: String
    /// What is wrong with the file.
    ///
    /// ```swift
    /// problem.reason   // "it is not valid JSON"
    /// ```
    public let reason: String
    /// Where the file was moved, or `nil` when it could not be moved.
    ///
    /// ```swift
    /// problem.movedTo   // "/tmp/state.json.corrupt"
    /// ```
    public let movedTo: String?
    /// Why the file could not be moved aside, when it could not.
    ///
    /// ```swift
    /// problem.moveFailure   // "Permission denied"
    /// ```
    public let moveFailure: String?

    /// Whether saving may replace the file: only when it was moved aside, so a file that might still
    /// hold a good state is never overwritten.
    ///
    /// ```swift
    /// if problem.allowsSaving { try store.save(state) }
    /// ```
    public var allowsSaving: Bool { movedTo != nil }

    /// The one-paragraph report shown on standard error.
    ///
    /// ```swift
    /// FileHandle.standardError.write(Data((problem.message + "\n").utf8))
    /// ```
    public var message: String {
        let head = "could not read the state file \(path): \(reason)."
        if let movedTo {
            return head + " Moved it to \(movedTo) and started from defaults."
        }
        if let moveFailure {
            return head + " Could not move it aside (\(moveFailure)), so this session"
                + " starts from defaults and will not save over it."
        }
        return head + " Kept it as it is; this session starts from defaults and will not save over it."
    }
}

/// Saving the state failed; the previous file is unchanged.
///
/// ```swift
/// do { try store.save(state) } catch { print(error) }
/// // could not save the state to /tmp/state.json: Permission denied
/// ```
public struct StateStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The state file's path.
    ///
    /// ```swift
    /// error.path   // "/tmp/state.json"
    /// ```
    public let path: String
    /// The system's reason.
    ///
    /// ```swift
    /// error.reason   // "Permission denied"
    /// ```
    public let reason: String

    /// `could not save the state to <path>: <reason>`.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String { "could not save the state to \(path): \(reason)" }
}
