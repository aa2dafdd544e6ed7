import TestSupport
import Testing

@testable import Geo

/// §5.3 of `Tests/Fixtures/vectors/formats-and-algorithms.json`, and rejection of malformed
/// geohash strings.
@Suite("Geohash decoding")
struct GeohashDecodeTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let hash: String
        let centerLatitude: Double
        let centerLongitude: Double
        let latitudeError: Double
        let longitudeError: Double
        let south: Double
        let north: Double
        let west: Double
        let east: Double
        var testDescription: String { hash }
    }

    static let rows: [Row] = [
        Row(
            hash: "ezs42", centerLatitude: 42.60498046875, centerLongitude: -5.60302734375,
            latitudeError: 0.02197265625, longitudeError: 0.02197265625,
            south: 42.5830078125, north: 42.626953125, west: -5.625, east: -5.5810546875),
        Row(
            hash: "u4pruydqqvj", centerLatitude: 57.64911063015461, centerLongitude: 10.407439693808556,
            latitudeError: 6.705522537231445e-07, longitudeError: 6.705522537231445e-07,
            south: 57.649109959602356, north: 57.64911130070686, west: 10.407439023256302, east: 10.40744036436081),
        Row(
            hash: "9q8yywe56gcf", centerLatitude: 37.78530743904412, centerLongitude: -122.40542756393552,
            latitudeError: 8.381903171539307e-08, longitudeError: 1.6763806343078613e-07,
            south: 37.785307355225086, north: 37.78530752286315,
            west: -122.40542773157358, east: -122.40542739629745),
        Row(
            hash: "s", centerLatitude: 22.5, centerLongitude: 22.5, latitudeError: 22.5, longitudeError: 22.5,
            south: 0.0, north: 45.0, west: 0.0, east: 45.0),
        Row(
            hash: "0", centerLatitude: -67.5, centerLongitude: -157.5, latitudeError: 22.5, longitudeError: 22.5,
            south: -90.0, north: -45.0, west: -180.0, east: -135.0),
        Row(
            hash: "z", centerLatitude: 67.5, centerLongitude: 157.5, latitudeError: 22.5, longitudeError: 22.5,
            south: 45.0, north: 90.0, west: 135.0, east: 180.0),
        Row(
            hash: "7zzzzzzzzzzz", centerLatitude: -8.381903171539307e-08, centerLongitude: -1.6763806343078613e-07,
            latitudeError: 8.381903171539307e-08, longitudeError: 1.6763806343078613e-07,
            south: -1.6763806343078613e-07, north: 0.0, west: -3.3527612686157227e-07, east: 0.0),
        Row(
            hash: "s00000000000", centerLatitude: 8.381903171539307e-08, centerLongitude: 1.6763806343078613e-07,
            latitudeError: 8.381903171539307e-08, longitudeError: 1.6763806343078613e-07,
            south: 0.0, north: 1.6763806343078613e-07, west: 0.0, east: 3.3527612686157227e-07),
        Row(
            hash: "gbsuv", centerLatitude: 48.66943359375, centerLongitude: -4.32861328125,
            latitudeError: 0.02197265625, longitudeError: 0.02197265625,
            south: 48.6474609375, north: 48.69140625, west: -4.3505859375, east: -4.306640625),
        Row(
            hash: "c216ne", centerLatitude: 45.37078857421875, centerLongitude: -121.7010498046875,
            latitudeError: 0.00274658203125, longitudeError: 0.0054931640625,
            south: 45.3680419921875, north: 45.37353515625, west: -121.70654296875, east: -121.695556640625),
    ]

    @Test("§5.3 cells decode to the exact published bounds, centre and errors", arguments: rows)
    func decodesExactly(row: Row) throws {
        let cell = try Geohash.decode(row.hash)
        #expect(cell.hash == row.hash)
        #expect(cell.bounds.south == row.south)
        #expect(cell.bounds.north == row.north)
        #expect(cell.bounds.west == row.west)
        #expect(cell.bounds.east == row.east)
        #expect(cell.center.latitude == row.centerLatitude)
        #expect(cell.center.longitude == row.centerLongitude)
        #expect(cell.latitudeError == row.latitudeError)
        #expect(cell.longitudeError == row.longitudeError)
    }

    @Test("§5.3 cells: the centre encodes back to the same hash", arguments: rows)
    func centreRoundTrips(row: Row) throws {
        let cell = try Geohash.decode(row.hash)
        #expect(try Geohash.encode(cell.center, precision: row.hash.count) == row.hash)
        #expect(try Geohash.encode(cell.center, precision: row.hash.count, boundary: .southWest) == row.hash)
    }

    @Test("upper case is accepted and normalised to lower case")
    func upperCaseAccepted() throws {
        let cell = try Geohash.decode("EZS42")
        #expect(cell.hash == "ezs42")
        #expect(cell == (try Geohash.decode("ezs42")))
        #expect(try Geohash.decode("U4pRuYd").hash == "u4pruyd")
    }

    @Test("an empty string is rejected as empty")
    func emptyRejected() {
        #expect(throws: GeohashError.empty) { _ = try Geohash.decode("") }
        #expect(throws: GeohashError.empty) { _ = try Geohash.neighbors("") }
    }

    @Test("more than 22 characters is rejected as too long, with the length")
    func tooLongRejected() throws {
        #expect(try Geohash.decode(String(repeating: "z", count: 22)).hash.count == 22)
        #expect(throws: GeohashError.tooLong(length: 23)) {
            _ = try Geohash.decode(String(repeating: "z", count: 23))
        }
    }

    @Test(
        "a character outside the alphabet is named with its 1-based position",
        arguments: [
            ("ezs4a", Character("a"), 5), ("i", Character("i"), 1), ("u4l", Character("l"), 3),
            ("0o", Character("o"), 2), ("ez s", Character(" "), 3), ("ezs-", Character("-"), 4),
            ("é", Character("é"), 1), ("e\u{301}z", Character("e\u{301}"), 1), ("u4\r\n", Character("\r\n"), 3),
            ("u~", Character("~"), 2), ("🌍", Character("🌍"), 1), ("A", Character("A"), 1),
        ])
    func invalidCharacterRejected(hash: String, character: Character, position: Int) {
        #expect(throws: GeohashError.invalidCharacter(character, position: position)) {
            _ = try Geohash.decode(hash)
        }
    }

    @Test("error messages say what is wrong and what is allowed")
    func errorMessages() {
        #expect(
            GeohashError.empty.errorDescription
                == "The geohash is empty: it needs 1 to 22 characters from 0123456789bcdefghjkmnpqrstuvwxyz.")
        #expect(
            GeohashError.tooLong(length: 30).errorDescription
                == "The geohash has 30 characters: at most 22 are allowed.")
        #expect(
            GeohashError.invalidCharacter("a", position: 5).errorDescription
                == "The geohash has \"a\" at position 5, which is not a geohash character: "
                + "use only 0123456789bcdefghjkmnpqrstuvwxyz (never a, i, l or o).")
        #expect(
            GeohashError.invalidPrecision(0).errorDescription
                == "Geohash precision 0 is out of range: use 1 to 22 characters.")
        #expect(
            GeohashError.invalidRadius(-1).errorDescription
                == "Radius -1.0 m is invalid: it must be a finite number of metres, zero or more.")
    }

    @Test("fuzz: random strings never crash, and decode iff every character is in the alphabet and 1…22 long")
    func fuzzRandomStrings() throws {
        var generator = SplitMix64(seed: 0x6E0_4A54)
        let alphabet = Array(Geohash.alphabet)
        let pool = alphabet + Array("ABCDEFGHJKMNPQRSTUVWXYZailoAILO~-_ .!\u{0}\u{7F}é🌍\r\n")
        let uppercase = Set(Array(Geohash.alphabet.uppercased()))
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...26, using: &generator)
            let fromAlphabetOnly = Bool.random(using: &generator)
            let characters = (0..<length).map { _ in
                fromAlphabetOnly
                    ? alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                    : pool[Int.random(in: 0..<pool.count, using: &generator)]
            }
            let string = String(characters)
            let expectedValid =
                (1...22).contains(string.count)
                && string.allSatisfy { alphabet.contains($0) || uppercase.contains($0) }
            do {
                let cell = try Geohash.decode(string)
                #expect(expectedValid, "\(string.debugDescription) decoded")
                #expect(cell.hash == string.lowercased())
                #expect(cell.bounds.south <= cell.bounds.north && cell.bounds.west <= cell.bounds.east)
                // Up to 19 characters every cell edge is an exact double; beyond, cells are
                // narrower than the spacing of doubles and a centre may round onto an edge.
                if string.count <= 19 {
                    #expect(cell.bounds.south < cell.bounds.north && cell.bounds.west < cell.bounds.east)
                    #expect(try Geohash.encode(cell.center, precision: string.count) == cell.hash)
                }
            } catch {
                #expect(!expectedValid, "\(string.debugDescription) rejected: \(error)")
                switch error {
                case .empty: #expect(string.isEmpty)
                case .tooLong(let length): #expect(length == string.count && length > 22)
                case .invalidCharacter(let character, let position):
                    #expect(Array(string)[position - 1] == character)
                    #expect(!alphabet.contains(character) && !uppercase.contains(character))
                case .invalidPrecision, .invalidRadius: Issue.record("unexpected \(error)")
                }
            }
        }
    }

    @Test("fuzz: random bytes decoded as UTF-8 never crash")
    func fuzzRandomBytes() {
        var generator = SplitMix64(seed: 99)
        for _ in 0..<10_000 {
            let bytes = generator.bytes(Int.random(in: 0...30, using: &generator))
            let string = String(decoding: bytes, as: UTF8.self)
            do {
                let cell = try Geohash.decode(string)
                #expect(cell.hash == string.lowercased(), "\(string.debugDescription)")
                let neighbors = try Geohash.neighbors(string)
                #expect(neighbors.east != nil && neighbors.west != nil, "\(string.debugDescription)")
            } catch {
                #expect(throws: error) { try Geohash.neighbors(string) }
                #expect(error.errorDescription?.isEmpty == false, "\(string.debugDescription)")
            }
        }
    }
}
