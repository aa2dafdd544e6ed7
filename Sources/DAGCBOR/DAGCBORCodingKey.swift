/// A coding key for map entries and array positions that have no static `CodingKey` type.
///
/// Kept to three words so that boxing it as `any CodingKey` needs no allocation; the "Index n" text of
/// an array position is only built when someone reads `stringValue` (error messages).
struct DAGCBORCodingKey: CodingKey {
    private let name: String?
    private let number: Int
    private static let noNumber = Int.min

    init(stringValue: String) {
        name = stringValue
        number = Self.noNumber
    }

    init(intValue: Int) {
        name = String(intValue)
        number = intValue
    }

    init(index: Int) {
        name = nil
        number = index
    }

    var stringValue: String { name ?? "Index \(number)" }
    var intValue: Int? { number == Self.noNumber ? nil : number }

    static let `super` = DAGCBORCodingKey(stringValue: "super")
}
