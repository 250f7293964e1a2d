import Baton
import CHeapStatistics

#if canImport(Glibc)
    import Glibc
#endif

/// Counts live instances of the screens and contexts the memory benchmark makes.
enum Census {
    nonisolated(unsafe) static var screens = 0
    nonisolated(unsafe) static var contexts = 0
}

final class CountedContext: ScreenContext {
    init(name: String) {
        Census.contexts += 1
        super.init(name: name)
    }

    deinit { Census.contexts -= 1 }
}

final class CountedScreen: ScreenModel {
    init() {
        Census.screens += 1
        super.init(name: "counted", context: CountedContext(name: "counted"))
    }

    deinit { Census.screens -= 1 }
}

enum K0: ContextKey { typealias Value = Int }
enum K1: ContextKey { typealias Value = Int }
enum K2: ContextKey { typealias Value = Int }
enum K3: ContextKey { typealias Value = Int }
enum K4: ContextKey { typealias Value = Int }
enum K5: ContextKey { typealias Value = Int }
enum K6: ContextKey { typealias Value = Int }
enum K7: ContextKey { typealias Value = Int }
enum K8: ContextKey { typealias Value = Int }
enum K9: ContextKey { typealias Value = Int }

@MainActor
enum MemoryBenchmarks {
    /// Runs first, so that the peak resident memory it reports is its own and the start-up's.
    static func screens(count: Int) -> (section: Section, leaked: Bool) {
        var section = Section("Memory")
        let startPeak = ProcessMemory.peakResidentMebibytes

        // Pushing and popping one screen at a time, in a visible window (lifecycle callbacks fire).
        let window = ScreenWindow()
        let stack: StackScreen
        do {
            stack = try StackScreen(root: ListScreen())
            try window.setRoot(stack)
        } catch {
            fatalError("benchmark setup: \(error)")
        }
        window.makeVisible()
        let clock = ContinuousClock()
        let cycles = clock.measure {
            for _ in 0..<count {
                do { try stack.push(CountedScreen()) } catch { fatalError("push: \(error)") }
                stack.pop()
            }
        }
        let aliveAfterCycles = Census.screens
        let contextsAfterCycles = Census.contexts
        let peakCycles = ProcessMemory.peakResidentMebibytes

        // Pushing all of them, one above the other, then popping to the root.
        let deep = clock.measure {
            for _ in 0..<count {
                do { try stack.push(CountedScreen()) } catch { fatalError("push: \(error)") }
            }
        }
        let peakDeep = ProcessMemory.peakResidentMebibytes
        stack.popToRoot()
        let aliveAfterDeep = Census.screens
        let contextsAfterDeep = Census.contexts
        let logged = window.transitionLog.count
        window.clearLogs()

        let n = count.grouped
        section.add(Row("peak resident memory (VmHWM) at start", .mebibytes, baton: startPeak))
        section.add(Row("peak resident memory after \(n) push + pop cycles", .mebibytes, baton: peakCycles))
        section.add(
            Row("peak resident memory with \(n) screens pushed one above the other", .mebibytes, baton: peakDeep))
        section.add(
            Row(
                "one push + pop cycle of a new screen in a visible window", baton: cycles.nanoseconds / Double(count)))
        section.add(
            Row(
                "one push, averaged over pushing \(n) screens one above the other",
                baton: deep.nanoseconds / Double(count)))
        section.add(Row("entries the window's transition log keeps after these", .count, baton: Double(logged)))
        section.add(
            Row(
                "screens alive after \(n) push + pop cycles", .count, baton: Double(aliveAfterCycles),
                target: .exactly(0)))
        section.add(
            Row(
                "contexts alive after \(n) push + pop cycles", .count, baton: Double(contextsAfterCycles),
                target: .exactly(0)))
        section.add(
            Row(
                "screens alive after \(n) pushed deep, popped to root", .count, baton: Double(aliveAfterDeep),
                target: .exactly(0)))
        section.add(
            Row(
                "contexts alive after \(n) pushed deep, popped to root", .count, baton: Double(contextsAfterDeep),
                target: .exactly(0)))
        let leaked = aliveAfterCycles + contextsAfterCycles + aliveAfterDeep + contextsAfterDeep != 0
        return (section, leaked)
    }

