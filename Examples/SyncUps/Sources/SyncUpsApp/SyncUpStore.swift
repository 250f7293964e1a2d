import Foundation
import Observation

/// The sync-ups: read from their file at launch, written back a second after the last change.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class SyncUpStore {
    var syncUps: [SyncUp] = [] {
        didSet { scheduleSave() }
    }
    /// Why the file could not be read or written, shown by the list.
    private(set) var problem: String?
    @ObservationIgnored private let file: SyncUpsFile
    @ObservationIgnored private let clock: AppClock
    @ObservationIgnored private var cancelSave: (@MainActor () -> Void)?

    init(file: SyncUpsFile, clock: AppClock, whenMissing: [SyncUp] = []) {
        self.file = file
        self.clock = clock
        do {
            syncUps = try file.read().map { try JSONDecoder().decode([SyncUp].self, from: $0) } ?? whenMissing
        } catch {
            problem = "The sync-ups could not be read: \(error.localizedDescription)"
        }
    }

    /// A write to an id the store does not hold (an edit, a meeting or a deleted meeting of a
    /// sync-up deleted meanwhile, in another scene) has nowhere to go: it is reported in
    /// ``problem``, which the list shows. Deleting a missing one loses nothing and does nothing.
    subscript(id: SyncUp.ID) -> SyncUp? {
        get { syncUps.first { $0.id == id } }
        set {
            guard let index = syncUps.firstIndex(where: { $0.id == id }) else {
                if newValue != nil { problem = "A change was not saved: no sync-up has the id \(id) (it was deleted)." }
                return
            }
            if let newValue { syncUps[index] = newValue } else { syncUps.remove(at: index) }
        }
    }

    func loadSamples() {
        problem = nil
        syncUps = SyncUp.samples
    }

    private func scheduleSave() {
        cancelSave?()
        cancelSave = clock.after(.seconds(1)) { [weak self] in self?.save() }
    }

    private func save() {
        do {
            try file.write(JSONEncoder().encode(syncUps))
        } catch {
            problem = "The sync-ups could not be saved: \(error.localizedDescription)"
        }
    }
}
