/// Encodes any `Encodable` value (a route) to a ``JSONValue``, and decodes one back, without
/// Foundation.
///
/// Decoding with `lenientScalars` also reads numbers and booleans from strings, for values taken
/// from a URL.
enum JSONValueCoding {
    static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let box = EncodingBox()
        try value.encode(to: ValueEncoder(box: box, codingPath: []))
        return box.value
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, lenientScalars: Bool = false) throws -> T {
        try T(from: ValueDecoder(value: value, outerPath: [], key: nil, lenient: lenientScalars))
    }

    /// A short description of a decoding error: what was expected where.
    static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        if let error = error as? EncodingError, case .invalidValue(_, let context) = error {
            return "\(context.debugDescription) at \(path(context.codingPath))"
        }
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String { path(context.codingPath) }
        switch error {
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "expected \(type) at \(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing \(key.stringValue) at \(path(context))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return String(describing: error)
        }
    }
}

/// A key for containers made from JSON object keys.
struct JSONKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

// MARK: - Encoding

private final class EncodingBox {
    enum Content {
        case empty
        case value(JSONValue)
        case object([(String, EncodingBox)])
        case array([EncodingBox])
    }
    var content = Content.empty

    var value: JSONValue {
        switch content {
        case .empty: .object([])
        case .value(let value): value
        case .object(let members): .object(members.map { JSONValue.Member(key: $0.0, value: $0.1.value) })
        case .array(let boxes): .array(boxes.map(\.value))
        }
    }

    func child(_ key: String) -> EncodingBox {
        let box = EncodingBox()
        if case .object(var members) = content {
            // Emptied first, so that `members` is the array's only owner and grows in place:
            // adding to a copy made every member cost the ones before it (a quadratic save).
            content = .empty
            members.removeAll { $0.0 == key }
            members.append((key, box))
            content = .object(members)
        } else {
            content = .object([(key, box)])
        }
        return box
    }

    func appended() -> EncodingBox {
        let box = EncodingBox()
        if case .array(var boxes) = content {
            // Emptied first, so that `boxes` grows in place (see `child(_:)`).
            content = .empty
            boxes.append(box)
            content = .array(boxes)
        } else {
            content = .array([box])
        }
        return box
    }

    var count: Int {
        if case .array(let boxes) = content { return boxes.count }
        return 0
    }
}

