import Baton
import BatonTesting
import PropertyBased
import Testing

/// Checks the value rules (DESIGN rules 2–6) against a plain reference model: random chains of
/// contexts, random sequences of sets, named-scope operations, removes and reads, and after
/// every step the context must answer exactly what the model answers.
@MainActor
@Suite(.lenientMisuse)
struct ContextModelTests {
    @Test(.heavyOnTheMainActor) func contextChainsBehaveLikeTheReferenceModel() async {
        var coverage = Coverage()
        var diverged = false
        await propertyCheck(count: 1000, input: scenarios) { scenario in
            coverage.record(scenario)
            if let divergence = Self.run(scenario, coverage: &coverage) {
                diverged = true
                Issue.record("\(divergence)")
            }
        }
        guard !diverged else { return }
        // The generators must reach the interesting cases, or a pass proves little.
        #expect(coverage.scenarios >= 1000)
        #expect(coverage.chainsWithDuplicateNames > 0)
        #expect(coverage.unknownScopes > 0)
        #expect(coverage.explicitNils > 0)
        #expect(coverage.removesThatRevealedAnInnerValue > 0)
    }

    // MARK: - Running a scenario

    /// Runs every step on real contexts and on the model; returns a description of the first
    /// divergence, or `nil` when there is none.
    private static func run(_ scenario: Scenario, coverage: inout Coverage) -> String? {
        var model = Model(names: scenario.names)
        var contexts: [ScreenContext] = []
        for name in scenario.names {
            contexts.append(ScreenContext(name: name, parent: contexts.last))
        }
        for (index, step) in scenario.steps.enumerated() {
            let expected = model.perform(step)
            let actual = perform(step, on: contexts)
            coverage.record(step, outcome: expected, model: model)
            guard expected == actual else {
                return report(scenario, failingStep: index, expected: expected, actual: actual)
            }
        }
        // A final sweep: every context must read every key as the model does.
        for index in scenario.names.indices {
            for key in ModelKey.allCases {
                for kind in [Step.Kind.subscriptGet, .contains, .holder, .allKeys] {
                    let step = Step(kind: kind, context: index, key: key, scope: "", value: nil)
                    let expected = model.perform(step)
                    let actual = perform(step, on: contexts)
                    guard expected == actual else {
                        return report(
                            scenario, failingStep: scenario.steps.count, expected: expected, actual: actual,
                            finalCheck: step)
                    }
                }
            }
        }
        return nil
    }

    private static func perform(_ step: Step, on contexts: [ScreenContext]) -> Outcome {
        switch step.key {
        case .userID: perform(step, UserID.self, on: contexts, make: { "v\($0)" }, text: { $0 })
        case .color: perform(step, Color.self, on: contexts, make: { "v\($0)" }, text: { $0 })
        case .count: perform(step, Count.self, on: contexts, make: { $0 }, text: { String($0) })
        }
    }

    private static func perform<Key: ContextKey>(
        _ step: Step, _ key: Key.Type, on contexts: [ScreenContext], make: (Int) -> Key.Value,
        text: (Key.Value) -> String
    ) -> Outcome {
        let context = contexts[step.context]
        let value = step.value.map(make)
        do throws(ContextError) {
            switch step.kind {
            case .set:
                context.set(value, for: key)
                return .done
            case .scopedSet:
                try context.set(value, for: key, in: step.scope)
                return .done
            case .subscriptGet:
                return .value(context[key].map(text))
            case .valueGet:
                return .value(context.value(for: key).map(text))
            case .scopedGet:
                return .value(try context.value(for: key, in: step.scope).map(text))
            case .remove:
                return .bool(context.remove(key))
            case .scopedRemove:
                return .bool(try context.remove(key, in: step.scope))
            case .contains:
                return .bool(context.contains(key))
            case .holder:
                guard let holder = context.holder(of: key) else { return .holder(nil) }
                return .holder(contexts.firstIndex { $0 === holder } ?? -1)
            case .allKeys:
                return .keys(context.allKeys.map(\.name))
            case .textDump:
                return .text(context.dump())
            case .jsonDump:
                return .text(context.dump(format: .json))
            }
        } catch {
            return .error(error)
        }
    }

    // MARK: - Reporting

    private static func report(
        _ scenario: Scenario, failingStep: Int, expected: Outcome, actual: Outcome, finalCheck: Step? = nil
    ) -> String {
        let count = scenario.steps.count
        var lines = [
            finalCheck == nil
                ? "The context chain diverged from the model at step \(failingStep + 1) of \(count)."
                : "The context chain diverged from the model in the final check, after all \(count) steps.",
            "Chain, root first: " + scenario.chainDescription,
            "Steps:",
        ]
        for (index, step) in scenario.steps.enumerated() where index <= failingStep {
            let marker = index == failingStep ? "▶" : " "
            lines.append("\(marker) \(index + 1). \(step)")
        }
        if let finalCheck {
            lines.append("▶ final check: \(finalCheck)")
        }
        lines.append("     model:   \(expected)")
        lines.append("     context: \(actual)")
        return lines.joined(separator: "\n")
    }
}

