#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // "Coming from ProContext", in a UIKit app: the weights form of ProContext's example, whose two
    // child controllers share their container's context.

    extension ContextValues {
        var totalWeight: ContextEntry<Double?> { .init() }
    }
    enum TotalWeightChanged: ContextEvent { typealias Payload = Double }
    enum UserUsedTheTotalField: ContextFlag {}
    enum SwapWeightInputViews: ContextAction {}

    final class AssignmentWeightsViewController: UIViewController {
        private let input = WeightInputViewController()
        private let summary = WeightSummaryViewController()

        override func viewDidLoad() {
            super.viewDidLoad()
            for child in [input, summary] as [UIViewController] {
                child.context = context  // one context for the feature, as in ProContext
                addChild(child)
                view.addSubview(child.view)
                child.didMove(toParent: self)
            }
        }
    }

    final class WeightInputViewController: UIViewController {
        private let totalField = UITextField()
        private var weight: Double? { Double(totalField.text ?? "") }

        override func viewDidLoad() {
            super.viewDidLoad()
            // ProContext's ifInWindow: is .whileOnScreen(self); the owner's lifetime is the expiry.
            do {
                _ = try context.provide(\.totalWeight, owner: self, if: .whileOnScreen(self)) { owner in owner.weight }
                _ = try context.register(SwapWeightInputViews.self, owner: self) { owner, _ in owner.swapInputs() }
            } catch {
                print("Baton:", error)  // another live provider or action of the same key on this chain
            }
        }

        @objc func totalFieldChanged() {
            if !context.isSet(UserUsedTheTotalField.self) {
                // Set on a child context already: an error that names it.
                do { try context.setFlag(UserUsedTheTotalField.self) } catch { print("Baton:", error) }
            }
            context.post(TotalWeightChanged.self, weight ?? 0)
        }

        private func swapInputs() { totalField.becomeFirstResponder() }
    }

    final class WeightSummaryViewController: UIViewController {
        private let totalLabel = UILabel()

        override func viewDidLoad() {
            super.viewDidLoad()
            context.observe(TotalWeightChanged.self, owner: self, if: .whileOnScreen(self)) { owner, total in
                owner.totalLabel.text = "Total: \(total)"
            }
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            // No provider while no input screen is shown: an answer, not an error; the label waits.
            if case .success(let total?) = context.requestResult(\.totalWeight) { totalLabel.text = "Total: \(total)" }
        }

        @objc func swapTapped() {
            // No input screen shown: an error that names the action and where Baton looked.
            do { try context.execute(SwapWeightInputViews.self) } catch { print("Baton:", error) }
        }
    }
#endif
