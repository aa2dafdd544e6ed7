import Foundation
import Storage
import Testing

/// Hostile and damaged input: the validator must answer every case with an `ImageInfo` or an
/// `ImageValidationError`, never trap or hang.
@Suite("Validating images: fuzzing")
struct ImageValidationFuzzTests {
    private static let seeds: [(String, [UInt8])] = [
        ("PNG", ImageSamples.png()),
        ("JPEG", ImageSamples.jpeg()),
        ("HEIC", ImageSamples.heic()),
        ("Pillow JPEG", RealImageFixtures.baselineJPEG),
        ("Pillow progressive JPEG", RealImageFixtures.progressiveJPEG),
        ("Pillow PNG", RealImageFixtures.palettePNG),
    ]

    /// One random edit: flip a bit, overwrite, insert, delete, duplicate a range, or cut the end.
    private static func mutate(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        let edits = Int.random(in: 1...4, using: &random)
        for _ in 0..<edits {
            guard !result.isEmpty else { break }
            let at = Int.random(in: 0..<result.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: result[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 1: result[at] = UInt8.random(in: 0...255, using: &random)
            case 2: result[at] = [0x00, 0xFF, 0x7F, 0x80, 0x01][Int.random(in: 0..<5, using: &random)]
            case 3:
                result.insert(contentsOf: (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
            case 4: result.removeSubrange(at..<min(result.count, at + Int.random(in: 1...16, using: &random)))
            case 5:
                let end = min(result.count, at + Int.random(in: 1...32, using: &random))
                result.insert(contentsOf: result[at..<end], at: end)
            default: result.removeSubrange(at...)
            }
        }
        return result
    }

    @Test func tenThousandMutationsNeverTrap() {
        var random = SeededGenerator(seed: 0x1313_2024)
        var accepted = 0
        var refused = 0
        for index in 0..<10_000 {
            let (name, seed) = Self.seeds[index % Self.seeds.count]
            let mutant = Self.mutate(seed, using: &random)
            do {
                let info = try ImageFormat.validate(mutant, maxBytes: 1 << 20)
                #expect(info.width > 0 && info.height > 0, "mutant \(index) of \(name)")
                #expect(ImageFormat.detect(mutant) == info.format, "mutant \(index) of \(name)")
                accepted += 1
            } catch {
                #expect(!(error.errorDescription ?? "").isEmpty)
                refused += 1
            }
        }
        #expect(accepted + refused == 10_000)
        // Most random edits break a structure this strict; a validator that accepts everything fails here.
        #expect(refused > 8_000)
    }

    @Test func randomBytesBehindEachSignatureAreRefused() {
        var random = SeededGenerator(seed: 42)
        let signatures: [[UInt8]] = [
            [0xFF, 0xD8, 0xFF, 0xE0], ImageSamples.pngSignature, ImageSamples.ftyp(),
            [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02],
        ]
        for index in 0..<2_000 {
            let tail = (0..<Int.random(in: 0...600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let bytes = signatures[index % signatures.count] + tail
            #expect(throws: ImageValidationError.self, "case \(index)") { try ImageFormat.validate(bytes, maxBytes: 1 << 20) }
        }
    }

    /// Inputs built to make a careless parser loop, recurse or allocate: many tiny chunks and boxes,
    /// a long run of fill bytes, entropy data full of stuffed bytes and restart markers.
    @Test func adversarialShapesFinish() throws {
        let megabyte = 1 << 20
        var manyChunks = ImageSamples.pngChunks()
        let tiny = ImageSamples.pngChunk("tEXt", [])
        manyChunks.insert(contentsOf: repeatElement(tiny, count: megabyte / tiny.count), at: 1)
        #expect(throws: ImageValidationError.tooLarge(maxBytes: megabyte)) {
            try ImageFormat.validate(ImageSamples.png(manyChunks), maxBytes: megabyte)
        }
        #expect(try ImageFormat.validate(ImageSamples.png(manyChunks), maxBytes: 2 * megabyte).format == .png)

        let fill = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: megabyte)
        #expect(throws: ImageValidationError.truncated(.jpeg)) { try ImageFormat.validate(fill, maxBytes: 2 * megabyte) }

        var parts = ImageSamples.jpegParts()
        parts[5] += Array(repeatElement([0xFF, 0x00, 0xFF, 0xD7], count: megabyte / 4).joined())
        #expect(try ImageFormat.validate(Array(parts.joined()), maxBytes: 2 * megabyte).format == .jpeg)

        var boxes = ImageSamples.heicBoxes()
        boxes.append(contentsOf: repeatElement(ImageSamples.box("free", []), count: megabyte / 8))
        #expect(try ImageFormat.validate(Array(boxes.joined()), maxBytes: 2 * megabyte).format == .heic)
    }
}
