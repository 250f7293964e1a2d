import Testing

@testable import Baton

/// Reading a saved tree holds no more memory than its members need: room reserved for members
/// that never come, in each of a 100,000-screen tree's one-member objects, was 40 MB that the
/// allocator gave back and faulted in again on every read.
@Suite struct SavedTextMemoryTests {
    @Test func aParsedOneMemberObjectHoldsNoRoomForMembersThatDoNotCome() throws {
        let value = try JSONValue(parsing: #"{"route":{"item":{"_0":5}}}"#, maxDepth: 256)
        var objects: [[JSONValue.Member]] = []
        var next: JSONValue? = value
        while case .object(let members)? = next {
            objects.append(members)
            next = members.first?.value
        }
        #expect(objects.map(\.count) == [1, 1, 1])
        #expect(objects.allSatisfy { $0.capacity < 4 }, "capacities \(objects.map(\.capacity))")
    }
}