// MARK: - The reference model

/// The value rules restated over plain dictionaries. The chain is an array, root first; each
/// context's storage maps a key's name to its value, `.some(nil)` being an explicit nil.
private struct Model {
    let names: [String?]
    var storage: [[String: String?]]

    init(names: [String?]) {
        self.names = names
        self.storage = Array(repeating: [:], count: names.count)
    }

    /// The indices from `index` to the root, nearest first.
    func chain(from index: Int) -> [Int] { Array((0...index).reversed()) }

    func label(_ index: Int) -> String { names[index] ?? "(unnamed)" }

    /// Rules 3 and 5: the nearest context on the chain that stores the key, even as a nil.
    func holder(of key: String, from index: Int) -> Int? {
        chain(from: index).first { storage[$0][key] != nil }
    }

    /// Rule 3: the nearest stored value; an explicit nil is a match that reads as nil.
    func read(_ key: String, from index: Int) -> String? {
        guard let holder = holder(of: key, from: index) else { return nil }
        return storage[holder][key] ?? nil
    }

    /// Rule 4: the nearest context with the name, or the error that names the chain.
    func scope(_ name: String, from index: Int, key: String) throws(ContextError) -> Int {
        if let match = chain(from: index).first(where: { names[$0] == name }) { return match }
        var named: [String] = []
        for name in chain(from: index).compactMap({ names[$0] }) where !named.contains(name) {
            named.append(name)
        }
        throw ContextError.unknownScope(
            name: name, key: key, searched: chain(from: index).map(label), named: named)
    }

    /// Rule 6: each key once, nearest context first, by name within a context.
    func allKeys(from index: Int) -> [String] {
        var seen = Set<String>()
        var keys: [String] = []
        for context in chain(from: index) {
            for key in storage[context].keys.sorted() where seen.insert(key).inserted {
                keys.append(key)
            }
        }
        return keys
    }

    func textDump(from index: Int) -> String {
        var lines = ["---------------"]
        for context in chain(from: index) {
            lines.append("\(context):--- \(label(context)) ---")
            if storage[context].isEmpty { lines.append("\(context):[empty]") }
            for key in storage[context].keys.sorted() {
                lines.append("\(context):\(key) = \(storage[context][key]! ?? "<null>")")
            }
        }
        lines.append("---------------")
        return lines.joined(separator: "\n")
    }

    func jsonDump(from index: Int) -> String {
        let contexts = chain(from: index).map { context in
            let values = storage[context].keys.sorted().map { key in
                let json = storage[context][key]!.map { ModelKey(name: key).isNumeric ? $0 : "\"\($0)\"" } ?? "null"
                return "\"\(key)\":\(json)"
            }
            let name = names[context].map { "\"\($0)\"" } ?? "null"
            return "{\"name\":\(name),\"level\":\(context),\"values\":{\(values.joined(separator: ","))}}"
        }
        return "{\"contexts\":[\(contexts.joined(separator: ","))]}"
    }

    mutating func perform(_ step: Step) -> Outcome {
        let key = step.key.name
        let value = step.value.map(step.key.text)
        do throws(ContextError) {
            switch step.kind {
            case .set:
                storage[step.context].updateValue(value, forKey: key)
                return .done
            case .scopedSet:
                let target = try scope(step.scope, from: step.context, key: key)
                storage[target].updateValue(value, forKey: key)
                return .done
            case .subscriptGet, .valueGet:
                return .value(read(key, from: step.context))
            case .scopedGet:
                // A named read looks only at the named context's own storage.
                let target = try scope(step.scope, from: step.context, key: key)
                return .value(storage[target][key] ?? nil)
            case .remove:
                guard let holder = holder(of: key, from: step.context) else { return .bool(false) }
                storage[holder].removeValue(forKey: key)
                return .bool(true)
            case .scopedRemove:
                let target = try scope(step.scope, from: step.context, key: key)
                return .bool(storage[target].removeValue(forKey: key) != nil)
            case .contains:
                return .bool(holder(of: key, from: step.context) != nil)
            case .holder:
                return .holder(holder(of: key, from: step.context))
            case .allKeys:
                return .keys(allKeys(from: step.context))
            case .textDump:
                return .text(textDump(from: step.context))
            case .jsonDump:
                return .text(jsonDump(from: step.context))
            }
        } catch {
            return .error(error)
        }
    }
}

// MARK: - Scenarios

/// The keys the scenarios use: two that store strings and one that stores integers.
private enum ModelKey: Int, CaseIterable, Sendable {
    case userID, color, count

    init(name: String) {
        self = Self.allCases.first { $0.name == name }!
    }

    var name: String {
        switch self {
        case .userID: UserID.name
        case .color: Color.name
        case .count: Count.name
        }
    }

    var isNumeric: Bool { self == .count }

    /// How the model writes the value a step stores.
    func text(_ raw: Int) -> String { isNumeric ? String(raw) : "v\(raw)" }
}

