/// RFC 4648 base32 (lower-case alphabet, no padding) decoder written independently of the
/// implementation under test, to check CID strings round-trip.
func decodeBase32Lower(_ text: String) -> [UInt8]? {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
    var bytes: [UInt8] = []
    var accumulator = 0
    var bits = 0
    for character in text {
        guard let index = alphabet.firstIndex(of: character) else { return nil }
        accumulator = (accumulator << 5) | index
        bits += 5
        if bits >= 8 {
            bits -= 8
            bytes.append(UInt8((accumulator >> bits) & 0xFF))
        }
        accumulator &= (1 << bits) - 1
    }
    return bytes
}

func hexBytes(_ hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        bytes.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}
