import Crypto
import CryptoExtras
public import Foundation

/// How a key slot turns a passphrase or recovery code into the key that wraps the master key:
/// scrypt with N = 2^`logN`, block size `r`, parallelism `p`, and a random salt of its own.
///
/// scrypt is memory hard, so every guess at a passphrase costs an attacker (including a server
/// that holds the slot) `128 · r · N` bytes of memory as well as time, which is what makes
/// offline guessing on GPUs and ASICs expensive. The parameters travel with the slot, so they can
/// be raised later without breaking older slots; since they come back from an untrusted server,
/// every value is checked before use (`init` refuses anything outside the documented range, and
/// `deriveKey` refuses settings that would need more memory than `memoryLimit`), so a hostile
/// slot cannot crash the app or make it allocate gigabytes.
public struct KDFParameters: Sendable, Hashable {
    /// The only algorithm: the JSON's `algorithm` field.
    public static let algorithm = "scrypt"
    /// The bytes of a fresh salt.
    public static let saltByteCount = 16

    /// The accepted ranges, as in `openapi.yaml`'s `KDFParameters`.
    public static let logNRange = 10...22
    public static let rRange = 1...32
    public static let pRange = 1...16
    public static let saltByteCountRange = 16...64
    /// The most memory a derivation may need here: enough for N = 2^20 with r = 8 (1 GiB for
    /// scrypt's big array, plus 1 MiB of slack for its small ones), the largest setting a phone can
    /// afford; bigger slots are refused rather than attempted.
    public static let memoryLimit = (1 << 30) + (1 << 20)

    /// log₂ of scrypt's cost N.
    public let logN: Int
    /// scrypt's block size.
    public let r: Int
    /// scrypt's parallelism.
    public let p: Int
    /// The slot's own random salt, so equal passphrases never give equal wrapping keys and
    /// precomputed guesses are useless.
    public let salt: Data

    /// Checked parameters.
    ///
    /// - Throws: `UmiLogKeyError.unsupportedKeyParameters` outside 10…22 for `logN`, 1…32 for
    ///   `r`, 1…16 for `p`, 16…64 bytes of salt, or when r·p ≥ 2^30 (scrypt's own bound).
    public init(logN: Int, r: Int, p: Int, salt: Data) throws(UmiLogKeyError) {
        try Self.validate(algorithm: Self.algorithm, logN: logN, r: r, p: p, saltByteCount: salt.count)
        self.logN = logN
        self.r = r
        self.p = p
        self.salt = salt
    }

    /// Checked parameters with a fresh random salt: what a new slot uses.
    public init(logN: Int, r: Int, p: Int) throws(UmiLogKeyError) {
        try self.init(logN: logN, r: r, p: p, salt: Self.freshSalt())
    }

    /// For passphrases: N = 2^16, r = 8, p = 1 (64 MiB), the floor the audited end-to-end designs
    /// use for human-chosen secrets. Each use draws a fresh salt, so no two slots share one.
    public static var passphraseDefault: KDFParameters {
        KDFParameters(checkedLogN: 16, r: 8, p: 1, salt: freshSalt())
    }

    /// For recovery codes: N = 2^14, r = 8, p = 1 (16 MiB). The code already carries 128 random
    /// bits, so the KDF only needs to be a KDF, not a brake on guessing. Each use draws a fresh salt.
    public static var recoveryCodeDefault: KDFParameters {
        KDFParameters(checkedLogN: 14, r: 8, p: 1, salt: freshSalt())
    }

    /// The cheapest accepted setting (N = 2^10, r = 8, p = 1), for tests only: it protects nothing.
    public static var cheapestForTesting: KDFParameters {
        KDFParameters(checkedLogN: 10, r: 8, p: 1, salt: freshSalt())
    }

    private init(checkedLogN logN: Int, r: Int, p: Int, salt: Data) {
        self.logN = logN
        self.r = r
        self.p = p
        self.salt = salt
    }

    /// The bytes a derivation with these parameters needs (scrypt's V, B and T arrays).
    public var memoryNeeded: Int {
        128 * r * ((1 << logN) + p + 1)
    }

