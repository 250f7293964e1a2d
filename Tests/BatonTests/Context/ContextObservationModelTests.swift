import Baton
import BatonTesting
import Observation
import PropertyBased
import Testing

/// Checks Observation tracking against a reference model: random forests of contexts, random
/// sets, removes, named sets, re-parentings, provider registrations and cancellations. Before
/// every step each context's chain reads of two keys, its named read and its provider request
/// are tracked; after the step, the contexts whose `onChange` ran must be exactly those whose
/// read result the model says changed.
@MainActor
@Suite(.lenientMisuse)
struct ContextObservationModelTests {
    @Test(.heavyOnTheMainActor) func onChangeFiresExactlyWhenTheModelsReadResultChanges() async {
        var coverage = ObservationCoverage()
        var diverged = false
        await propertyCheck(count: 1000, input: observationScenarios) { scenario in
            coverage.scenarios += 1
            if let divergence = Self.run(scenario, coverage: &coverage) {
                diverged = true
                Issue.record("\(divergence)")
            }
        }
        guard !diverged else { return }
        // The generators must reach the interesting cases, or a pass proves little.
        #expect(coverage.scenarios >= 1000)
        #expect(coverage.fired[.value] ?? 0 > 0)
        #expect(coverage.notFired[.value] ?? 0 > 0)
        #expect(coverage.fired[.named] ?? 0 > 0)
        #expect(coverage.notFired[.named] ?? 0 > 0)
        #expect(coverage.fired[.provider] ?? 0 > 0)
        #expect(coverage.notFired[.provider] ?? 0 > 0)
        #expect(coverage.reparentingsThatKeptAValue > 0)
        #expect(coverage.shadowedWrites > 0)
    }

    // MARK: - Running a scenario

    private static func run(_ scenario: ObservationScenario, coverage: inout ObservationCoverage) -> String? {
        var model = ObservationModel(names: scenario.names)
        let contexts = scenario.names.map { ScreenContext(name: $0) }
        let owners = scenario.names.map { _ in Owner() }
        var registrations: [Registration?] = Array(repeating: nil, count: contexts.count)
        for (index, step) in scenario.steps.enumerated() {
            guard model.isValid(step) else { continue }
            let before = model
            // Track every read of every context.
            var changes: [TrackedReadKind: [ChangeCount]] = [:]
            for context in contexts {
                changes[.value, default: []].append(track { _ = context[UserID.self] })
                changes[.otherKey, default: []].append(track { _ = context[Color.self] })
                changes[.named, default: []].append(track { _ = try? context.value(for: UserID.self, in: "a") })
                changes[.provider, default: []].append(track { _ = try? context.request(TotalWeight.self) })
            }
            // Perform the step on the contexts and on the model.
            let token = index + 1
            switch step.kind {
            case .set:
                let value = step.value.map { _ in "v\(token)" }
                if step.key == 0 {
                    contexts[step.context].set(value, for: UserID.self)
                } else {
                    contexts[step.context].set(value, for: Color.self)
                }
            case .remove:
                if step.key == 0 {
                    contexts[step.context].remove(UserID.self)
                } else {
                    contexts[step.context].remove(Color.self)
                }
            case .scopedSet:
                _ = try? contexts[step.context].set(step.value.map { _ in "v\(token)" }, for: UserID.self, in: "a")
            case .reparent:
                _ = try? contexts[step.context].attach(to: step.target.map { contexts[$0] })
            case .provide:
                registrations[step.context] = try? contexts[step.context].provide(
                    TotalWeight.self, owner: owners[step.context]
                ) { _ in Double(token) }
            case .cancelProvider:
                registrations[step.context]?.cancel()
                registrations[step.context] = nil
            }
            model.perform(step, token: token)
            // Compare.
            for (reader, context) in contexts.enumerated() {
                for kind in TrackedReadKind.allCases {
                    let expected = before.result(kind, from: reader) != model.result(kind, from: reader, before: before)
                    let fired = changes[kind]![reader].count
                    if expected {
                        coverage.fired[kind, default: 0] += 1
                    } else {
                        coverage.notFired[kind, default: 0] += 1
                    }
                    guard fired == (expected ? 1 : 0) else {
                        return report(
                            scenario, failingStep: index, reader: reader, kind: kind, expected: expected, fired: fired)
                    }
                }
                let expectedValue = model.value(0, from: reader).map { "v\($0)" }
                guard context[UserID.self] == expectedValue else {
                    return "step \(index + 1): context #\(reader) reads \(context[UserID.self] ?? "nil") for UserID"
                }
            }
            coverage.record(step, before: before, after: model)
        }
        return nil
    }

