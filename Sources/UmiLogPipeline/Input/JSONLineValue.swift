/// A value of a flat input record: what open-data exports put in one JSON line.
///
/// Scalars and arrays of strings (`tags`) are decoded; any other array or object is kept as its
/// raw JSON text, so a dive's extra fields pass through the pipeline unchanged.
enum JSONLineValue: Equatable, Sendable {
    case string(String)
    /// A number: its value, and its text as written (so it is written back unchanged).
    case number(Double, text: String)
    case bool(Bool)
    case null
    /// An array whose elements are all strings.
    case strings([String])
    /// Any other array or an object, as its JSON text.
    case raw(String)

    /// The name of the JSON type, for messages ("latitude is a string").
    var typeName: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .strings: "an array"
        case .raw(let text): text.hasPrefix("{") ? "an object" : "an array"
        }
    }
}

/// One input line's top-level object: its members in order. When a key repeats, the last value
/// counts, as in most JSON readers.
struct JSONLineObject: Equatable, Sendable {
    var members: [(key: String, value: JSONLineValue)]

    init(members: [(key: String, value: JSONLineValue)] = []) {
        self.members = members
    }

    subscript(key: String) -> JSONLineValue? {
        members.last { $0.key == key }?.value
    }

    static func == (lhs: JSONLineObject, rhs: JSONLineObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
