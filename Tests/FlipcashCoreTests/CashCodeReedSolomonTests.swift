import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("Cash code: Reed–Solomon RS(35, 22) over GF(256)/0x11D and the 35-byte code")
struct CashCodeReedSolomonTests {
    /// The three full codes of section F, transcribed (the file is read in `vectorFile`).
    static let transcribed: [(payload: String, code: String)] = [
        ("008e404b4c000000000001020304050607080910", "4b8c8fa4de30d8d57aa8a8b817" + "0200" + "008e404b4c000000000001020304050607080910"),
        ("018e404b4c000000000001020304050607080910", "ab32b0985405d234217d293b93" + "0200" + "018e404b4c000000000001020304050607080910"),
        ("0000000000000000000000000000000000000000", "25f37ac37f78b2ff1e8efd3973" + "0200" + "0000000000000000000000000000000000000000"),
    ]
    static let flippedPositions = [0, 5, 13, 20, 27, 34]

    @Test("GF(256): α generates the field; multiply and divide are inverse")
    func field() {
        #expect(Set(GaloisField256.shared.exponents[0..<255]).count == 255)
        #expect(GaloisField256.shared.power(255) == 1)
        #expect(GaloisField256.shared.power(8) == 0x1D)
        #expect(GaloisField256.shared.power(-1) == GaloisField256.shared.power(254))
        for a in 1...255 {
            for b in stride(from: 1, through: 255, by: 7) {
                let product = GaloisField256.shared.multiply(UInt8(a), UInt8(b))
                #expect(GaloisField256.shared.divide(product, UInt8(b)) == UInt8(a))
            }
        }
        #expect(GaloisField256.shared.multiply(0, 9) == 0 && GaloisField256.shared.divide(0, 9) == 0)
    }

