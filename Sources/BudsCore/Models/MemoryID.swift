public import DAGCBOR
public import Foundation

/// Memory identifiers are derived from the chain's root CID, so the same session has the same
/// id on every device and after an export/import round trip, with nothing extra to sign.
public enum MemoryID {
    /// An RFC 9562 version-8 UUID made of the first 16 bytes of the root CID's SHA-256 digest.
    public static func forRoot(_ rootCID: CID) -> UUID {
        var bytes = Array(rootCID.digest.prefix(16))
        while bytes.count < 16 { bytes.append(0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 9562 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
