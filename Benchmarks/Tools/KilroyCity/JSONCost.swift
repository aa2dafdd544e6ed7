import Foundation
import Geo
import KilroyAPI
import KilroyCityFixture
import KilroyCloud

/// What a near answer costs to write as JSON, apart from the query: the 100 kilroys of each
/// centre mapped to the API's `NearbyKilroys` (as the handler maps them) and encoded with
/// Foundation's `JSONEncoder` with the options the server's OpenAPI layer uses (sorted keys,
/// unescaped slashes; ISO 8601 dates), against the same bytes' worth written by hand into a
/// byte array. Part of the load-test profile: the server spends as long on this as on the query.
enum JSONCost {
    static func measure(directory: URL, rounds: Int) async throws {
        let store = try SQLiteKilroyStore.open(at: directory.appendingPathComponent("kilroy.sqlite"))
        let centres = try CityDrops.queryCentres(count: 200)
        var answers: [Components.Schemas.NearbyKilroys] = []
        for centre in centres {
            let result = try await store.nearby(center: centre, radius: CityCommands.radius, limit: CityCommands.limit) { _ in .include }
            answers.append(
                Components.Schemas.NearbyKilroys(
                    kilroys: result.kilroys.map { near in
                        let record = near.kilroy
                        return .init(
                            kilroy: .init(
                                id: record.id, imageId: record.imageID, imageURL: "/kilroy/v1/images/" + record.imageID,
                                latitude: record.coordinate.latitude, longitude: record.coordinate.longitude, geohash: record.geohash,
                                placeName: record.placeName ?? "", placeAddress: record.placeAddress, comment: record.comment,
                                createdAt: record.createdAt, isMine: false),
                            distanceMeters: near.distanceMeters)
                    },
                    reciprocity: .init(policy: .off, ownDropCount: 0, othersWithheld: false)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let size = try encoder.encode(answers[0]).count
        let identical = try answers.allSatisfy { try encoder.encode($0) == Data(handWrite($0)) }
        CityCommands.note(identical ? "the hand-written JSON is byte for byte JSONEncoder's" : "the hand-written JSON differs from JSONEncoder's")
        let foundation = try await NearTiming.measure(centres: centres, rounds: rounds) { centre in
            guard let index = centres.firstIndex(of: centre) else { return 0 }
            return try encoder.encode(answers[index]).isEmpty ? 0 : answers[index].kilroys.count
        }
        print(foundation.json(engine: "json:JSONEncoder (\(size) bytes)"))
        let numericDates = JSONEncoder()
        numericDates.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        numericDates.dateEncodingStrategy = .secondsSince1970
        let withoutFormatter = try await NearTiming.measure(centres: centres, rounds: rounds) { centre in
            guard let index = centres.firstIndex(of: centre) else { return 0 }
            return try numericDates.encode(answers[index]).isEmpty ? 0 : answers[index].kilroys.count
        }
        print(withoutFormatter.json(engine: "json:JSONEncoder, dates as numbers"))
        let handWritten = try await NearTiming.measure(centres: centres, rounds: rounds) { centre in
            guard let index = centres.firstIndex(of: centre) else { return 0 }
            return handWrite(answers[index]).isEmpty ? 0 : answers[index].kilroys.count
        }
        print(handWritten.json(engine: "json:hand-written (\(handWrite(answers[0]).count) bytes)"))
    }

    /// The same document written field by field (keys sorted, strings escaped), to show what
    /// a writer that knows its shape costs.
    static func handWrite(_ answer: Components.Schemas.NearbyKilroys) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(40_000)
        let dates = Date.ISO8601FormatStyle()
        func string(_ value: String) {
            out.append(0x22)
            for byte in value.utf8 {
                switch byte {
                case 0x22, 0x5C: out += [0x5C, byte]
                case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
                default: out.append(byte)
                }
            }
            out.append(0x22)
        }
        func raw(_ text: String) { out += text.utf8 }
        raw("{\"kilroys\":[")
        for (index, near) in answer.kilroys.enumerated() {
            if index > 0 { raw(",") }
            let kilroy = near.kilroy
            raw("{\"distanceMeters\":\(near.distanceMeters),\"kilroy\":{")
            if let comment = kilroy.comment {
                raw("\"comment\":")
                string(comment)
                raw(",")
            }
            raw("\"createdAt\":")
            string(kilroy.createdAt.formatted(dates))
            raw(",\"geohash\":")
            string(kilroy.geohash)
            raw(",\"id\":")
            string(kilroy.id)
            raw(",\"imageId\":")
            string(kilroy.imageId)
            raw(",\"imageURL\":")
            string(kilroy.imageURL)
            raw(",\"isMine\":\(kilroy.isMine),\"latitude\":\(kilroy.latitude),\"longitude\":\(kilroy.longitude)")
            if let address = kilroy.placeAddress {
                raw(",\"placeAddress\":")
                string(address)
            }
            raw(",\"placeName\":")
            string(kilroy.placeName)
            raw("}}")
        }
        raw("],\"reciprocity\":{\"othersWithheld\":false,\"ownDropCount\":0,\"policy\":\"off\"}}")
        return out
    }
}