    private static func report(
        _ scenario: ObservationScenario, failingStep: Int, reader: Int, kind: TrackedReadKind, expected: Bool,
        fired: Int
    ) -> String {
        var lines = [
            "onChange diverged from the model at step \(failingStep + 1): context #\(reader)'s \(kind) read "
                + "fired \(fired) time(s), the model expects \(expected ? "one" : "none").",
            "Names: \(scenario.names.map { $0 ?? "(unnamed)" })", "Steps:",
        ]
        for (index, step) in scenario.steps.enumerated() where index <= failingStep {
            lines.append("\(index == failingStep ? "▶" : " ") \(index + 1). \(step)")
        }
        return lines.joined(separator: "\n")
    }
}

// MARK: - The reference model

/// The reads tracked before each step.
private enum TrackedReadKind: CaseIterable, CustomStringConvertible {
    case value, otherKey, named, provider

    var description: String {
        switch self {
        case .value: "UserID"
        case .otherKey: "Color"
        case .named: "named UserID in \"a\""
        case .provider: "TotalWeight provider"
        }
    }
}

/// What a read resolved to: nothing, an explicit nil, the value set at step `token`, or for a
/// named read also the path it took.
private enum ModelResult: Equatable {
    case missing
    case explicitNil
    case value(Int)
    case provider(Int)
    case named(path: [Int], slot: ModelSlot?)
}

/// One stored entry: an explicit nil or the value set at step `token`.
private enum ModelSlot: Equatable {
    case explicitNil
    case value(Int)
}

private struct ObservationModel {
    let names: [String?]
    var parents: [Int?]
    var slots: [[Int: ModelSlot]]
    var providers: [Int?]
    /// Contexts re-parented by the last step.
    var moved: Int?

    init(names: [String?]) {
        self.names = names
        self.parents = Array(repeating: nil, count: names.count)
        self.slots = Array(repeating: [:], count: names.count)
        self.providers = Array(repeating: nil, count: names.count)
    }

    func chain(from index: Int) -> [Int] {
        var chain = [index]
        while let parent = parents[chain.last!] { chain.append(parent) }
        return chain
    }

    func root(of index: Int) -> Int { chain(from: index).last! }

    func tree(of index: Int) -> [Int] { names.indices.filter { root(of: $0) == root(of: index) } }

    func value(_ key: Int, from index: Int) -> Int? {
        for context in chain(from: index) {
            if let slot = slots[context][key] {
                if case .value(let token) = slot { return token }
                return nil
            }
        }
        return nil
    }

    func result(_ kind: TrackedReadKind, from index: Int) -> ModelResult {
        switch kind {
        case .value, .otherKey:
            let key = kind == .value ? 0 : 1
            for context in chain(from: index) {
                switch slots[context][key] {
                case .explicitNil?: return .explicitNil
                case .value(let token)?: return .value(token)
                case nil: continue
                }
            }
            return .missing
        case .named:
            var path: [Int] = []
            for context in chain(from: index) {
                path.append(context)
                if names[context] == "a" { return .named(path: path, slot: slots[context][0]) }
            }
            return .named(path: path, slot: nil)
        case .provider:
            for context in chain(from: index) {
                if let token = providers[context] { return .provider(token) }
            }
            return .missing
        }
    }

    /// The result after a step, as the tracking sees it: a named read also changes when a
    /// context on its path, the found one included, was re-parented.
    func result(_ kind: TrackedReadKind, from index: Int, before: ObservationModel) -> ModelResult {
        let now = result(kind, from: index)
        if kind == .named, let moved, case .named(let path, _) = before.result(.named, from: index),
            path.contains(moved)
        {
            return .named(path: [-1], slot: nil)
        }
        return now
    }

