import Foundation

/// The `id` attributes UmiLog writes for its own dives and sites, and how they read back.
///
/// UDDF ids are `xsd:ID`s: they must start with a letter or `_` and may hold only letters,
/// digits, `.`, `-` and `_`. Our dive ids are UUIDs and our site keys are slugs or uuids that
/// may start with a digit, so both are wrapped in a form that is always valid and that the
/// reader can undo, which is how a round trip keeps them.
enum UDDFIdentifier {
    private static let divePrefix = "umilog-"
    private static let sitePrefix = "site-"

    /// `umilog-3f2a…`: a dive id that carries our UUID.
    static func diveID(_ id: UUID) -> String {
        divePrefix + id.uuidString.lowercased()
    }

    /// The UUID inside an id written by ``diveID(_:)``; `nil` for any other id.
    static func diveUUID(fromID id: String) -> UUID? {
        guard id.hasPrefix(divePrefix) else { return nil }
        return UUID(uuidString: String(id.dropFirst(divePrefix.count)))
    }

    /// `site-` followed by the key, with every byte that an `xsd:ID` may not hold (and `_`
    /// itself) written as `_` and two hex digits: `site-Lake_20Coleridge`.
    static func siteID(forKey key: String) -> String {
        var id = sitePrefix
        for byte in key.utf8 {
            if isKept(byte) {
                id.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                id += "_" + String(byte >> 4, radix: 16, uppercase: true)
                id += String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return id
    }

    /// The key ``siteID(forKey:)`` wrapped; `nil` when `id` is not of that form.
    static func siteKey(fromID id: String) -> String? {
        guard id.hasPrefix(sitePrefix) else { return nil }
        var bytes: [UInt8] = []
        var rest = Array(id.utf8.dropFirst(sitePrefix.utf8.count))[...]
        while let byte = rest.first {
            rest.removeFirst()
            if byte == UInt8(ascii: "_") {
                guard rest.count >= 2, let high = hexValue(rest[rest.startIndex]),
                    let low = hexValue(rest[rest.startIndex + 1])
                else { return nil }
                bytes.append(high << 4 | low)
                rest.removeFirst(2)
            } else if isKept(byte) {
                bytes.append(byte)
            } else {
                return nil
            }
        }
        let key = String(decoding: bytes, as: UTF8.self)
        return Array(key.utf8) == bytes ? key : nil
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