    /// Heap bytes per stored value: the growth of the allocator's in-use bytes (glibc's
    /// `mallinfo2`) over storing 10 `Int` values in each of `contexts` contexts, against as many
    /// `[ObjectIdentifier: Any]` dictionaries; and per empty context.
    static func storage(contexts: Int, into section: inout Section) {
        guard ProcessMemory.heapBytes != nil else { return }
        let values = Double(contexts * 10)

        let beforeContexts = ProcessMemory.heapBytes!
        var roots: [ScreenContext] = []
        roots.reserveCapacity(contexts)
        for _ in 0..<contexts { roots.append(ScreenContext()) }
        let perContext = Double(ProcessMemory.heapBytes! - beforeContexts) / Double(contexts)

        let beforeValues = ProcessMemory.heapBytes!
        for (index, context) in roots.enumerated() {
            context.set(index, for: K0.self)
            context.set(index, for: K1.self)
            context.set(index, for: K2.self)
            context.set(index, for: K3.self)
            context.set(index, for: K4.self)
            context.set(index, for: K5.self)
            context.set(index, for: K6.self)
            context.set(index, for: K7.self)
            context.set(index, for: K8.self)
            context.set(index, for: K9.self)
        }
        let perValue = Double(ProcessMemory.heapBytes! - beforeValues) / values

        var tables = Array(repeating: [ObjectIdentifier: Any](), count: contexts)
        let beforeTables = ProcessMemory.heapBytes!
        let keys: [ObjectIdentifier] = [
            ObjectIdentifier(K0.self), ObjectIdentifier(K1.self), ObjectIdentifier(K2.self), ObjectIdentifier(K3.self),
            ObjectIdentifier(K4.self), ObjectIdentifier(K5.self), ObjectIdentifier(K6.self), ObjectIdentifier(K7.self),
            ObjectIdentifier(K8.self), ObjectIdentifier(K9.self),
        ]
        for index in tables.indices {
            for key in keys { tables[index][key] = index }
        }
        let perTableValue = Double(ProcessMemory.heapBytes! - beforeTables) / values
        withExtendedLifetime((roots, tables)) {}

        section.add(
            Row(
                "heap bytes per stored Int (10 per context, \(contexts.grouped) contexts) vs [ObjectIdentifier: Any]",
                .bytes, baton: perValue, peer: perTableValue))
        section.add(Row("heap bytes per empty context", .bytes, baton: perContext))
    }
}

/// The process's memory, from Linux's /proc and glibc; `nil` elsewhere.
enum ProcessMemory {
    /// VmHWM from /proc/self/status, in MiB; 0 where it is not available.
    static var peakResidentMebibytes: Double { statusField("VmHWM:") }

    /// VmRSS from /proc/self/status, in MiB: the resident memory now; 0 where it is not available.
    static var residentMebibytes: Double { statusField("VmRSS:") }

    private static func statusField(_ name: String) -> Double {
        guard let status = try? readFile("/proc/self/status") else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
        return 0
    }

    /// The allocator's bytes in use (glibc's `mallinfo2().uordblks`).
    static var heapBytes: Int? {
        heap_statistics_available() != 0 ? Int(heap_statistics_bytes_in_use()) : nil
    }

    private static func readFile(_ path: String) throws -> String {
        #if canImport(Glibc)
            guard let file = fopen(path, "r") else { return "" }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let read = fread(&buffer, 1, buffer.count, file)
                if read <= 0 { break }
                bytes += buffer[0..<read]
            }
            return String(decoding: bytes, as: UTF8.self)
        #else
            return ""
        #endif
    }
}

extension Int {
    /// `10,000` for 10000.
    var grouped: String {
        let digits = Array(String(self))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