    func isValid(_ step: ObservationStep) -> Bool {
        switch step.kind {
        case .set, .remove, .scopedSet: return true
        case .reparent:
            if let target = step.target, chain(from: target).contains(step.context) { return false }
            if step.target == parents[step.context] { return false }
            // Joining two trees must not bring two providers together.
            if let target = step.target, root(of: target) != root(of: step.context) {
                let here = tree(of: step.context).contains { providers[$0] != nil }
                let there = tree(of: target).contains { providers[$0] != nil }
                if here && there { return false }
            }
            return true
        case .provide: return !tree(of: step.context).contains { providers[$0] != nil }
        case .cancelProvider: return providers[step.context] != nil
        }
    }

    mutating func perform(_ step: ObservationStep, token: Int) {
        moved = nil
        let slot: ModelSlot = step.value == nil ? .explicitNil : .value(token)
        switch step.kind {
        case .set:
            slots[step.context][step.key] = slot
        case .remove:
            if let holder = chain(from: step.context).first(where: { slots[$0][step.key] != nil }) {
                slots[holder][step.key] = nil
            }
        case .scopedSet:
            if let target = chain(from: step.context).first(where: { names[$0] == "a" }) {
                slots[target][0] = slot
            }
        case .reparent:
            parents[step.context] = step.target
            moved = step.context
        case .provide:
            providers[step.context] = token
        case .cancelProvider:
            providers[step.context] = nil
        }
    }
}

// MARK: - Scenarios

private struct ObservationStep: CustomStringConvertible {
    enum Kind: Int, CaseIterable {
        case set, remove, scopedSet, reparent, provide, cancelProvider
    }
    var kind: Kind
    var context: Int
    var target: Int?
    var key: Int
    var value: Int?

    var description: String {
        let key = key == 0 ? "UserID" : "Color"
        switch kind {
        case .set: return "#\(context).set(\(value == nil ? "nil" : "value"), for: \(key))"
        case .remove: return "#\(context).remove(\(key))"
        case .scopedSet: return "#\(context).set(\(value == nil ? "nil" : "value"), for: UserID, in: \"a\")"
        case .reparent: return "#\(context).attach(to: \(target.map { "#\($0)" } ?? "nil"))"
        case .provide: return "#\(context).provide(TotalWeight)"
        case .cancelProvider: return "#\(context)'s provider cancelled"
        }
    }
}

private struct ObservationScenario {
    var names: [String?]
    var steps: [ObservationStep]
}

private let observationNames: [String?] = [nil, "a", "b"]

private let observationSteps = zip(
    Gen.int(in: 0..<ObservationStep.Kind.allCases.count),
    Gen.int(in: 0...5),
    Gen.int(in: 0...6),
    Gen.int(in: 0...1),
    Gen.int(in: 0...3)
).map { raw in
    ObservationStep(
        kind: ObservationStep.Kind(rawValue: raw.0)!, context: raw.1, target: raw.2 == 6 ? nil : raw.2,
        key: raw.3, value: raw.4 == 0 ? nil : raw.4)
}

/// 2–6 contexts, all roots at first, and 1–30 steps.
private let observationScenarios = zip(
    Gen.int(in: 0..<observationNames.count).array(of: 2...6),
    observationSteps.array(of: 1...30)
).map { names, steps in
    ObservationScenario(
        names: names.map { observationNames[$0] },
        steps: steps.map { step in
            var step = step
            step.context %= names.count
            step.target = step.target.map { $0 % names.count }
            return step
        })
}

// MARK: - Coverage

private struct ObservationCoverage {
    var scenarios = 0
    var fired: [TrackedReadKind: Int] = [:]
    var notFired: [TrackedReadKind: Int] = [:]
    var reparentingsThatKeptAValue = 0
    var shadowedWrites = 0

    mutating func record(_ step: ObservationStep, before: ObservationModel, after: ObservationModel) {
        let readers = before.names.indices
        switch step.kind {
        case .reparent:
            if readers.contains(where: {
                before.chain(from: $0).contains(step.context) && before.result(.value, from: $0) != .missing
                    && before.result(.value, from: $0) == after.result(.value, from: $0)
            }) {
                reparentingsThatKeptAValue += 1
            }
        case .set where step.key == 0:
            if readers.contains(where: {
                before.chain(from: $0).dropFirst().contains(step.context)
                    && before.result(.value, from: $0) == after.result(.value, from: $0)
            }) {
                shadowedWrites += 1
            }
        default: break
        }
    }
}