    @Test("generator (x+1)·Π(x+αⁱ), i = 0…11: 01 45 33 34 35 aa c3 18 53 08 23 aa b4 61")
    func generator() throws {
        let generator = ReedSolomon.kikCode.generator
        #expect(CashCodeHex.string(generator) == "0145333435aac3185308 23aab461".replacingOccurrences(of: " ", with: ""))
        #expect(CashCodeHex.string(generator) == (try CashCodeVectors.load().generatorHex))
        // Roots α⁰…α¹¹, and 1 twice: g(1) = 0 and g′(1) = 0.
        let ascending = Array(generator.reversed())
        for power in 0..<12 { #expect(GaloisField256.shared.evaluate(ascending, at: GaloisField256.shared.power(power)) == 0) }
        #expect(GaloisField256.shared.evaluateDerivative(ascending, at: 1) == 0)
    }

    @Test("encoding gives the three codes of section F exactly (transcribed)")
    func transcribedVectors() throws {
        for vector in Self.transcribed {
            let payload = try CashCodePayload(decoding: CashCodeHex.bytes(vector.payload))
            #expect(CashCodeHex.string(CashCode.encode(payload)) == vector.code)
            #expect(try CashCode.decode(CashCodeHex.bytes(vector.code)) == payload)
        }
    }

    @Test("encoding gives the codes of section F exactly (read from the vector file)")
    func vectorFile() throws {
        let vectors = try CashCodeVectors.load()
        #expect(vectors.codes.count == 3)
        for vector in vectors.codes {
            let payload = try CashCodePayload(decoding: vector.payload)
            #expect(CashCode.encode(payload) == vector.code, "\(vector.label)")
            #expect(Array(vector.code[13..<15]) == CashCode.header)
            #expect(try CashCode.decode(vector.code) == payload)
        }
        #expect(vectors.correctedPositions == Self.flippedPositions)
    }

    @Test("6 bytes flipped at 0, 5, 13, 20, 27, 34 still decode; the corrections are reported")
    func sixFlipped() throws {
        for vector in Self.transcribed {
            let original = CashCodeHex.bytes(vector.code)
            for mask: UInt8 in [0xFF, 0x01, 0x80, 0x5A] {
                var damaged = original
                for position in Self.flippedPositions { damaged[position] ^= mask }
                let decoded = try CashCode.decodeReportingCorrections(damaged)
                #expect(decoded.payload == (try CashCodePayload(decoding: CashCodeHex.bytes(vector.payload))))
                #expect(decoded.code == original)
                #expect(decoded.correctedPositions == Self.flippedPositions)
            }
        }
    }

    @Test("7 flipped bytes are rejected")
    func sevenFlipped() throws {
        for vector in Self.transcribed {
            let original = CashCodeHex.bytes(vector.code)
            for seventh in [1, 2, 9, 12, 14, 21, 33] {
                var damaged = original
                for position in Self.flippedPositions + [seventh] { damaged[position] ^= 0xFF }
                #expect(throws: CashCodeError.uncorrectable) { try CashCode.decode(damaged) }
            }
        }
    }

    @Test("random payloads with 1–6 errors at random places and values decode to the original (4,000 trials)")
    func randomCorrectable() throws {
        var random = SplitMix64(seed: 0x5EED_0006)
        for trial in 0..<4_000 {
            let payload = try Self.randomPayload(using: &random)
            let code = CashCode.encode(payload)
            let count = trial % 6 + 1
            let positions = Self.randomPositions(count, using: &random)
            var damaged = code
            for position in positions { damaged[position] ^= UInt8.random(in: 1...255, using: &random) }
            let decoded = try CashCode.decodeReportingCorrections(damaged)
            #expect(decoded.payload == payload)
            #expect(decoded.code == code)
            #expect(decoded.correctedPositions == positions.sorted())
        }
    }

    /// With 12 syndromes and t = 6, a word with 7 errors could lie within distance 6 of another
    /// codeword of the 12-root code. The code is shortened to 35 of 255 symbols, so nearly every
    /// locator such a word yields has a root outside the word and is rejected (≈ 5.6·10⁻⁹ per word
    /// survive; then the 13th parity check ≈ 1/256 and the header `02 00` ≈ 1/65,536). Measured:
    /// 0 of 10⁶ (set CASHCODE_MISCORRECTION_TRIALS to measure again, best in release:
    /// `swift test -c release -Xswiftc -enable-testing`). Asserted: the locator search accepts at
    /// most 1 in 10⁶ 7-error words, and no 7-error word ever yields a payload.
    @Test("7 random errors: the RS locator rarely miscorrects, the full decoder always rejects")
    func sevenRandomErrors() throws {
        let trials = ProcessInfo.processInfo.environment["CASHCODE_MISCORRECTION_TRIALS"].flatMap { Int($0) } ?? 3_000
        var random = SplitMix64(seed: 0x5EED_0007)
        var locatorAccepted = 0
        var codewordAccepted = 0
        var payloadsReturned = 0
        for _ in 0..<trials {
            let payload = try Self.randomPayload(using: &random)
            var damaged = CashCode.encode(payload)
            for position in Self.randomPositions(7, using: &random) { damaged[position] ^= UInt8.random(in: 1...255, using: &random) }
            var word = Array(damaged[13...]) + damaged[..<13]
            if ReedSolomon.kikCode.locateAndFix(&word) != nil {
                locatorAccepted += 1
                if ReedSolomon.kikCode.isCodeword(word) { codewordAccepted += 1 }
            }
            if (try? CashCode.decode(damaged)) != nil { payloadsReturned += 1 }
        }
        if ProcessInfo.processInfo.environment["CASHCODE_MISCORRECTION_TRIALS"] != nil {
            print("7-error trials \(trials): locator accepted \(locatorAccepted), codeword \(codewordAccepted), payload \(payloadsReturned)")
        }
        #expect(locatorAccepted <= trials / 1_000_000)
        #expect(payloadsReturned == 0)
    }

    @Test("8–20 random errors never yield a payload (2,000 trials)")
    func manyRandomErrors() throws {
        var random = SplitMix64(seed: 0x5EED_0008)
        for _ in 0..<2_000 {
            var damaged = CashCode.encode(try Self.randomPayload(using: &random))
            let count = Int.random(in: 8...20, using: &random)
            for position in Self.randomPositions(count, using: &random) { damaged[position] ^= UInt8.random(in: 1...255, using: &random) }
            #expect(throws: CashCodeError.self) { try CashCode.decode(damaged) }
        }
    }

    @Test("a word passing all 12 syndromes but not the 13th check is rejected, not 'corrected'")
    func onlyExtraCheckFails() throws {
        // Π_{i=0}^{11} (x + αⁱ): a codeword of the 12-root code, but divisible by (x + 1) once only.
        var polynomial: [UInt8] = [1]
        for power in 0..<12 {
            let root = GaloisField256.shared.power(power)
            var product = polynomial + [0]
            for index in polynomial.indices { product[index + 1] ^= GaloisField256.shared.multiply(polynomial[index], root) }
            polynomial = product
        }
        let word = [UInt8](repeating: 0, count: 35 - polynomial.count) + polynomial
        #expect(ReedSolomon.kikCode.syndromes(of: word).allSatisfy { $0 == 0 })
        #expect(!ReedSolomon.kikCode.isCodeword(word))
        #expect(throws: ReedSolomonError.tooManyErrors) { try ReedSolomon.kikCode.correct(word) }
    }

    @Test("every encoded word is a codeword with zero syndromes; lengths are checked")
    func codewords() throws {
        var random = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<200 {
            let data = random.bytes(22)
            let word = ReedSolomon.kikCode.encode(data)
            #expect(ReedSolomon.kikCode.isCodeword(word))
            #expect(ReedSolomon.kikCode.syndromes(of: word).allSatisfy { $0 == 0 })
            #expect(try ReedSolomon.kikCode.correct(word) == ReedSolomon.Correction(word: word, positions: []))
        }
        #expect(throws: ReedSolomonError.wrongLength(expected: 35, actual: 34)) {
            try ReedSolomon.kikCode.correct([UInt8](repeating: 0, count: 34))
        }
    }

