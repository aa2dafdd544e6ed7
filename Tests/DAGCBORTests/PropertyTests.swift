import DAGCBOR
import Foundation
import TestSupport
import Testing

@Suite("Properties")
struct PropertyTests {
    @Test("random value trees encode, decode and compare equal; the encoding is canonical")
    func valueRoundTrip() throws {
        var generator = RandomValues(seed: 2024)
        for _ in 0..<3_000 {
            let value = generator.value()
            let bytes = try value.encoded()
            let decoded = try DAGCBORValue.decode(bytes)
            #expect(decoded == value)
            #expect(try decoded.encoded() == bytes)
            #expect(try DAGCBOREncoder().encode(value) == bytes)
            #expect(try DAGCBORDecoder().decode(DAGCBORValue.self, from: bytes) == value)
        }
    }

    struct Sample: Codable, Equatable {
        var id: Int64
        var title: String
        var score: Double
        var tags: [String]
        var attributes: [String: Int]
        var blob: Data
        var parent: CID?
        var flag: Bool
    }

    @Test("random Codable structs encode to the same bytes as the equivalent DAGCBORValue")
    func codableMatchesValueModel() throws {
        var rng = SplitMix64(seed: 77)
        var generator = RandomValues(seed: 78)
        for _ in 0..<1_000 {
            let tags = (0..<Int.random(in: 0...4, using: &rng)).map { _ in generator.text(maxCount: 6) }
            var attributes: [String: Int] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                attributes[generator.text(maxCount: 5)] = Int.random(in: -1000...1000, using: &rng)
            }
            let parent: CID? = Bool.random(using: &rng) ? generator.cid() : nil
            let sample = Sample(
                id: Int64(bitPattern: rng.next()), title: generator.text(maxCount: 20),
                score: Double(Int.random(in: -100...100, using: &rng)) / 8, tags: tags,
                attributes: attributes, blob: generator.bytes(maxCount: 16), parent: parent,
                flag: Bool.random(using: &rng))
            var map = DAGCBORMap([
                "id": .integer(sample.id), "title": .text(sample.title), "score": .float(sample.score),
                "tags": .array(sample.tags.map(DAGCBORValue.text)),
                "attributes": .map(DAGCBORMap(sample.attributes.mapValues { DAGCBORValue.integer($0) })),
                "blob": .bytes(sample.blob), "flag": .bool(sample.flag),
            ])
            if let parent { map["parent"] = .link(parent) }
            let bytes = try DAGCBOREncoder().encode(sample)
            #expect(bytes == (try DAGCBORValue.map(map).encoded()))
            #expect(try DAGCBORDecoder().decode(Sample.self, from: bytes) == sample)
        }
    }
}
