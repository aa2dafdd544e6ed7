import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// Decoders of outside input never crash and answer with a typed error: the 35-byte decoder, the
/// ring decoder, the SVG scanner and its tag reader, fed random and mutated input.
@Suite("Cash code fuzzing")
struct CashCodeFuzzTests {
    @Test("random bytes of any length: a typed error or, rarely, a payload — never a crash (10,000 inputs)")
    func randomCodes() {
        var random = SplitMix64(seed: 0xF022_0001)
        var accepted = 0
        for trial in 0..<10_000 {
            let count = trial % 4 == 0 ? Int.random(in: 0...80, using: &random) : 35
            let bytes = random.bytes(count)
            do {
                _ = try CashCode.decode(bytes)
                accepted += 1
            } catch {
                if count != 35 { #expect(error == .wrongCodeLength(count)) }
            }
        }
        #expect(accepted == 0)
    }

    @Test("mutated codes: ≤ 6 damaged bytes give the original, more never give another payload (10,000 inputs)")
    func mutatedCodes() throws {
        var random = SplitMix64(seed: 0xF022_0002)
        for _ in 0..<10_000 {
            let payload = try CashCodeReedSolomonTests.randomPayload(using: &random)
            var code = CashCode.encode(payload)
            let damaged = Int.random(in: 0...35, using: &random)
            for position in Array(0..<35).shuffled(using: &random).prefix(damaged) {
                code[position] ^= UInt8.random(in: 1...255, using: &random)
            }
            let result = Result { () throws(CashCodeError) in try CashCode.decode(code) }
            switch result {
            case .success(let decoded):
                #expect(damaged <= 6)
                #expect(decoded == payload)
            case .failure:
                #expect(damaged > 6)
            }
        }
    }

    @Test("random ring bits decode to a typed error (2,000 inputs)")
    func randomRings() throws {
        var random = SplitMix64(seed: 0xF022_0003)
        for trial in 0..<2_000 {
            var bits = CashCodeRings.ringSizes.map { size in (0..<size).map { _ in Bool.random(using: &random) } }
            if trial.isMultiple(of: 2) { bits[0] = try CashCodeRings(code: [UInt8](repeating: 0, count: 35)).rings[0] }
            #expect(throws: CashCodeError.self) { try CashCodeRings(rings: bits).decode() }
        }
    }

    @Test("random text and random markup never crash the scanner (3,000 inputs)")
    func randomText() {
        var random = SplitMix64(seed: 0xF022_0004)
        let pieces = [
            "<", ">", "/", "=", "\"", "'", " ", "\n", "svg", "circle", "<svg", "<circle", "cx", "cy", "r", "viewBox",
            "width", "height", "390", "195", "-1", "1e999", "nan", "0x1p4", "px", "<!--", "-->", "<![CDATA[", "]]>",
            "é", "\u{0}", "∞", "fill", "none", ":", "svg:", ",", ".",
        ]
        for trial in 0..<3_000 {
            let text: String
            if trial.isMultiple(of: 3) {
                text = String(decoding: random.bytes(Int.random(in: 0...300, using: &random)), as: UTF8.self)
            } else {
                text = (0..<Int.random(in: 0...120, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            }
            do {
                // A scanned payload is one the encoder would draw again.
                let payload = try CashCodeSVG.scan(text)
                let redrawn = try CashCodeSVG.scan(try CashCodeSVG().render(payload))
                #expect(redrawn == payload, "trial \(trial)")
            } catch {
                #expect(error.errorDescription?.isEmpty == false, "trial \(trial): \(error)")
            }
            _ = SVGTagReader.tags(in: text, named: ["svg", "circle"])
        }
    }

    @Test("mutated pictures scan to the original payload or fail with a typed error (400 inputs)")
    func mutatedPictures() throws {
        var random = SplitMix64(seed: 0xF022_0005)
        for _ in 0..<400 {
            let payload = try CashCodeReedSolomonTests.randomPayload(using: &random)
            var bytes = Array(try CashCodeSVG().render(payload).utf8)
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                guard !bytes.isEmpty else { break }
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                case 2: bytes[index] = UInt8.random(in: 0...255, using: &random)
                default: bytes.removeSubrange(index...)  // truncated
                }
            }
            let result = Result { () throws(CashCodeError) in try CashCodeSVG.scan(String(decoding: bytes, as: UTF8.self)) }
            switch result {
            case .success(let decoded): #expect(decoded == payload)
            case .failure: break
            }
        }
    }

    @Test("every error has a message a person can act on")
    func messages() {
        let errors: [CashCodeError] = [
            .wrongCodeLength(3), .uncorrectable, .unexpectedHeader(1, 0), .invalidPayload(.unknownKind(2)),
            .wrongRingSizes([1]), .finderMismatch(wrongBits: 9), .invalidPictureSize(-1), .svgTooLarge(bytes: 9_999_999),
            .svgWithoutSize, .svgWithoutDots,
        ]
        for error in errors { #expect(error.errorDescription?.isEmpty == false, "\(error)") }
        #expect(CashCodeError.unexpectedHeader(1, 0).errorDescription?.contains("01 00") == true)
    }
}
