/// A misuse of a ``ScreenContext``: what was asked, where Baton looked, and what exists instead.
///
/// Every case renders a message through ``description`` that names the key, flag or action, the
/// chain of contexts searched (nearest first, written `form → (unnamed) → app`) and, where it
/// helps, the nearest names that do exist.
///
/// ```swift
/// do {
///     try context.set("12345", for: UserID.self, in: "ap")
/// } catch {
///     print(error)
///     // No context named "ap" on the chain of UserID: searched form → (unnamed) → app.
///     // Named contexts on the chain: "form", "app". Did you mean "app"?
/// }
/// ```
public enum ContextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A named scope (`in:`) matched no context on the chain. `key` is the key asked for, or empty
    /// for a plain lookup with ``ScreenContext/context(named:)``.
    ///
    /// ```swift
    /// try context.value(for: UserID.self, in: "missing")   // throws .unknownScope
    /// ```
    case unknownScope(name: String, key: String, searched: [String], named: [String])
    /// A write, a removal or a context lookup in a named scope (`in:`) from a context whose
    /// screen left the tree (finished, dismissed, popped), found that scope only on the chain
    /// the screen left. A screen that left reads the live values of that chain while it exists,
    /// in a scope too, but writes only to its own context. A run-time state, not a misuse: the
    /// rest of an async action may run after the user dismissed its screen.
    ///
    /// ```swift
    /// detail.finish()
    /// try detail.context.set("done", for: Status.self, in: "app")   // throws .leftTheTree
    /// ```
    case leftTheTree(scope: String, key: String, context: String)
    /// No provider for the key is registered on the chain.
    ///
    /// A request searches its context and the contexts above it only. When contexts off that
    /// chain in the same tree provide the key (another tab, another branch, a screen below),
    /// `offChain` names them and `commonAncestor` the nearest context on the chain above all of
    /// them, where a provider would reach both.
    ///
    /// ```swift
    /// try profile.context.request(\.weight)   // throws .providerMissing when only feed provides it
    /// // No provider for weight: searched profile → tabs → app. Providers on the chain: none. Off this
    /// // chain, feed provides weight, but a request searches only profile and the contexts above it.
    /// // Provide it in tabs instead, above both, or register another one on this chain with
    /// // provide(\.weight, owner:_:).
    /// ```
    case providerMissing(
        key: String, searched: [String], available: [String], offChain: [String] = [], commonAncestor: String? = nil)
    /// The provider exists but its availability condition is not met.
    ///
    /// ```swift
    /// try context.request(TotalWeight.self)   // throws .providerUnavailable while off screen
    /// ```
    case providerUnavailable(key: String, registeredIn: String)
    /// The provider's owner is gone or its expiry condition holds.
    ///
    /// ```swift
    /// try context.request(TotalWeight.self)   // throws .providerExpired after its owner is freed
    /// ```
    case providerExpired(key: String, registeredIn: String)
    /// A live provider for the key already exists on the context's lineage (itself, its
    /// ancestors or its descendants).
    ///
    /// ```swift
    /// try context.provide(TotalWeight.self, owner: b) { _ in 1 }   // throws while a's is live
    /// ```
    case providerAlreadyRegistered(key: String, registeredIn: String)
    /// A provider asked for its own key while computing it, directly or through other
    /// providers; `chain` lists the requests in progress, outermost first, then the one refused.
    ///
    /// ```swift
    /// try app.provide(\.weight, owner: owner) { _ in try? app.request(\.weight) }
    /// try app.request(\.weight)   // the inner request throws .providerReentered
    /// ```
    case providerReentered(key: String, registeredIn: String, chain: [String])
    /// The flag is already set on the context's lineage (itself, its ancestors or its descendants).
    ///
    /// ```swift
    /// try context.setFlag(Onboarded.self)   // throws .flagAlreadySet the second time
    /// ```
    case flagAlreadySet(flag: String, setIn: String)
    /// The flag is not set on the chain, so it cannot be unset.
    ///
    /// ```swift
    /// try context.unsetFlag(Onboarded.self)   // throws .flagNotSet
    /// ```
    case flagNotSet(flag: String, searched: [String], setFlags: [String])
    /// No action with this name is registered on the chain.
    ///
    /// An action call searches its context and the contexts above it only. When contexts off
    /// that chain in the same tree register the action (another tab, another branch, a screen
    /// below), `offChain` names them and `commonAncestor` the nearest context on the chain above
    /// all of them, where a registration would reach both.
    ///
    /// ```swift
    /// try context.execute(SwapInputs.self)   // throws .actionMissing
    /// ```
    case actionMissing(
        action: String, searched: [String], available: [String], offChain: [String] = [],
        commonAncestor: String? = nil)
    /// The action's owner is gone or its expiry condition holds.
    ///
    /// ```swift
    /// try context.execute(SwapInputs.self)   // throws .actionExpired after the owner is freed
    /// ```
    case actionExpired(action: String, registeredIn: String)
    /// The action exists but its availability condition is not met (ProContext's unexecutable
    /// executable).
    ///
    /// ```swift
    /// try context.execute(SwapInputs.self)   // throws .actionUnavailable while off screen
    /// ```
    case actionUnavailable(action: String, registeredIn: String)
    /// A live action with this name already exists on the context's lineage (itself, its
    /// ancestors or its descendants).
    ///
    /// ```swift
    /// try context.register(SwapInputs.self, owner: b) { _, _ in }   // throws while a's is live
    /// ```
    case actionAlreadyRegistered(action: String, registeredIn: String)
    /// Attaching a context under `parent` would make it its own ancestor.
    ///
    /// ```swift
    /// try root.attach(to: child)   // throws .cycle
    /// ```
    case cycle(context: String, parent: String)

    /// The diagnostic message: what was asked, where it was looked for, what exists instead and
    /// how to fix it.
    ///
    /// ```swift
    /// print(ContextError.flagAlreadySet(flag: "Onboarded", setIn: "app"))
    /// // Flag Onboarded is already set in app. Unset it before setting it again.
    /// ```
    public var description: String {
        switch self {
        case .unknownScope(let name, let key, let searched, let named):
            let subject = key.isEmpty ? "" : " of \(key)"
            return "No context named \"\(name)\" on the chain\(subject): searched \(Self.path(searched)). "
                + Self.listing("Named contexts on the chain", named, quoted: true)
                + Self.suggestion(for: name, among: named)
        case .leftTheTree(let scope, let key, let context):
            let subject = key.isEmpty ? "look up context \"\(scope)\"" : "write \(key) in \"\(scope)\""
            return "Cannot \(subject) from \(context): its screen left the tree, and a screen that left reads"
                + " the chain it left but writes only to its own context. Write before the screen finishes"
                + " or is dismissed, or write without in: to keep the value in its own context."
        case .providerMissing(let key, let searched, let available, let offChain, let commonAncestor):
            let register = "provide(\(Self.keyArgument(key)), owner:_:)"
            return "No provider for \(key): searched \(Self.path(searched)). "
                + Self.listing("Providers on the chain", available, quoted: false)
                + Self.suggestion(for: key, among: available)
                + Self.offChain(
                    offChain, commonAncestor, searched: searched, verb: ("provides", "provide"), name: key,
                    lookup: "a request", share: "Provide", register: register)
        case .providerUnavailable(let key, let registeredIn):
            return "The provider for \(key) in \(registeredIn) is not available: its condition is not met."
                + " Check the condition before requesting, or observe the event that makes it available."
        case .providerExpired(let key, let registeredIn):
            return "The provider for \(key) in \(registeredIn) has expired: its owner is gone or its expiry"
                + " condition holds. Register a new provider before requesting."
        case .providerAlreadyRegistered(let key, let registeredIn):
            return "A live provider for \(key) is already registered in \(registeredIn);"
                + " only one live provider per key may exist on a lineage (a context, its ancestors and its descendants)."
                + " Cancel it, or let its owner go, before registering another."
        case .providerReentered(let key, let registeredIn, let chain):
            return "The provider for \(key) in \(registeredIn) asked for \(key) while computing it:"
                + " \(Self.path(chain))."
                + " A provider cannot request its own key, directly or through other providers;"
                + " compute its value from other keys or stored values."
        case .flagAlreadySet(let flag, let setIn):
            return "Flag \(flag) is already set in \(setIn). Unset it before setting it again."
        case .flagNotSet(let flag, let searched, let setFlags):
            return "Flag \(flag) is not set: searched \(Self.path(searched)). "
                + Self.listing("Flags set on the chain", setFlags, quoted: false)
                + Self.suggestion(for: flag, among: setFlags)
        case .actionMissing(let action, let searched, let available, let offChain, let commonAncestor):
            return "No action \(action): searched \(Self.path(searched)). "
                + Self.listing("Actions on the chain", available, quoted: false)
                + Self.suggestion(for: action, among: available)
                + Self.offChain(
                    offChain, commonAncestor, searched: searched, verb: ("registers", "register"), name: action,
                    lookup: "an action call", share: "Register", register: "register(\(action).self, owner:_:)")
        case .actionExpired(let action, let registeredIn):
            return "The action \(action) in \(registeredIn) has expired: its owner is gone or its expiry"
                + " condition holds. Register it again before executing."
        case .actionUnavailable(let action, let registeredIn):
            return "The action \(action) in \(registeredIn) is not available: its condition is not met."
                + " Check canExecute(\(action).self) before executing."
        case .actionAlreadyRegistered(let action, let registeredIn):
            return "A live action \(action) is already registered in \(registeredIn);"
                + " action names are unique on a lineage (a context, its ancestors and its descendants)."
                + " Cancel it, or let its owner go, before registering another."
        case .cycle(let context, let parent):
            return "Cannot attach \(context) to \(parent): \(parent) is \(context) or one of its descendants,"
                + " which would make a cycle."
        }
    }

    /// How `provide` names a key: `\.totalWeight` for a ``ContextValues`` member (whose name
    /// is the member's, lower camel case), `TotalWeight.self` for a key type.
    static func keyArgument(_ key: String) -> String {
        key.first?.isLowercase == true ? "\\.\(key)" : "\(key).self"
    }

    /// The end of a "missing" message: where off the searched chain the name is registered and
    /// where one registration would reach the requester too, or only how to register one. A
    /// context on the chain cannot simply add its own: the holders below it are on its lineage.
    private static func offChain(
        _ holders: [String], _ commonAncestor: String?, searched: [String], verb: (one: String, many: String),
        name: String, lookup: String, share: String, register: String
    ) -> String {
        guard let requester = searched.first, let commonAncestor, !holders.isEmpty else {
            return " Register one with \(register)."
        }
        let names =
            holders.count == 1
            ? holders[0] : holders.dropLast().joined(separator: ", ") + " and " + holders[holders.count - 1]
        let verb = holders.count == 1 ? verb.one : verb.many
        let searches = "but \(lookup) searches only \(requester) and the contexts above it."
        if commonAncestor == requester {
            return " Off this chain, \(names) \(verb) \(name) below \(requester), \(searches)"
                + " \(share) it in \(requester) instead."
        }
        let reach = holders.count == 1 ? "above both" : "above all of them"
        return " Off this chain, \(names) \(verb) \(name), \(searches) \(share) it in \(commonAncestor) instead,"
            + " \(reach), or register another one on this chain with \(register)."
    }

    static func path(_ labels: [String]) -> String {
        labels.joined(separator: " → ")
    }

    static func listing(_ title: String, _ names: [String], quoted: Bool) -> String {
        guard !names.isEmpty else { return "\(title): none." }
        let shown = quoted ? names.map { "\"\($0)\"" } : names
        return "\(title): \(shown.joined(separator: ", "))."
    }

    static func suggestion(for name: String, among names: [String]) -> String {
        guard let best = Suggestions.nearest(to: name, in: names) else { return "" }
        return " Did you mean \"\(best)\"?"
    }
}
