import Crypto
import CryptoExtras
public import Foundation

/// A BIP-39 mnemonic: entropy written as English words with a checksum, so a person can copy it
/// by hand and a typo is caught instead of silently opening an empty wallet.
///
/// A value always holds a valid pair of entropy and words (the initialisers check), and it is a
/// secret: whoever has it controls the account, so `description` never shows the words.
public struct Mnemonic: Hashable, Sendable {
    /// 16 to 32 bytes of entropy: what a cash link carries.
    public let entropy: Data
    /// The words, in BIP-39 English, lower case.
    public let words: [String]

    /// The phrase BIP-39 hashes: the words joined by single spaces.
    public var phrase: String { words.joined(separator: " ") }

    /// How many words the phrase has.
    public var wordCount: MnemonicWordCount {
        // The initialisers only build valid lengths, so the fallback is never taken.
        MnemonicWordCount(rawValue: words.count) ?? .twelve
    }

    /// The mnemonic for `entropy` (16, 20, 24, 28 or 32 bytes).
    ///
    /// - Throws: `MnemonicError.invalidEntropyLength` for any other length.
    public init(entropy: some DataProtocol) throws(MnemonicError) {
        let bytes = [UInt8](entropy)
        guard let count = MnemonicWordCount(entropyByteCount: bytes.count) else {
            throw .invalidEntropyLength(bytes.count)
        }
        self.init(validEntropy: bytes, count: count)
    }

    /// Reads a typed or pasted phrase: Unicode compatibility forms, capitals and runs of white
    /// space (including line breaks and ideographic spaces) are normalised away first.
    ///
    /// - Throws: `MnemonicError.invalidWordCount`, `.unknownWord` or `.checksumMismatch`.
    public init(phrase: String) throws(MnemonicError) {
        let words = Self.normalized(phrase).split(whereSeparator: \.isWhitespace).map(String.init)
        try self.init(words: words)
    }

    /// Reads words one by one (each normalised like `init(phrase:)`).
    ///
    /// - Throws: `MnemonicError.invalidWordCount`, `.unknownWord` or `.checksumMismatch`.
    public init(words: [String]) throws(MnemonicError) {
        guard let count = MnemonicWordCount(rawValue: words.count) else { throw .invalidWordCount(words.count) }
        var values: [Int] = []
        values.reserveCapacity(words.count)
        for (position, word) in words.enumerated() {
            let normalized = Self.normalized(word).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let value = BIP39EnglishWordList.index(of: normalized) else { throw .unknownWord(position: position) }
            values.append(value)
        }
        // 11 bits per word = entropy bits + checksum bits; pad the tail to whole bytes with zeros.
        let packed = Self.packElevenBitValues(values)
        let entropy = Array(packed.prefix(count.entropyByteCount))
        let checksumMask = UInt8(truncatingIfNeeded: 0xFF << (8 - count.checksumBitCount))
        guard packed[count.entropyByteCount] == Self.checksumByte(of: entropy) & checksumMask else {
            throw .checksumMismatch
        }
        self.init(validEntropy: entropy, count: count)
    }

    /// A fresh mnemonic whose entropy comes from `generator`: pass a seeded generator only in tests.
    public static func generate(
        wordCount: MnemonicWordCount = .twelve,
        using generator: inout some RandomNumberGenerator
    ) -> Mnemonic {
        let entropy = (0..<wordCount.entropyByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Mnemonic(validEntropy: entropy, count: wordCount)
    }

    /// A fresh mnemonic from the system's cryptographically secure generator (`getrandom` on
    /// Linux, `SecRandomCopyBytes` on Apple platforms).
    public static func generate(wordCount: MnemonicWordCount = .twelve) -> Mnemonic {
        var generator = SystemRandomNumberGenerator()
        return generate(wordCount: wordCount, using: &generator)
    }

    /// The 64-byte BIP-39 seed: PBKDF2-HMAC-SHA512 over the NFKD phrase, salted with "mnemonic"
    /// followed by the NFKD `passphrase`, 2048 rounds. Costs a few milliseconds; derive once.
    public func seed(passphrase: String = "") -> Data {
        let password = Array(Self.nfkd(phrase).utf8)
        let salt = Array(Self.nfkd("mnemonic" + passphrase).utf8)
        do {
            // BIP-39 fixes 2048 rounds: the phrase's own entropy, not the round count, is what
            // makes the seed hard to guess. swift-crypto's checked `rounds:` entry point refuses
            // fewer than 210,000 (OWASP's figure for human-chosen passwords) and would give seeds
            // no other wallet derives, so the unchecked one is the right call here.
            let key = try KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: .sha512, outputByteCount: 64, unsafeUncheckedRounds: 2048
            )
            return key.withUnsafeBytes { Data($0) }
        } catch {
            // Every parameter above is a valid constant (the phrase is never empty), so the
            // backends (BoringSSL's PKCS5_PBKDF2_HMAC, CommonCrypto's CCKeyDerivationPBKDF) can
            // fail only when memory runs out, where carrying on would be no safer than stopping.
            preconditionFailure("PBKDF2-HMAC-SHA512 failed with constant, valid parameters")
        }
    }

    // MARK: - Encoding

    private init(validEntropy entropy: [UInt8], count: MnemonicWordCount) {
        let values = Self.elevenBitValues(of: entropy + [Self.checksumByte(of: entropy)], count: count.rawValue)
        self.entropy = Data(entropy)
        self.words = values.map { BIP39EnglishWordList.words[$0] }
    }

    /// The first byte of SHA-256(entropy); its top `checksumBitCount` bits are the checksum.
    private static func checksumByte(of entropy: [UInt8]) -> UInt8 {
        SHA256.hash(data: entropy).withUnsafeBytes { $0[0] }
    }

    /// The first `count` big-endian 11-bit values of `bytes`.
    private static func elevenBitValues(of bytes: [UInt8], count: Int) -> [Int] {
        var values: [Int] = []
        values.reserveCapacity(count)
        var accumulator: UInt32 = 0
        var pending = 0
        for byte in bytes where values.count < count {
            accumulator = accumulator << 8 | UInt32(byte)
            pending += 8
            if pending >= 11 {
                pending -= 11
                values.append(Int(accumulator >> pending & 0x7FF))
                accumulator &= (1 << pending) - 1
            }
        }
        return values
    }

    /// 11-bit values written big-endian into bytes, the last byte padded with zero bits.
    private static func packElevenBitValues(_ values: [Int]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity((values.count * 11 + 7) / 8)
        var accumulator: UInt32 = 0
        var pending = 0
        for value in values {
            accumulator = accumulator << 11 | UInt32(value)
            pending += 11
            while pending >= 8 {
                pending -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> pending))
            }
            accumulator &= (1 << pending) - 1
        }
        if pending > 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator << (8 - pending))) }
        return bytes
    }

    // MARK: - Normalisation

    /// NFKD and lower case: what a person typed, in the form the word list and BIP-39 use.
    static func normalized(_ text: String) -> String { nfkd(text).lowercased() }

    /// Unicode normalisation form KD, which BIP-39 applies to the phrase and the passphrase.
    static func nfkd(_ text: String) -> String { text.decomposedStringWithCompatibilityMapping }
}

extension Mnemonic: CustomStringConvertible, CustomDebugStringConvertible {
    /// "Mnemonic(12 words, redacted)": never the words, which are a secret.
    public var description: String { "Mnemonic(\(words.count) words, redacted)" }
    public var debugDescription: String { description }
}
