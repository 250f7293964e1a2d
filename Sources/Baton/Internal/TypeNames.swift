/// Type names as `String(describing:)` writes them, made once per type: that call reflects on
/// the type each time (about 7,000 instructions), and screen names are asked for on every
/// transition.
@MainActor
enum TypeNames {
    private static var names: [ObjectIdentifier: String] = [:]

    /// `String(describing: type)`, from the cache after the first call for `type`.
    static func name(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = names[id] { return name }
        let name = String(describing: type)
        names[id] = name
        return name
    }
}
