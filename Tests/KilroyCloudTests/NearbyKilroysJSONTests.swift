import Foundation
import KilroyAPI
import OpenAPIRuntime
import ServerKit
import TestSupport
import Testing

@testable import KilroyCloud

/// The near answer's hand-written JSON must be the bytes the generated code's `JSONEncoder`
/// writes with the server's configuration, and must know every property of the generated types.
@Suite("Near answer JSON")
struct NearbyKilroysJSONTests {
    /// `JSONEncoder` as the OpenAPI runtime's converter sets it up for the server's configuration.
    static func generatedEncoding(_ answer: Components.Schemas.NearbyKilroys) throws -> [UInt8] {
        let configuration = KilroyCloudServer.openAPIConfiguration
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try configuration.dateTranscoder.encode(date))
        }
        return Array(try encoder.encode(answer))
    }

    static func text(_ generator: inout SplitMix64, allowEmpty: Bool = true) -> String {
        var scalars = String.UnicodeScalarView()
        let count = Int.random(in: (allowEmpty ? 0 : 1)..<24, using: &generator)
        for _ in 0..<count {
            let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0...0x1F, 0x22...0x22, 0x5C...0x5C, 0xA0...0x2FFF, 0x1F600...0x1F64F]
            if let scalar = Unicode.Scalar(UInt32.random(in: ranges.randomElement(using: &generator) ?? 0x20...0x7E, using: &generator)) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    static func answer(_ generator: inout SplitMix64) -> Components.Schemas.NearbyKilroys {
        let kilroys = (0..<Int.random(in: 0...12, using: &generator)).map { _ -> Components.Schemas.NearbyKilroy in
            let milliseconds = Int64.random(in: 0...4_102_444_800_000, using: &generator)
            let createdAt = Date(
                timeIntervalSince1970: Bool.random(using: &generator) ? Double(milliseconds / 1000) : Double(milliseconds) / 1000)
            return .init(
                kilroy: .init(
                    id: UUID().uuidString, imageId: text(&generator, allowEmpty: false), imageURL: "/kilroy/v1/images/" + text(&generator),
                    latitude: Double.random(in: -90...90, using: &generator), longitude: Double.random(in: -180...180, using: &generator),
                    geohash: text(&generator), placeName: text(&generator),
                    placeAddress: Bool.random(using: &generator) ? text(&generator) : nil,
                    comment: Bool.random(using: &generator) ? text(&generator) : nil, createdAt: createdAt,
                    isMine: Bool.random(using: &generator)),
                distanceMeters: Bool.random(using: &generator)
                    ? Double(Int.random(in: 0...500, using: &generator)) : Double.random(in: 0...50_000, using: &generator))
        }
        let own = Int32.random(in: 0...Int32.max, using: &generator)
        let withheld = Bool.random(using: &generator)
        let status: Components.Schemas.ReciprocityStatus =
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: .init(policy: .off, ownDropCount: own, othersWithheld: withheld)
            case 1: .init(policy: .local, ownDropCount: own, radiusMeters: Double.random(in: 1...5_000, using: &generator), othersWithheld: withheld)
            default:
                .init(policy: .global, ownDropCount: own, requiredDropCount: Int32.random(in: 1...100, using: &generator), othersWithheld: withheld)
            }
        return .init(kilroys: kilroys, reciprocity: status)
    }

    @Test("2,000 random answers (escapes, emoji, dates with and without fractions, every policy): the generated code's bytes")
    func sameBytes() throws {
        var generator = SplitMix64(seed: 0x4EA7)
        let dates = KilroyCloudServer.openAPIConfiguration.dateTranscoder
        for _ in 0..<2_000 {
            let answer = Self.answer(&generator)
            #expect(try NearbyKilroysJSON.encode(answer, dates: dates) == (try Self.generatedEncoding(answer)))
        }
    }

    /// When the contract gains a property, this fails until the writer (and this list) know it.
    @Test("the writer knows every property of the generated types")
    func knowsEveryProperty() {
        var generator = SplitMix64(seed: 1)
        var answer = Self.answer(&generator)
        while answer.kilroys.isEmpty { answer = Self.answer(&generator) }
        func labels(_ value: Any) -> Set<String> { Set(Mirror(reflecting: value).children.compactMap(\.label)) }
        #expect(labels(answer) == ["kilroys", "reciprocity"])
        #expect(labels(answer.kilroys[0]) == ["kilroy", "distanceMeters"])
        #expect(
            labels(answer.kilroys[0].kilroy) == [
                "id", "imageId", "imageURL", "latitude", "longitude", "geohash", "placeName", "placeAddress", "comment", "createdAt",
                "isMine",
            ])
        #expect(labels(answer.reciprocity) == ["policy", "ownDropCount", "requiredDropCount", "radiusMeters", "othersWithheld"])
    }
}