    /// Refuses anything outside the documented range, without computing anything that could
    /// overflow or allocate.
    ///
    /// - Throws: `UmiLogKeyError.unsupportedKeyParameters` naming the offending field.
    public static func validate(algorithm: String, logN: Int, r: Int, p: Int, saltByteCount: Int) throws(UmiLogKeyError) {
        guard algorithm == Self.algorithm else { throw .unsupportedKeyParameters("algorithm is not scrypt") }
        guard logNRange.contains(logN) else { throw .unsupportedKeyParameters("scrypt logN must be 10 to 22") }
        guard rRange.contains(r) else { throw .unsupportedKeyParameters("scrypt r must be 1 to 32") }
        guard pRange.contains(p) else { throw .unsupportedKeyParameters("scrypt p must be 1 to 16") }
        // Within the ranges above r·p ≤ 512; the check documents scrypt's own bound.
        guard r * p < 1 << 30 else { throw .unsupportedKeyParameters("scrypt r·p is too large") }
        guard saltByteCountRange.contains(saltByteCount) else { throw .unsupportedKeyParameters("salt must be 16 to 64 bytes") }
    }

    /// The 32-byte key scrypt derives from `secret` with these parameters.
    ///
    /// - Throws: `UmiLogKeyError.unsupportedKeyParameters` when the derivation would need more
    ///   than `memoryLimit` bytes, or when scrypt refuses the combination.
    func deriveKey(from secret: some DataProtocol) throws(UmiLogKeyError) -> SymmetricKey {
        guard memoryNeeded <= Self.memoryLimit else {
            throw .unsupportedKeyParameters("needs \(memoryNeeded >> 20) MiB of memory, more than this device allows")
        }
        do {
            return try KDF.Scrypt.deriveKey(
                from: secret, salt: salt, outputByteCount: 32, rounds: 1 << logN, blockSize: r, parallelism: p
            )
        } catch {
            throw .unsupportedKeyParameters("scrypt refused these parameters")
        }
    }

    /// A fixed, unambiguous encoding of every parameter, bound into the slot's associated data so
    /// that editing a stored slot's parameters (to weaken or break it) makes it fail to open:
    /// `"scrypt"` ‖ 0x00 ‖ logN ‖ r ‖ p (each UInt32 big-endian) ‖ salt length (UInt32 BE) ‖ salt.
    var canonicalEncoding: Data {
        var bytes = Data(Self.algorithm.utf8)
        bytes.append(0)
        for value in [logN, r, p, salt.count] {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian) { bytes.append(contentsOf: $0) }
        }
        bytes.append(salt)
        return bytes
    }

    static func freshSalt() -> Data {
        SymmetricKey(size: SymmetricKeySize(bitCount: saltByteCount * 8)).withUnsafeBytes { Data($0) }
    }
}

extension KDFParameters: Codable {
    enum CodingKeys: String, CodingKey {
        case algorithm, logN, r, p, salt
    }

    /// Reads and checks the JSON form (`salt` in standard base64).
    ///
    /// - Throws: `UmiLogKeyError.unsupportedKeyParameters` for values out of range (the decoder
    ///   passes it through unchanged), `DecodingError` for JSON of the wrong shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let algorithm = try container.decode(String.self, forKey: .algorithm)
        let logN = try container.decode(Int.self, forKey: .logN)
        let r = try container.decode(Int.self, forKey: .r)
        let p = try container.decode(Int.self, forKey: .p)
        let saltText = try container.decode(String.self, forKey: .salt)
        guard let salt = Data(base64Encoded: saltText) else {
            throw DecodingError.dataCorruptedError(forKey: .salt, in: container, debugDescription: "salt is not base64")
        }
        try Self.validate(algorithm: algorithm, logN: logN, r: r, p: p, saltByteCount: salt.count)
        self.init(checkedLogN: logN, r: r, p: p, salt: salt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.algorithm, forKey: .algorithm)
        try container.encode(logN, forKey: .logN)
        try container.encode(r, forKey: .r)
        try container.encode(p, forKey: .p)
        try container.encode(salt.base64EncodedString(), forKey: .salt)
    }
}
