public import DAGCBOR
public import Foundation

/// The envelope fields of a receipt, read back from its raw DAG-CBOR bytes without knowing the
/// payload's type. This is what a verifier (or an outsider with a CBOR tool) sees.
public struct ReceiptHeader: Hashable, Sendable {
    public let did: String
    public let deviceId: String
    public let signingKey: Data
    public let receiptType: String
    public let createdAtMs: Int64
    public let parentCID: CID?
    public let rootCID: CID?
    /// The payload map as decoded; typed access goes through `Receipt.payload(as:)`.
    public let payload: DAGCBORMap

    /// Every key a receipt body may hold; anything else makes the receipt malformed, so two
    /// readers can never disagree on what was signed.
    static let allowedKeys: Set<String> = [
        "did", "deviceId", "signingKey", "receiptType", "createdAtMs", "payload", "parentCID", "rootCID",
    ]

    /// Parses and checks the shape of a receipt body.
    /// - Throws: `ReceiptError.malformedBody` naming the offending field, or the decoder's error
    ///   when the bytes are not canonical DAG-CBOR.
    public init(rawCBOR: Data) throws {
        let value = try DAGCBORValue.decode(rawCBOR)
        guard let map = value.mapValue else {
            throw ReceiptError.malformedBody("the body is not a map")
        }
        for entry in map.entries where !Self.allowedKeys.contains(entry.key) {
            throw ReceiptError.malformedBody("unexpected key \"\(entry.key)\"")
        }
        did = try Self.text(map, "did")
        deviceId = try Self.text(map, "deviceId")
        guard UUID(uuidString: deviceId) != nil, deviceId == deviceId.lowercased() else {
            throw ReceiptError.malformedBody("deviceId must be a lowercase UUID")
        }
        guard let key = map["signingKey"]?.bytesValue, key.count == 32 else {
            throw ReceiptError.malformedBody("signingKey must be 32 bytes")
        }
        signingKey = key
        receiptType = try Self.text(map, "receiptType")
        guard let createdAt = map["createdAtMs"]?.intValue else {
            throw ReceiptError.malformedBody("createdAtMs must be an integer")
        }
        createdAtMs = createdAt
        guard let payload = map["payload"]?.mapValue else {
            throw ReceiptError.malformedBody("payload must be a map")
        }
        self.payload = payload
        parentCID = try Self.link(map, "parentCID")
        rootCID = try Self.link(map, "rootCID")
        guard (parentCID == nil) == (rootCID == nil) else {
            throw ReceiptError.malformedBody("parentCID and rootCID must both be present or both absent")
        }
    }

    private static func text(_ map: DAGCBORMap, _ key: String) throws -> String {
        guard let text = map[key]?.textValue, !text.isEmpty else {
            throw ReceiptError.malformedBody("\(key) must be non-empty text")
        }
        return text
    }

    private static func link(_ map: DAGCBORMap, _ key: String) throws -> CID? {
        guard let value = map[key] else { return nil }
        guard let cid = value.linkValue else {
            throw ReceiptError.malformedBody("\(key) must be a CID link")
        }
        return cid
    }
}
