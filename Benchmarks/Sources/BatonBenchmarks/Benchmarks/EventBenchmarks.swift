import Baton
import Foundation

enum WeightChanged: ContextEvent { typealias Payload = Int }

/// The least any observer tied weakly to an owner can cost: load the owner, call the body.
private final class WeakObserver {
    weak var owner: Owner?
    let body: (Owner, Int) -> Void

    init(owner: Owner, body: @escaping (Owner, Int) -> Void) {
        self.owner = owner
        self.body = body
    }

    /// Not inlined, so that `self` is borrowed and `body` is called without retaining it.
    @inline(never)
    func call(_ payload: Int) {
        if let owner { body(owner, payload) }
    }

    /// Calls every observer, borrowing each one rather than retaining it: all that is left per
    /// observer is the weak load of its owner (and the owner's release) and two calls.
    static func callAll(_ observers: [Unmanaged<WeakObserver>], _ payload: Int) {
        for observer in observers {
            observer._withUnsafeGuaranteedRef { $0.call(payload) }
        }
    }
}

@MainActor
enum EventBenchmarks {
    /// A post from a context to `observers` observers registered on it, each with its own owner
    /// whose state it updates, against a NotificationCenter post (no object, no user info: its
    /// cheapest form) to as many block observers.
    ///
    /// For 100 observers two more figures explain the result: NotificationCenter blocks that
    /// capture their owner weakly (what Baton's owner-tied observers do for you), and the floor
    /// of any weak-owner design, a loop that only loads each owner and calls its body.
    static func posts(_ harness: Harness) -> Section {
        var section = Section("Event post (observers on the posting context, one owner each)")
        for observers in [1, 10, 100] {
            let context = ScreenContext(name: "app")
            let owners = (0..<observers).map { _ in Owner() }
            for owner in owners {
                context.observe(WeightChanged.self, owner: owner) { owner, payload in owner.weight &+= payload }
            }
            let center = NotificationCenter()
            let name = Notification.Name("WeightChanged")
            var tokens = (0..<observers).map { _ in
                center.addObserver(forName: name, object: nil, queue: nil) { _ in Sink.count &+= 1 }
            }
            var bodies: [Harness.Body] = [
                ("post-\(observers)", { count in for index in 0..<count { context.post(WeightChanged.self, index) } }),
                (
                    "notification-center-\(observers)",
                    { count in for _ in 0..<count { center.post(name: name, object: nil) } }
                ),
            ]
            let weakCenter = NotificationCenter()
            let floor = owners.map { owner in
                WeakObserver(owner: owner) { owner, payload in owner.weight &+= payload }
            }
            let borrowed = floor.map { Unmanaged.passUnretained($0) }
            if observers == 100 {
                tokens += owners.map { owner in
                    weakCenter.addObserver(forName: name, object: nil, queue: nil) { [weak owner] _ in
                        owner?.weight &+= 1
                    }
                }
                bodies += [
                    (
                        "notification-center-weak-100",
                        { count in for _ in 0..<count { weakCenter.post(name: name, object: nil) } }
                    ),
                    (
                        "weak-floor-100",
                        { count in
                            for index in 0..<count { WeakObserver.callAll(borrowed, index) }
                        }
                    ),
                ]
            }
            let figures = harness.nanosecondsPerOperation(scale: observers, bodies)
            for token in tokens {
                center.removeObserver(token)
                weakCenter.removeObserver(token)
            }
            withExtendedLifetime((owners, floor)) {}

            section.add(
                Row(
                    "post to \(observers) observer\(observers == 1 ? "" : "s") vs NotificationCenter",
                    baton: figures[0],
                    peer: figures[1]))
            if observers == 100 {
                section.add(
                    Row(
                        "post to 100 vs NotificationCenter blocks capturing [weak owner]", baton: figures[0],
                        peer: figures[2]))
                section.add(
                    Row(
                        "floor: 100 weak owner loads + calls vs NotificationCenter", baton: figures[3], peer: figures[1]
                    ))
                section.add(
                    Row(
                        "post to 100 observers vs that weak-load floor", baton: figures[0], peer: figures[3],
                        target: .ratioAtMost(1.15)))
            }
        }
        return section
    }
}