/// One operation on one context of the chain.
private struct Step: Sendable, CustomStringConvertible {
    enum Kind: Int, CaseIterable, Sendable {
        case set, scopedSet, subscriptGet, valueGet, scopedGet, remove, scopedRemove, contains, holder, allKeys
        case textDump, jsonDump
    }

    var kind: Kind
    /// The index of the context the operation is called on, root first.
    var context: Int
    var key: ModelKey
    var scope: String
    /// The raw value a set stores; `nil` for an explicit nil.
    var value: Int?

    var description: String {
        let on = "#\(context)"
        let value = self.value.map { key.isNumeric ? String($0) : "\"\(key.text($0))\"" } ?? "nil"
        switch kind {
        case .set: return "\(on).set(\(value), for: \(key.name))"
        case .scopedSet: return "\(on).set(\(value), for: \(key.name), in: \"\(scope)\")"
        case .subscriptGet: return "\(on)[\(key.name)]"
        case .valueGet: return "\(on).value(for: \(key.name))"
        case .scopedGet: return "\(on).value(for: \(key.name), in: \"\(scope)\")"
        case .remove: return "\(on).remove(\(key.name))"
        case .scopedRemove: return "\(on).remove(\(key.name), in: \"\(scope)\")"
        case .contains: return "\(on).contains(\(key.name))"
        case .holder: return "\(on).holder(of: \(key.name))"
        case .allKeys: return "\(on).allKeys"
        case .textDump: return "\(on).dump()"
        case .jsonDump: return "\(on).dump(format: .json)"
        }
    }
}

/// A chain of named or unnamed contexts and the steps to run on it.
private struct Scenario: Sendable, CustomStringConvertible {
    /// The contexts' names, root first. Names come from a small set so that duplicates happen.
    var names: [String?]
    var steps: [Step]

    var chainDescription: String {
        names.enumerated().map { "#\($0)" + ($1.map { " \"\($0)\"" } ?? " (unnamed)") }.joined(separator: " → ")
    }

    var description: String {
        "chain \(chainDescription); steps: " + steps.map(\.description).joined(separator: "; ")
    }
}

/// The names contexts may have: `nil` is an unnamed context.
private let contextNames: [String?] = [nil, "app", "form", "tab"]
/// The names named-scope steps ask for: "nowhere" is never on a chain.
private let scopeNames = ["app", "form", "tab", "nowhere"]

/// Steps are drawn independently of the chain, then their context index is folded into it.
private let steps = zip(
    Gen.int(in: 0..<Step.Kind.allCases.count),
    Gen.int(in: 0...7),
    Gen.int(in: 0..<ModelKey.allCases.count),
    Gen.int(in: 0..<scopeNames.count),
    Gen.int(in: 0...3)
).map { raw in
    Step(
        kind: Step.Kind(rawValue: raw.0)!, context: raw.1, key: ModelKey(rawValue: raw.2)!, scope: scopeNames[raw.3],
        value: raw.4 == 0 ? nil : raw.4)
}

/// 1–8 contexts and 1–40 steps.
private let scenarios = zip(
    Gen.int(in: 0..<contextNames.count).array(of: 1...8),
    steps.array(of: 1...40)
).map { names, steps in
    Scenario(
        names: names.map { contextNames[$0] },
        steps: steps.map { step in
            var step = step
            step.context %= names.count
            return step
        })
}

// MARK: - Outcomes and coverage

/// What an operation answered.
private enum Outcome: Equatable, CustomStringConvertible {
    case done
    case value(String?)
    case bool(Bool)
    case holder(Int?)
    case keys([String])
    case text(String)
    case error(ContextError)

    var description: String {
        switch self {
        case .done: "done"
        case .value(let value): value.map { "\"\($0)\"" } ?? "nil"
        case .bool(let bool): String(bool)
        case .holder(let index): index.map { $0 < 0 ? "a context outside the chain" : "#\($0)" } ?? "no holder"
        case .keys(let keys): "\(keys)"
        case .text(let text): "\n" + text
        case .error(let error): "throws \(error)"
        }
    }
}

/// Counts of the cases the generated scenarios reached.
private struct Coverage {
    var scenarios = 0
    var chainsWithDuplicateNames = 0
    var unknownScopes = 0
    var explicitNils = 0
    var removesThatRevealedAnInnerValue = 0

    mutating func record(_ scenario: Scenario) {
        scenarios += 1
        let names = scenario.names.compactMap { $0 }
        if Set(names).count < names.count { chainsWithDuplicateNames += 1 }
    }

    /// Called after the model performed `step`.
    mutating func record(_ step: Step, outcome: Outcome, model: Model) {
        if case .error(.unknownScope) = outcome { unknownScopes += 1 }
        if step.kind == .set || step.kind == .scopedSet, step.value == nil, outcome == .done { explicitNils += 1 }
        if step.kind == .remove, outcome == .bool(true), model.holder(of: step.key.name, from: step.context) != nil {
            removesThatRevealedAnInnerValue += 1
        }
    }
}