private struct ValueEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.content {} else { box.content = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.content {} else { box.content = .array([]) }
        return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(box: box, codingPath: codingPath)
    }

    static func encode<T: Encodable>(_ value: T, into box: EncodingBox, at path: [any CodingKey]) throws {
        try value.encode(to: ValueEncoder(box: box, codingPath: path))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.child(key.stringValue).content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try ValueEncoder.encode(value, into: box.child(key.stringValue), at: codingPath + [key])
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encode(Primitive(value), forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        ValueEncoder(box: box.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(box: box.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        ValueEncoder(box: box.child("super"), codingPath: codingPath + [JSONKey(stringValue: "super")])
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(box: box.child(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var count: Int { box.count }

    private var nextKey: JSONKey { JSONKey(intValue: count) }
    mutating func encodeNil() throws { box.appended().content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try ValueEncoder.encode(value, into: box.appended(), at: codingPath + [key])
    }
    mutating func encode(_ value: Bool) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: String) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: Double) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: Float) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: Int) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: Int8) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: Int16) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: Int32) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: Int64) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: UInt) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: UInt8) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: UInt16) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: UInt32) throws { try encode(Primitive(value)) }
    mutating func encode(_ value: UInt64) throws { try encode(Primitive(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let key = nextKey
        return ValueEncoder(box: box.appended(), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        return ValueEncoder(box: box.appended(), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return ValueEncoder(box: box.appended(), codingPath: codingPath + [key])
    }
}

/// A primitive value on its way into a single-value container.
private struct Primitive: Encodable {
    let value: JSONValue?
    let type: Any.Type
    init(_ value: Bool) { (self.value, type) = (.bool(value), Bool.self) }
    init(_ value: String) { (self.value, type) = (.string(value), String.self) }
    init<T: BinaryInteger>(_ value: T) { (self.value, type) = (.number(String(value)), T.self) }
    init<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T) {
        self.value = value.isFinite ? .number(Self.text(of: value)) : nil
        type = T.self
    }

    /// Swift's shortest round-tripping text, written as JSON wants it (`1e-05`, not `1e-5`, is
    /// fine; `inf` and `nan` never get here).
    private static func text<T: LosslessStringConvertible>(of value: T) -> String { value.description }

    func encode(to encoder: any Encoder) throws {
        guard let encoder = encoder as? ValueEncoder else { return }
        guard let value else {
            throw EncodingError.invalidValue(
                self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "\(type) is not finite"))
        }
        encoder.box.content = .value(value)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    private func set(_ primitive: Primitive) throws {
        try primitive.encode(to: ValueEncoder(box: box, codingPath: codingPath))
    }
    mutating func encodeNil() throws { box.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try ValueEncoder.encode(value, into: box, at: codingPath)
    }
    mutating func encode(_ value: Bool) throws { try set(Primitive(value)) }
    mutating func encode(_ value: String) throws { try set(Primitive(value)) }
    mutating func encode(_ value: Double) throws { try set(Primitive(value)) }
    mutating func encode(_ value: Float) throws { try set(Primitive(value)) }
    mutating func encode(_ value: Int) throws { try set(Primitive(value)) }
    mutating func encode(_ value: Int8) throws { try set(Primitive(value)) }
    mutating func encode(_ value: Int16) throws { try set(Primitive(value)) }
    mutating func encode(_ value: Int32) throws { try set(Primitive(value)) }
    mutating func encode(_ value: Int64) throws { try set(Primitive(value)) }
    mutating func encode(_ value: UInt) throws { try set(Primitive(value)) }
    mutating func encode(_ value: UInt8) throws { try set(Primitive(value)) }
    mutating func encode(_ value: UInt16) throws { try set(Primitive(value)) }
    mutating func encode(_ value: UInt32) throws { try set(Primitive(value)) }
    mutating func encode(_ value: UInt64) throws { try set(Primitive(value)) }
}

// MARK: - Decoding

private struct ValueDecoder: Decoder {
    let value: JSONValue
    /// The path to the container this value is in, and its key there: the coding path is put
    /// together only when asked for (an error, a nested value), not for every value read.
    let outerPath: [any CodingKey]
    let key: (any CodingKey)?
    let lenient: Bool
    var codingPath: [any CodingKey] { key.map { outerPath + [$0] } ?? outerPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: Any.Type) -> DecodingError {
        .typeMismatch(
            expected, DecodingError.Context(codingPath: codingPath, debugDescription: "found \(value.kind)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedReader<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let values) = value else { throw mismatch([Any].self) }
        return UnkeyedReader(decoder: self, values: values)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleReader(decoder: self) }

    func child(_ value: JSONValue, key: any CodingKey) -> ValueDecoder {
        ValueDecoder(value: value, outerPath: codingPath, key: key, lenient: lenient)
    }

    /// The scalar text of a number (or, leniently, of a string).
    func scalar<T>(_ type: T.Type) throws -> String {
        switch value {
        case .number(let text): return text
        case .string(let text) where lenient: return text
        default: throw mismatch(type)
        }
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let result = T(try scalar(type)) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "not a \(type): \(value.text)"))
        }
        return result
    }

    func floating<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard let result = T(try scalar(type)), result.isFinite else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "not a finite \(type): \(value.text)"))
        }
        return result
    }

    func bool() throws -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .string("true") where lenient: return true
        case .string("false") where lenient: return false
        default: throw mismatch(Bool.self)
        }
    }

    func string() throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self) }
        return text
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Bool.Type: return try bool() as! T
        case is String.Type: return try string() as! T
        case is Double.Type: return try floating(Double.self) as! T
        case is Float.Type: return try floating(Float.self) as! T
        case is Int.Type: return try integer(Int.self) as! T
        case is Int8.Type: return try integer(Int8.self) as! T
        case is Int16.Type: return try integer(Int16.self) as! T
        case is Int32.Type: return try integer(Int32.self) as! T
        case is Int64.Type: return try integer(Int64.self) as! T
        case is UInt.Type: return try integer(UInt.self) as! T
        case is UInt8.Type: return try integer(UInt8.self) as! T
        case is UInt16.Type: return try integer(UInt16.self) as! T
        case is UInt32.Type: return try integer(UInt32.self) as! T
        case is UInt64.Type: return try integer(UInt64.self) as! T
        default: return try T(from: self)
        }
    }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    let members: [JSONValue.Member]
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] {
        // A loop, not `compactMap`: this generic code is not specialised for the app's keys, and
        // `compactMap` looked up the metadata of `Key?` and `[Key]` on each call.
        var keys: [Key] = []
        keys.reserveCapacity(members.count)
        for member in members {
            if let key = Key(stringValue: member.key) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    private func child(_ key: Key) throws -> ValueDecoder {
        guard let member = members.last(where: { $0.key == key.stringValue }) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "no \(key.stringValue)"))
        }
        return decoder.child(member.value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).floating(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).floating(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).integer(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).integer(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder {
        guard let member = members.last(where: { $0.key == "super" }) else {
            return decoder.child(.object([]), key: JSONKey(stringValue: "super"))
        }
        return decoder.child(member.value, key: JSONKey(stringValue: "super"))
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    let values: [JSONValue]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    private mutating func next<T>(_ type: T.Type) throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: codingPath, debugDescription: "the array has no more values"))
        }
        defer { currentIndex += 1 }
        return decoder.child(values[currentIndex], key: JSONKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, values[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next([String: Any].self).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}

private struct SingleReader: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}
