import Crypto

/// PBKDF2 (RFC 8018 §5.2) with HMAC-SHA512 as the pseudo-random function: the key stretching
/// BIP-39 uses to turn a phrase into a 64-byte seed.
///
/// Written here rather than taken from swift-crypto's `CryptoExtras` (which has one) so that
/// FlipcashCore needs only the `Crypto` product, and because `CryptoExtras` refuses fewer than
/// 210,000 rounds unless called through its "unsafe" entry point, while BIP-39 fixes 2048. The
/// HMAC key schedule is computed once and the keyed state copied for every round (swift-crypto's
/// hash states are copy-on-write values), so a BIP-39 seed costs 2048 × 2 SHA-512 compressions
/// plus the copies.
enum PBKDF2 {
    /// The first `byteCount` bytes of PBKDF2-HMAC-SHA512(`password`, `salt`, `iterations`).
    ///
    /// - Precondition: `iterations` ≥ 1 and `byteCount` ≥ 1 (callers pass constants).
    static func hmacSHA512(password: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
        precondition(iterations >= 1 && byteCount >= 1, "PBKDF2 needs at least one round and one output byte")
        let keyed = HMAC<SHA512>(key: SymmetricKey(data: password))
        var output: [UInt8] = []
        output.reserveCapacity(byteCount)
        var blockNumber: UInt32 = 1
        while output.count < byteCount {
            // U1 = PRF(password, salt || INT(i)), Uj = PRF(password, Uj-1), T = U1 ^ … ^ Uc.
            var mac = keyed
            mac.update(data: salt)
            mac.update(data: [
                UInt8(truncatingIfNeeded: blockNumber >> 24), UInt8(truncatingIfNeeded: blockNumber >> 16),
                UInt8(truncatingIfNeeded: blockNumber >> 8), UInt8(truncatingIfNeeded: blockNumber),
            ])
            var previous = [UInt8](mac.finalize())
            var block = previous
            for _ in 1..<iterations {
                var round = keyed
                round.update(data: previous)
                previous = [UInt8](round.finalize())
                for index in block.indices { block[index] ^= previous[index] }
            }
            output.append(contentsOf: block.prefix(byteCount - output.count))
            blockNumber += 1
        }
        return output
    }
}
