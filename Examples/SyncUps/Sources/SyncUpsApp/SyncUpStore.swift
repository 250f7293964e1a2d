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

    subscript(id: SyncUp.ID) -> SyncUp? {
        get { syncUps.first { $0.id == id } }
        set {
            guard let index = syncUps.firstIndex(where: { $0.id == id }) else { return }
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
