import DAGCBOR
import Foundation
import TestSupport
import Testing

/// Section 2 (C1–C17) of `Tests/Fixtures/vectors/formats-and-algorithms.json`.
@Suite("CID vectors C1–C17")
struct CIDVectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let id: String
        let value: DAGCBORValue
        let hex: String
        let cid: String
        var testDescription: String { id }
    }

    static let c2CID = "bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfvae"

    static var vectors: [Vector] {
        [
            Vector(
                id: "C1", value: .map(DAGCBORMap()), hex: "a0",
                cid: "bafyreigbtj4x7ip5legnfznufuopl4sg4knzc2cof6duas4b3q2fy6swua"),
            Vector(id: "C2", value: .map(DAGCBORMap(["hello": "world"])), hex: "a16568656c6c6f65776f726c64", cid: c2CID),
            Vector(
                id: "C3", value: .map(DAGCBORMap(["b": 1, "aa": 2, "a": 3])), hex: "a361610361620162616102",
                cid: "bafyreicxw42edr4omm743u4ki2flxxtouo6dhad2rsbwuyd6ebx42dfptq"),
            Vector(
                id: "C4",
                value: .map(DAGCBORMap(["name": "Alice", "age": 30, "active": true, "tags": ["x", "y"], "meta": .null])),
                hex: "a563616765181e646d657461f6646e616d6565416c6963656474616773826178617966616374697665f5",
                cid: "bafyreicoaqdaewhqv5mtqimdjdnuydag26vhui55mo7rajal67etwqx6v4"),
            Vector(
                id: "C5",
                value: .array([
                    0, 23, 24, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296,
                    -1, -24, -25, -256, -257, -65536, -65537,
                ]),
                hex: "900017181818ff19010019ffff1a000100001affffffff1b00000001000000002037381838ff39010039ffff3a00010000",
                cid: "bafyreiahv4q56tevgljtluiouwn7any4j4fjkl3utyhbgercs5kmgeobxq"),
            Vector(
                id: "C6", value: .map(DAGCBORMap(["lat": 51.5, "lng": -0.1275, "one": 1.0, "zero": 0.0])),
                hex: "a4636c6174fb4049c00000000000636c6e67fbbfc051eb851eb852636f6e65fb3ff0000000000000647a65726ffb0000000000000000",
                cid: "bafyreiayyezzqbmjk4ckkz5k2fivfsicxf3pxjfe5zflhqs3eosz4myjcq"),
            Vector(
                id: "C7", value: .map(DAGCBORMap(["name": "Zoë", "emoji": "🦄", "cjk": "水"])),
                hex: "a363636a6b63e6b0b4646e616d65645a6fc3ab65656d6f6a6964f09fa684",
                cid: "bafyreic2jdo344tklt4xzy24hvem4xnoc7sg2mfizfwfg4jw356jkjoxgi"),
            Vector(
                id: "C8", value: .map(DAGCBORMap(["data": .bytes(Data([0, 1, 2, 0xff]))])), hex: "a1646461746144000102ff",
                cid: "bafyreieitcp5fydgkpdfkkuz3hdiqlk43ozeevebo3mcj6w4rkdtqmvcq4"),
            Vector(
                id: "C9", value: .map(DAGCBORMap(["prev": .link(try! CID(string: c2CID)), "n": 1])),
                hex: "a2616e016470726576d82a58250001711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501",
                cid: "bafyreidwccrcwhf5arzm332ktp67tkhzrkz4zud7hogtdqin7s5iijqkta"),
            Vector(
                id: "C10",
                value: .map(DAGCBORMap(["aaaaaaaaaaaaaaaaaaaaaaaa": "bbbbbbbbbbbbbbbbbbbbbbbb", "z": ""])),
                hex: "a2617a6078186161616161616161616161616161616161616161616161617818626262626262626262626262626262626262626262626262",
                cid: "bafyreidw4p6kwtzqlllz4jot3jrp3icoobmtrwstn36yu2iuk72qeff2rq"),
            Vector(
                id: "C11",
                value: .map(
                    DAGCBORMap([
                        "$type": "app.note", "createdAt": "2024-01-01T00:00:00Z", "text": "hello",
                        "langs": ["en"], "reply": .null, "pinned": false, "count": 0,
                    ])),
                hex: "a764746578746568656c6c6f652474797065686170702e6e6f746565636f756e7400656c616e67738162656e657265706c79f6"
                    + "6670696e6e6564f46963726561746564417474323032342d30312d30315430303a30303a30305a",
                cid: "bafyreifoaetsuafexkgdf3eni4lv26ocsoggqcladp6lyzsztgkbit7fv4"),
            Vector(id: "C12", value: [], hex: "80", cid: "bafyreidwx2fvfdiaox32v2mnn6sxu3j4qoxeqcuenhtgrv5qv6litfnmoe"),
            Vector(
                id: "C13",
                value: .map(DAGCBORMap(["a": [.map(DAGCBORMap(["b": [.map(DAGCBORMap(["c": []]))]]))]])),
                hex: "a1616181a1616281a1616380", cid: "bafyreigdwrbcscxvszsgdunyqixiipxwbwmgc32fpcsjvzw5tjp3n7r3ne"),
            Vector(id: "C14", value: "hello", hex: "6568656c6c6f", cid: "bafyreiglqnkzhzh2gyz4zfy7zpi6wcamumrclarakshlocd35l4o63l76q"),
            Vector(
                id: "C15", value: .map(DAGCBORMap(["max": .unsigned(.max), "min": .negative(.max)])),
                hex: "a2636d61781bffffffffffffffff636d696e3bffffffffffffffff",
                cid: "bafyreieoom2rt6ux2v455tq73fhiuappcrkndwfkocx4zzvo7kbxkjvh6m"),
            Vector(
                id: "C16",
                value: .map(DAGCBORMap(["aa": 1, "b": 2, "a": 0, "ba": 3, "\u{e9}": 4, "z": 5, "😀": 6, "A": 7])),
                hex: "a8614107616100616202617a05626161016262610362c3a90464f09f988006",
                cid: "bafyreidozeh4c6icenaiclq3oq45eb2fyt7c46eamvzrpoixihltzncazu"),
            Vector(
                id: "C17", value: .map(try! DAGCBORMap([("\u{e9}", 1), ("e\u{301}", 2)])), hex: "a262c3a9016365cc8102",
                cid: "bafyreigg5ur7sc4wkqvmua2rvyvvhlgqlmcxbqp2kvhy4tg4dzleatdara"),
        ]
    }

    @Test("the value encodes to the vector bytes and its CID string matches", arguments: vectors)
    func valueEncodesToVector(vector: Vector) throws {
        let bytes = try vector.value.encoded()
        #expect(bytes.hex == vector.hex)
        let cid = CID(codec: .dagCBOR, hashing: bytes)
        #expect(cid.string == vector.cid)
        #expect(cid.description == vector.cid)
        #expect(cid.string.hasPrefix("bafyrei"))
        #expect(cid.matches(bytes))
    }

    @Test("the vector bytes decode back to the value", arguments: vectors)
    func vectorDecodesToValue(vector: Vector) throws {
        let decoded = try DAGCBORValue.decode(Data(hex: vector.hex))
        #expect(decoded == vector.value)
        #expect(try CID(string: vector.cid) == CID(codec: .dagCBOR, hashing: Data(hex: vector.hex)))
    }

    @Test("a DAGCBORValue passed through DAGCBOREncoder gives the same bytes", arguments: vectors)
    func valueThroughCodableEncoder(vector: Vector) throws {
        #expect(try DAGCBOREncoder().encode(vector.value).hex == vector.hex)
        #expect(try DAGCBORDecoder().decode(DAGCBORValue.self, from: Data(hex: vector.hex)) == vector.value)
    }

    @Test("C2 intermediate values: SHA-256, binary CID, string")
    func c2IntermediateValues() throws {
        let bytes = Data(hex: "a16568656c6c6f65776f726c64")
        let cid = CID(codec: .dagCBOR, hashing: bytes)
        #expect(cid.digest.hex == "785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501")
        #expect(cid.bytes.hex == "01711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501")
        #expect(cid.string == Self.c2CID)
        #expect(cid.codec == .dagCBOR)
        #expect(
            try DAGCBORValue.link(cid).encoded().hex
                == "d82a58250001711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501")
    }

    // MARK: Codable structs for the vectors

    struct Empty: Codable, Equatable {}

    struct Hello: Codable, Equatable {
        var hello: String
    }

    struct KeyOrder: Codable, Equatable {
        var b: Int
        var aa: Int
        var a: Int
    }

    struct Person: Codable, Equatable {
        var name: String
        var age: Int
        var active: Bool
        var tags: [String]
        var meta: String?

        enum CodingKeys: String, CodingKey { case name, age, active, tags, meta }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(age, forKey: .age)
            try container.encode(active, forKey: .active)
            try container.encode(tags, forKey: .tags)
            try container.encode(meta, forKey: .meta)  // explicit null, not omitted
        }
    }

    struct Position: Codable, Equatable {
        var lat: Double
        var lng: Double
        var one: Double
        var zero: Double
    }

    struct Scripts: Codable, Equatable {
        var name: String
        var emoji: String
        var cjk: String
    }

    struct Blob: Codable, Equatable {
        var data: Data
    }

    struct Linked: Codable, Equatable {
        var prev: CID
        var n: Int
    }

    struct LongKey: Codable, Equatable {
        var long: String
        var z: String

        enum CodingKeys: String, CodingKey {
            case long = "aaaaaaaaaaaaaaaaaaaaaaaa"
            case z
        }
    }

    struct Note: Codable, Equatable {
        var type: String
        var createdAt: String
        var text: String
        var langs: [String]
        var reply: CID?
        var pinned: Bool
        var count: Int

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case createdAt, text, langs, reply, pinned, count
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(text, forKey: .text)
            try container.encode(langs, forKey: .langs)
            try container.encode(reply, forKey: .reply)
            try container.encode(pinned, forKey: .pinned)
            try container.encode(count, forKey: .count)
        }
    }

    struct Outer: Codable, Equatable { var a: [Middle] }
    struct Middle: Codable, Equatable { var b: [Inner] }
    struct Inner: Codable, Equatable { var c: [Int] }

    struct Extremes: Codable, Equatable {
        var max: UInt64
        var min: DAGCBORValue
    }

    /// Two keys that Swift `String` considers equal but whose UTF-8 bytes differ.
    struct Normalisation: Codable, Equatable {
        var composed: Int
        var decomposed: Int

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
            static let composed = Key(stringValue: "\u{e9}")
            static let decomposed = Key(stringValue: "e\u{301}")
        }

        init(composed: Int, decomposed: Int) {
            self.composed = composed
            self.decomposed = decomposed
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            composed = try container.decode(Int.self, forKey: .composed)
            decomposed = try container.decode(Int.self, forKey: .decomposed)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(composed, forKey: .composed)
            try container.encode(decomposed, forKey: .decomposed)
        }
    }

    /// Encodes with `DAGCBOREncoder`, compares with the vector, decodes back and compares with the original.
    private func check<T: Codable & Equatable>(_ value: T, hex: String, cid: String) throws {
        let bytes = try DAGCBOREncoder().encode(value)
        #expect(bytes.hex == hex)
        #expect(CID(codec: .dagCBOR, hashing: bytes).string == cid)
        #expect(try DAGCBORDecoder().decode(T.self, from: Data(hex: hex)) == value)
    }

    private func vector(_ id: String) throws -> Vector {
        try #require(Self.vectors.first { $0.id == id })
    }

    @Test("C1–C17 encode from Codable types to the vector bytes and decode back")
    func codableStructsMatchVectors() throws {
        let c2 = try CID(string: Self.c2CID)
        var v = try vector("C1")
        try check(Empty(), hex: v.hex, cid: v.cid)
        v = try vector("C2")
        try check(Hello(hello: "world"), hex: v.hex, cid: v.cid)
        v = try vector("C3")
        try check(KeyOrder(b: 1, aa: 2, a: 3), hex: v.hex, cid: v.cid)
        v = try vector("C4")
        try check(
            Person(name: "Alice", age: 30, active: true, tags: ["x", "y"], meta: nil),
            hex: v.hex, cid: v.cid)
        v = try vector("C5")
        try check(
            [
                0, 23, 24, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296,
                -1, -24, -25, -256, -257, -65536, -65537,
            ] as [Int64], hex: v.hex, cid: v.cid)
        v = try vector("C6")
        try check(Position(lat: 51.5, lng: -0.1275, one: 1.0, zero: 0.0), hex: v.hex, cid: v.cid)
        v = try vector("C7")
        try check(Scripts(name: "Zoë", emoji: "🦄", cjk: "水"), hex: v.hex, cid: v.cid)
        v = try vector("C8")
        try check(Blob(data: Data([0, 1, 2, 0xff])), hex: v.hex, cid: v.cid)
        v = try vector("C9")
        try check(Linked(prev: c2, n: 1), hex: v.hex, cid: v.cid)
        v = try vector("C10")
        try check(LongKey(long: "bbbbbbbbbbbbbbbbbbbbbbbb", z: ""), hex: v.hex, cid: v.cid)
        v = try vector("C11")
        try check(
            Note(
                type: "app.note", createdAt: "2024-01-01T00:00:00Z", text: "hello", langs: ["en"], reply: nil,
                pinned: false, count: 0), hex: v.hex, cid: v.cid)
        v = try vector("C12")
        try check([Int](), hex: v.hex, cid: v.cid)
        v = try vector("C13")
        try check(Outer(a: [Middle(b: [Inner(c: [])])]), hex: v.hex, cid: v.cid)
        v = try vector("C14")
        try check("hello", hex: v.hex, cid: v.cid)
        v = try vector("C15")
        try check(Extremes(max: .max, min: .negative(.max)), hex: v.hex, cid: v.cid)
        v = try vector("C16")
        try check(["aa": 1, "b": 2, "a": 0, "ba": 3, "\u{e9}": 4, "z": 5, "😀": 6, "A": 7], hex: v.hex, cid: v.cid)
        v = try vector("C17")
        try check(Normalisation(composed: 1, decomposed: 2), hex: v.hex, cid: v.cid)
    }
}
