import Crypto
import Foundation

extension UUID {
    /// A name-based UUID (RFC 9562 version 8): the first 16 bytes of SHA-256 of `name`, so the
    /// same name gives the same id on every device and every run.
    init(derivedFrom name: some DataProtocol) {
        var bytes = Array(SHA256.hash(data: name).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        self.init(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
