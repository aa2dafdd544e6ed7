import Foundation
import Geo
import KilroyAPI
import OpenAPIRuntime
import ServerKit
import TestSupport
import Testing

@testable import KilroyCloud

/// The near answer's hand-written JSON, written from the store's records, must be the bytes the
/// generated code's `JSONEncoder` writes for the contract's view of those records with the
/// server's configuration, and must know every property of the generated types.
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

    /// A random near answer: records with any text (escapes, controls, emoji), the viewer's
    /// own among others', and any reciprocity status.
    static func answer(_ generator: inout SplitMix64) throws -> Answer {
        let devices = (0..<3).map { Devices.digest(Devices.token(UInt8($0 + 1))) }
        let kilroys = try (0..<Int.random(in: 0...12, using: &generator)).map { _ -> NearbyKilroyRecord in
            let milliseconds = Int64.random(in: 0...4_102_444_800_000, using: &generator)
            let createdAt = Date(
                timeIntervalSince1970: Bool.random(using: &generator) ? Double(milliseconds / 1000) : Double(milliseconds) / 1000)
            let record = KilroyRecord(
                id: UUID().uuidString, owner: devices.randomElement(using: &generator) ?? devices[0],
                coordinate: try Coordinate(
                    latitude: Double.random(in: -90...90, using: &generator), longitude: Double.random(in: -180...180, using: &generator)),
                imageID: text(&generator, allowEmpty: false),
                placeName: Bool.random(using: &generator) ? text(&generator) : nil,
                placeAddress: Bool.random(using: &generator) ? text(&generator) : nil,
                comment: Bool.random(using: &generator) ? text(&generator) : nil, createdAt: createdAt, receivedAt: createdAt)
            return NearbyKilroyRecord(
                kilroy: record,
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
        return Answer(kilroys: kilroys, viewer: devices[0], reciprocity: status)
    }

    struct Answer {
        var kilroys: [NearbyKilroyRecord]
        var viewer: DeviceDigest
        var reciprocity: Components.Schemas.ReciprocityStatus

        /// The contract's view, as the generated code would encode it.
        var api: Components.Schemas.NearbyKilroys {
            KilroyAPIHandler.apiNearbyKilroys(kilroys, viewer: viewer, reciprocity: reciprocity)
        }
    }

    @Test("2,000 random answers (escapes, emoji, dates with and without fractions, every policy): the generated code's bytes")
    func sameBytes() throws {
        var generator = SplitMix64(seed: 0x4EA7)
        let dates = KilroyCloudServer.openAPIConfiguration.dateTranscoder
        for _ in 0..<2_000 {
            let answer = try Self.answer(&generator)
            let written = try NearbyKilroysJSON.encode(answer.kilroys, viewer: answer.viewer, reciprocity: answer.reciprocity, dates: dates)
            #expect(written == (try Self.generatedEncoding(answer.api)))
        }
    }

    /// When the contract gains a property, this fails until the writer (and this list) know it.
    @Test("the writer knows every property of the generated types")
    func knowsEveryProperty() throws {
        var generator = SplitMix64(seed: 1)
        var answer = try Self.answer(&generator).api
        while answer.kilroys.isEmpty { answer = try Self.answer(&generator).api }
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
