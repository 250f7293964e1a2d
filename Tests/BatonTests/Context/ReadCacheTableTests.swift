import Testing

@testable import Baton

/// The table behind a context's read cache (``ReadCache``), against a `Dictionary` doing the same
/// operations: random sequences of stores, replacements, lookups and clears over key sets of
/// awkward shapes (none, one, many colliding stores of one key, keys whose addresses are close
/// together, 100,000 keys). Off the main actor: the table is not isolated, and its 100,000-key
/// and random cases would hold the main actor while other suites' async tests wait for it.
@Suite struct ReadCacheTableTests {
    /// Objects whose addresses serve as keys; kept alive, so that no address is reused.
    final class Marker {}

    /// A cached read that names `value`, so that tables can be compared by what they return.
    static func read(_ value: UInt64) -> CachedRead {
        CachedRead(
            result: .missing, stamp: value, shape: value &* 3, holder: nil,
            key: Unmanaged.passUnretained(stamp), cell: nil)
    }
    // Read by no test: a cached read needs a stamp to point at.
    nonisolated(unsafe) static let stamp = KeyStamp()

    /// Whether `table` holds exactly what `model` holds.
    static func matches(_ table: borrowing ReadCache, _ model: [ObjectIdentifier: UInt64]) -> Bool {
        guard table.count == model.count, Set(table.keys) == Set(model.keys), table.keys.count == model.count else {
            return false
        }
        return model.allSatisfy { id, value in table[id]?.stamp == value && table[id]?.shape == value &* 3 }
    }

    // MARK: - Shapes

    @Test func anEmptyTableHoldsNothingAndClearsWithoutStorage() {
        var table = ReadCache()
        let marker = Marker()
        let (found, count, keys) = (table[ObjectIdentifier(marker)], table.count, table.keys)
        #expect(found == nil)
        #expect(count == 0)
        #expect(keys.isEmpty)
        table.removeAll()
        let countAfter = table.count
        #expect(countAfter == 0)
    }

    @Test func oneKeyStoredManyTimesKeepsItsLastRead() {
        var table = ReadCache()
        let marker = Marker()
        for value in 0..<1_000 { table[ObjectIdentifier(marker)] = Self.read(UInt64(value)) }
        let (stamp, count, keys) = (table[ObjectIdentifier(marker)]?.stamp, table.count, table.keys)
        #expect(count == 1)
        #expect(stamp == 999)
        #expect(keys == [ObjectIdentifier(marker)])
    }

    @Test func aHundredThousandKeysAreAllFoundAndClearedAtOnce() {
        var table = ReadCache()
        let markers = (0..<100_000).map { _ in Marker() }
        for (index, marker) in markers.enumerated() { table[ObjectIdentifier(marker)] = Self.read(UInt64(index)) }
        let count = table.count
        #expect(count == 100_000)
        var wrong: [Int] = []
        for index in markers.indices where table[ObjectIdentifier(markers[index])]?.stamp != UInt64(index) {
            wrong.append(index)
        }
        #expect(wrong.isEmpty)
        table.removeAll()
        var left = table.count
        for marker in markers where table[ObjectIdentifier(marker)] != nil { left += 1 }
        #expect(left == 0)
        // The storage is kept and used again.
        table[ObjectIdentifier(markers[7])] = Self.read(7)
        let (countAgain, stamp) = (table.count, table[ObjectIdentifier(markers[7])]?.stamp)
        #expect(countAgain == 1)
        #expect(stamp == 7)
    }

    @Test func metatypesAsKeysAreFoundAsTheContextsUseThem() {
        var table = ReadCache()
        let keys: [ObjectIdentifier] = [
            ObjectIdentifier(UserID.self), ObjectIdentifier(TotalWeight.self), ObjectIdentifier(Int.self),
            ObjectIdentifier(String.self), ObjectIdentifier(Marker.self),
        ]
        for (index, key) in keys.enumerated() { table[key] = Self.read(UInt64(index)) }
        var found: [UInt64?] = []
        for key in keys { found.append(table[key]?.stamp) }
        #expect(found == [0, 1, 2, 3, 4])
    }

    // MARK: - Random operations against a Dictionary

    @Test(arguments: 0..<200)
    func randomOperationsMatchADictionary(seed: Int) {
        var random = TreeRandom(seed: seed)
        // Few keys collide often; many keys make the table grow several times.
        let markers = (0..<[1, 3, 16, 200][seed % 4]).map { _ in Marker() }
        var table = ReadCache()
        var model: [ObjectIdentifier: UInt64] = [:]
        for step in 0..<500 {
            let id = ObjectIdentifier(markers[Int.random(in: 0..<markers.count, using: &random)])
            switch Int.random(in: 0..<20, using: &random) {
            case 0:
                table.removeAll()
                model.removeAll()
            case 1...11:
                table[id] = Self.read(UInt64(step))
                model[id] = UInt64(step)
            default:
                let found = table[id]?.stamp
                #expect(found == model[id], "seed \(seed), step \(step)")
            }
        }
        let matches = Self.matches(table, model)
        #expect(matches, "seed \(seed)")
    }
}