    @Test("a valid code of another Kik type (header other than 02 00) is rejected")
    func otherHeader() throws {
        let payload = try CashCodePayload(decoding: CashCodeHex.bytes(Self.transcribed[0].payload))
        for header: [UInt8] in [[0x01, 0x00], [0x02, 0x08], [0x03, 0x00], [0x22, 0x00]] {
            let data = header + payload.encoded()
            let code = ReedSolomon.kikCode.parity(of: data) + data
            #expect(throws: CashCodeError.unexpectedHeader(header[0], header[1])) { try CashCode.decode(code) }
        }
    }

    @Test("a valid code whose payload is not a bill is rejected with the payload's reason")
    func invalidPayloadInValidCode() throws {
        var payloadBytes = CashCodeHex.bytes(Self.transcribed[0].payload)
        payloadBytes[0] = 2  // a tip code
        let data = CashCode.header + payloadBytes
        let code = ReedSolomon.kikCode.parity(of: data) + data
        #expect(throws: CashCodeError.invalidPayload(.unknownKind(2))) { try CashCode.decode(code) }
    }

    static func randomPayload(using random: inout SplitMix64) throws -> CashCodePayload {
        let kind = CashCodePayload.Kind.allCases.randomElement(using: &random) ?? .cash
        let currency = CurrencyCode.allCases.randomElement(using: &random) ?? .usd
        let wire = UInt64.random(in: 0...CashCodePayload.maximumWireAmount, using: &random) >> UInt64.random(in: 0...40, using: &random)
        return try CashCodePayload(kind: kind, currency: currency, wireAmount: wire, nonce: random.bytes(10))
    }

    static func randomPositions(_ count: Int, using random: inout SplitMix64) -> [Int] {
        Array(Array(0..<35).shuffled(using: &random).prefix(count))
    }
}
