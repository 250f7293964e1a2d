/// Records what the resolutions of a screen tree assignment change in the coordinators (a context
/// resolver's remembered source, an initial resolver's use, a one-shot resolver's use, the
/// resolution logs), so that an assignment that fails part-way puts everything back: assigning a
/// tree is atomic (DESIGN rule 32).
///
/// While a journal is open, every ``ResolutionPass`` commits as usual, so that later resolutions
/// of the same assignment see what earlier ones remembered, and records the state it replaced.
@MainActor
final class ResolutionJournal {
    /// The journal open now, if any.
    static var current: ResolutionJournal?

    private var entries: [ObjectIdentifier: (entry: ResolverEntry, state: ResolverEntry.State)] = [:]
    private var temporaries: [InlineResolver] = []
    /// Each coordinator whose log grew, with how many resolutions it had logged before.
    private var logs: [ObjectIdentifier: (coordinator: DependencyCoordinator, sequence: Int)] = [:]

    /// Runs `body` with a journal open. When `body` throws, every change it recorded is undone
    /// before the error is rethrown; when it returns, the changes stay.
    static func recording<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let journal = ResolutionJournal()
        let outer = current
        current = journal
        let outcome: Result<Value, Failure>
        do throws(Failure) {
            outcome = .success(try body())
        } catch {
            outcome = .failure(error)
        }
        current = outer
        switch outcome {
        case .success(let value):
            if let outer {
                outer.absorb(journal)
            } else {
                journal.commit()
            }
            return value
        case .failure(let error):
            journal.rollBack()
            throw error
        }
    }

    func willChange(_ entry: ResolverEntry) {
        let id = ObjectIdentifier(entry)
        if entries[id] == nil { entries[id] = (entry, entry.state) }
    }

    func used(_ temporary: InlineResolver) {
        temporaries.append(temporary)
    }

    func willAppendLog(of coordinator: DependencyCoordinator) {
        let id = ObjectIdentifier(coordinator)
        if logs[id] == nil { logs[id] = (coordinator, coordinator.resolutionsLogged) }
    }

    private func absorb(_ inner: ResolutionJournal) {
        for (id, saved) in inner.entries where entries[id] == nil { entries[id] = saved }
        temporaries += inner.temporaries
        for (id, saved) in inner.logs where logs[id] == nil { logs[id] = saved }
    }

    /// Keeps the changes; the journal, no longer current, is released with what it recorded.
    private func commit() {
        // A used one-shot resolver lets go of its closure now, as it does outside an assignment.
        for temporary in temporaries { temporary.coordinator.removeAllEntries() }
    }

    private func rollBack() {
        for (entry, state) in entries.values { entry.restore(state) }
        for temporary in temporaries {
            temporary.isUsed = false
            temporary.isClaimed = false
        }
        for (coordinator, sequence) in logs.values { coordinator.removeResolutions(since: sequence) }
        entries = [:]
        temporaries = []
        logs = [:]
    }
}
