import Baton
import Foundation

enum WeightChanged: ContextEvent { typealias Payload = Int }

@MainActor
enum EventBenchmarks {
    /// A post from a context to `observers` observers registered on it, each with its own owner,
    /// against a NotificationCenter post (no object, no user info: its cheapest form) to as many
    /// block observers.
    static func posts(_ harness: Harness) -> Section {
        var section = Section("Event post (observers on the posting context)")
        for observers in [1, 10, 100] {
            let context = Context(name: "app")
            let owners = (0..<observers).map { _ in Owner() }
            for owner in owners {
                context.observe(WeightChanged.self, owner: owner) { _, payload in Sink.count &+= payload }
            }
            let center = NotificationCenter()
            let name = Notification.Name("WeightChanged")
            let tokens = (0..<observers).map { _ in
                center.addObserver(forName: name, object: nil, queue: nil) { _ in Sink.count &+= 1 }
            }
            let figures = harness.nanosecondsPerOperation(
                scale: observers,
                [
                    (
                        "post-\(observers)",
                        { count in for index in 0..<count { context.post(WeightChanged.self, index) } }
                    ),
                    (
                        "notification-center-\(observers)",
                        { count in
                            for _ in 0..<count { center.post(name: name, object: nil) }
                        }
                    ),
                ])
            for token in tokens { center.removeObserver(token) }
            withExtendedLifetime(owners) {}

            section.add(
                Row(
                    "post to \(observers) observer\(observers == 1 ? "" : "s") vs NotificationCenter",
                    baton: figures[0],
                    peer: figures[1], target: observers == 100 ? .fasterBy(5) : nil))
        }
        return section
    }
}
