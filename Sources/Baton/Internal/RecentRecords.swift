/// The newest records of a log, at most `limit` of them: a ring buffer, so that appending costs
/// the same when the log is full (the oldest record is overwritten, nothing is moved).
///
/// Every record appended gets a sequence number, counted from the log's creation and never
/// reset, so that a reader (a `FlowRecorder`) can ask for what was appended since a point it
/// remembers, however many records were dropped or cleared meanwhile.
struct RecentRecords<Record> {
    /// The records, in ring order once full: `storage[head]` is the oldest.
    private var storage: [Record] = []
    /// The index of the oldest record in `storage`.
    private var head = 0
    /// How many records were ever appended.
    private(set) var appended = 0

    /// The most records kept; 0 keeps none.
    var limit: Int {
        didSet {
            if limit < 0 { limit = 0 }
            // In order again, so that appends go at the end until the new limit is reached.
            if head > 0 || storage.count > limit {
                storage = elements(last: limit)
                head = 0
            }
        }
    }

    init(limit: Int) { self.limit = max(limit, 0) }

    /// How many records are kept.
    var count: Int { storage.count }

    /// The kept records, oldest first.
    var elements: [Record] { elements(last: storage.count) }

    /// The kept records that were appended at or after sequence number `sequence` (the value
    /// ``appended`` had then), oldest first.
    func elements(since sequence: Int) -> [Record] {
        elements(last: appended - max(sequence, 0))
    }

    /// The newest `count` kept records (all of them when fewer are kept), oldest first.
    private func elements(last count: Int) -> [Record] {
        let count = min(max(count, 0), storage.count)
        var result: [Record] = []
        result.reserveCapacity(count)
        // The oldest of them is `count` records before the newest, in ring order.
        var index = (head + storage.count - count) % max(storage.count, 1)
        for _ in 0..<count {
            result.append(storage[index])
            index = index + 1 == storage.count ? 0 : index + 1
        }
        return result
    }

    /// Appends `record`, dropping the oldest when the log is full.
    mutating func append(_ record: Record) {
        appended += 1
        guard limit > 0 else { return }
        if storage.count < limit {
            storage.append(record)
        } else {
            storage[head] = record
            head = head + 1 == storage.count ? 0 : head + 1
        }
    }

    /// Takes back the records appended since sequence number `sequence` (those still kept), as
    /// if they had not been appended; records the limit dropped meanwhile do not come back.
    mutating func removeAppended(since sequence: Int) {
        let taken = min(max(appended - sequence, 0), appended)
        guard taken > 0 else { return }
        storage = Array(elements.dropLast(min(taken, storage.count)))
        head = 0
        appended -= taken
    }

    /// Empties the log; sequence numbers go on counting.
    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}
