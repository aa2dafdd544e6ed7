import DAGCBOR
import Foundation
import TestSupport
import Testing

@Suite("Codable encoding and decoding")
struct CodableTests {
    enum Mood: String, Codable, Equatable { case calm, lively }
    enum Level: Int, Codable, Equatable { case low = 1, high = 300 }

    struct Address: Codable, Equatable {
        var street: String
        var number: Int
        var location: [Double]
    }

    struct Profile: Codable, Equatable {
        var id: UUID
        var name: String
        var nickname: String?
        var address: Address
        var previous: [Address]
        var mood: Mood
        var level: Level
        var avatar: Data
        var link: CID?
        var scores: [String: Int]
        var flags: [Bool]
    }

    private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> Data {
        let bytes = try DAGCBOREncoder().encode(value)
        #expect(try DAGCBORDecoder().decode(T.self, from: bytes) == value)
        return bytes
    }

    @Test("nested structs, arrays of structs, enums, Data, links and dictionaries round-trip")
    func nestedRoundTrip() throws {
        let profile = Profile(
            id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(),
            name: "Ada", nickname: nil,
            address: Address(street: "Main", number: 1, location: [51.5, -0.12]),
            previous: [Address(street: "Old", number: 2, location: []), Address(street: "Older", number: -3, location: [0])],
            mood: .lively, level: .high, avatar: Data([0, 1, 2]),
            link: CID(codec: .raw, hashing: Data("x".utf8)), scores: ["b": 2, "a": 1], flags: [true, false])
        let bytes = try roundTrip(profile)
        // The bytes are canonical: decoding as a value and re-encoding gives them back.
        #expect(try DAGCBORValue.decode(bytes).encoded() == bytes)
        let value = try DAGCBORValue.decode(bytes)
        #expect(value["mood"] == "lively")
        #expect(value["level"] == 300)
        #expect(value["avatar"] == .bytes(Data([0, 1, 2])))
        #expect(value["id"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(value["nickname"] == nil)
    }

    struct Optionals: Codable, Equatable {
        var present: Int?
        var absent: Int?
    }

    struct ExplicitNull: Encodable {
        var value: Int?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNil(forKey: .value)
        }
        enum CodingKeys: String, CodingKey { case value }
    }

    @Test("nil optionals are omitted; explicit nulls and absent keys both decode as nil")
    func optionals() throws {
        let bytes = try DAGCBOREncoder().encode(Optionals(present: 5, absent: nil))
        #expect(bytes.hex == "a16770726573656e7405")
        let explicit = try DAGCBOREncoder().encode(ExplicitNull(value: nil))
        #expect(explicit.hex == "a16576616c7565f6")
        #expect(try DAGCBORDecoder().decode(Optionals.self, from: explicit) == Optionals(present: nil, absent: nil))
        #expect(try DAGCBORDecoder().decode(Optionals.self, from: Data(hex: "a0")) == Optionals(present: nil, absent: nil))
        #expect(try DAGCBORDecoder().decode([Int?].self, from: Data(hex: "8301f603")) == [1, nil, 3])
        #expect(try DAGCBOREncoder().encode([1, nil, 3] as [Int?]).hex == "8301f603")
    }

    struct Bounds: Codable, Equatable {
        var i8: Int8
        var i64: Int64
        var u8: UInt8
        var u64: UInt64
        var int: Int
    }

    @Test("integer bounds encode in the shortest form and round-trip")
    func integerBounds() throws {
        let low = Bounds(i8: .min, i64: .min, u8: 0, u64: 0, int: .min)
        let high = Bounds(i8: .max, i64: .max, u8: .max, u64: .max, int: .max)
        _ = try roundTrip(low)
        _ = try roundTrip(high)
        #expect(try DAGCBOREncoder().encode(Int64.min).hex == "3b7fffffffffffffff")
        #expect(try DAGCBOREncoder().encode(UInt64.max).hex == "1bffffffffffffffff")
        #expect(try DAGCBOREncoder().encode(Int8(-24)).hex == "37")
        #expect(try DAGCBOREncoder().encode(Int16(-25)).hex == "3818")
    }

    struct Small: Codable { var value: UInt8 }
    struct Signed: Codable { var value: Int64 }

    @Test("an integer that does not fit the target type is a DecodingError with the coding path, not a trap")
    func integerOverflowIsAnError() throws {
        let cases: [(Data, String)] = [
            (Data(hex: "a16576616c7565190100"), "256"),
            (Data(hex: "a16576616c756520"), "-1"),
        ]
        for (bytes, shown) in cases {
            do {
                _ = try DAGCBORDecoder().decode(Small.self, from: bytes)
                Issue.record("expected an error for \(shown)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == ["value"])
                #expect(context.debugDescription.contains(shown))
                #expect(context.underlyingError as? DAGCBORError == .integerOutOfRange)
            }
        }
        #expect(throws: DecodingError.self) {
            try DAGCBORDecoder().decode(Signed.self, from: Data(hex: "a16576616c75653bffffffffffffffff"))
        }
        #expect(throws: DecodingError.self) {
            try DAGCBORDecoder().decode(Signed.self, from: Data(hex: "a16576616c75651b8000000000000000"))
        }
        #expect(try DAGCBORDecoder().decode(Signed.self, from: Data(hex: "a16576616c75653b7fffffffffffffff")).value == .min)
    }

    struct Wrapper: Codable { var inner: Holder }
    struct Holder: Codable { var items: [Int] }

    @Test("a type mismatch reports the coding path")
    func typeMismatchHasPath() throws {
        // {"inner": {"items": [1, "x"]}}
        let bytes = try DAGCBORValue.map(DAGCBORMap(["inner": .map(DAGCBORMap(["items": [1, "x"]]))])).encoded()
        do {
            _ = try DAGCBORDecoder().decode(Wrapper.self, from: bytes)
            Issue.record("expected a type mismatch")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(type is Int.Type)
            #expect(context.codingPath.map(\.stringValue) == ["inner", "items", "Index 1"])
            #expect(context.debugDescription.contains("text string"))
        }
    }

    @Test("a missing key is keyNotFound and null for a non-optional is valueNotFound")
    func missingAndNull() throws {
        #expect {
            try DAGCBORDecoder().decode(Holder.self, from: Data(hex: "a0"))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "items"
        }
        #expect {
            try DAGCBORDecoder().decode(Holder.self, from: Data(hex: "a1656974656d73f6"))
        } throws: { error in
            guard case DecodingError.valueNotFound = error else { return false }
            return true
        }
    }

    @Test("whole-number Doubles stay floats, Floats are widened, and integers do not decode as Double")
    func floatsAndIntegers() throws {
        #expect(try DAGCBOREncoder().encode([1.0, 2.5]).hex == "82fb3ff0000000000000fb4004000000000000")
        #expect(try DAGCBOREncoder().encode(Float(1.5)).hex == "fb3ff8000000000000")
        #expect(try DAGCBOREncoder().encode(Float(0.1)).hex == "fb3fb99999a0000000")
        #expect(try DAGCBORDecoder().decode(Float.self, from: Data(hex: "fb3ff8000000000000")) == 1.5)
        #expect(throws: DecodingError.self) { try DAGCBORDecoder().decode(Double.self, from: Data(hex: "01")) }
        #expect(throws: DecodingError.self) { try DAGCBORDecoder().decode(Int.self, from: Data(hex: "fb3ff0000000000000")) }
        #expect(throws: DecodingError.self) { try DAGCBORDecoder().decode(Float.self, from: Data(hex: "fb7e37e43c8800759c")) }
    }

    @Test("NaN and infinity cannot be encoded", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteRejected(value: Double) {
        #expect(throws: EncodingError.self) { try DAGCBOREncoder().encode(value) }
        #expect(throws: EncodingError.self) { try DAGCBOREncoder().encode(["x": value]) }
        #expect(throws: EncodingError.self) { try DAGCBOREncoder().encode([value]) }
        #expect(throws: DAGCBORError.nonFiniteFloat(offset: nil)) { try DAGCBORValue.float(value).encoded() }
    }

    @Test("Date has no special case: it encodes as its reference-date Double")
    func dateEncodesAsDouble() throws {
        let date = Date(timeIntervalSinceReferenceDate: 1.5)
        #expect(try DAGCBOREncoder().encode(date).hex == "fb3ff8000000000000")
        #expect(try DAGCBORDecoder().decode(Date.self, from: Data(hex: "fb3ff8000000000000")) == date)
    }

    @Test("Data is a byte string and [UInt8] an array of integers")
    func dataVersusByteArray() throws {
        #expect(try DAGCBOREncoder().encode(Data([1, 2])).hex == "420102")
        #expect(try DAGCBOREncoder().encode([UInt8]([1, 2])).hex == "820102")
        #expect(try DAGCBORDecoder().decode(Data.self, from: Data(hex: "420102")) == Data([1, 2]))
        #expect(throws: DecodingError.self) { try DAGCBORDecoder().decode(Data.self, from: Data(hex: "820102")) }
    }

    /// Uses nested containers and superEncoder, in an order that is not the canonical one.
    struct Manual: Codable, Equatable {
        var point: (x: Int, y: Int)
        var list: [String]
        var base: String

        static func == (lhs: Manual, rhs: Manual) -> Bool {
            lhs.point == rhs.point && lhs.list == rhs.list && lhs.base == rhs.base
        }

        enum Keys: String, CodingKey { case zPoint, list }
        enum PointKeys: String, CodingKey { case y, x }

        init(point: (x: Int, y: Int), list: [String], base: String) {
            self.point = point
            self.list = list
            self.base = base
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var pointContainer = container.nestedContainer(keyedBy: PointKeys.self, forKey: .zPoint)
            var listContainer = container.nestedUnkeyedContainer(forKey: .list)
            var superContainer = container.superEncoder().singleValueContainer()
            try superContainer.encode(base)
            // Filled after the siblings were created: the encoder must still place them correctly.
            try pointContainer.encode(point.y, forKey: .y)
            try pointContainer.encode(point.x, forKey: .x)
            for item in list {
                var nested = listContainer.nestedUnkeyedContainer()
                try nested.encode(item)
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let point = try container.nestedContainer(keyedBy: PointKeys.self, forKey: .zPoint)
            self.point = (try point.decode(Int.self, forKey: .x), try point.decode(Int.self, forKey: .y))
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            var items: [String] = []
            while !list.isAtEnd {
                var nested = try list.nestedUnkeyedContainer()
                items.append(try nested.decode(String.self))
            }
            self.list = items
            base = try container.superDecoder().singleValueContainer().decode(String.self)
        }
    }

    @Test("nested containers and superEncoder are written in canonical order after being filled")
    func nestedContainersAndSuperEncoder() throws {
        let manual = Manual(point: (x: 1, y: 2), list: ["a", "b"], base: "root")
        let bytes = try roundTrip(manual)
        let expected = DAGCBORValue.map(
            DAGCBORMap([
                "zPoint": .map(DAGCBORMap(["x": 1, "y": 2])),
                "list": [["a"], ["b"]],
                "super": "root",
            ]))
        #expect(bytes == (try expected.encoded()))
    }

    class Animal: Codable {
        var legs: Int
        init(legs: Int) { self.legs = legs }
    }

    final class Dog: Animal {
        var name: String
        init(name: String) {
            self.name = name
            super.init(legs: 4)
        }
        enum Keys: String, CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .name)
            try super.init(from: decoder.container(keyedBy: Keys.self).superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test("class inheritance through superEncoder round-trips")
    func classInheritance() throws {
        let bytes = try DAGCBOREncoder().encode(Dog(name: "Rex"))
        #expect(try DAGCBORValue.decode(bytes) == .map(DAGCBORMap(["name": "Rex", "super": .map(DAGCBORMap(["legs": 4]))])))
        let dog = try DAGCBORDecoder().decode(Dog.self, from: bytes)
        #expect(dog.name == "Rex" && dog.legs == 4)
    }

    struct Duplicate: Encodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: Key(stringValue: "a"))
            try container.encode(2, forKey: Key(stringValue: "a"))
        }
    }

    @Test("encoding the same key twice is an error, not invalid output")
    func duplicateKeyRejected() {
        #expect {
            try DAGCBOREncoder().encode(Duplicate())
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.underlyingError as? DAGCBORError == .duplicateMapKey("a", offset: nil)
        }
    }

    struct Tree: Codable {
        var child: [Tree]
    }

    @Test("encoding deeper than the nesting limit fails instead of producing undecodable data")
    func deepEncodingRejected() throws {
        func tree(depth: Int) -> Tree {
            var node = Tree(child: [])
            for _ in 0..<depth { node = Tree(child: [node]) }
            return node
        }
        // Each level is a map holding an array: 2 containers per level.
        let fits = try DAGCBOREncoder().encode(tree(depth: 255))
        #expect(try DAGCBORDecoder().decode(Tree.self, from: fits).child.count == 1)
        #expect(throws: EncodingError.self) { try DAGCBOREncoder().encode(tree(depth: 256)) }
    }

    final class Chain: Codable {
        let inner: Chain?
        let names: [String]?
        init(inner: Chain?, names: [String]?) {
            self.inner = inner
            self.names = names
        }
    }

    @Test("an array of strings at the nesting limit is allowed, one level deeper is refused")
    func stringArrayAtNestingLimit() throws {
        // Each Chain is one map level; the innermost one's names array adds one more.
        func chain(maps: Int) -> Chain {
            var node = Chain(inner: nil, names: ["x"])
            for _ in 1..<maps { node = Chain(inner: node, names: nil) }
            return node
        }
        let limit = DAGCBORValue.maxNestingDepth
        let deepest = try DAGCBOREncoder().encode(chain(maps: limit - 1))
        #expect(try DAGCBORValue.decode(deepest).encoded() == deepest)
        #expect(throws: EncodingError.self) { try DAGCBOREncoder().encode(chain(maps: limit)) }
    }

    @Test("DAGCBORValue properties and CIDs also encode with JSONEncoder")
    func valueWithJSON() throws {
        let value: DAGCBORValue = .map(DAGCBORMap(["a": [1, -2, 1.5, true, .null, "t"]]))
        let json = try JSONEncoder().encode(value)
        #expect(String(decoding: json, as: UTF8.self) == #"{"a":[1,-2,1.5,true,null,"t"]}"#)
        #expect(try JSONDecoder().decode(DAGCBORValue.self, from: json) == value)
    }

    struct Collections: Codable, Equatable {
        var names: [String]
        var maybe: [String?]
        var grid: [[Int]]
        var blobs: [Data]
        var links: [CID]
        var ratios: [Float]
        var flags: [Bool]?
    }

    @Test("collections of primitives, Data and CIDs take the direct path with the same result as the value model")
    func collectionsMatchValueModel() throws {
        let cid = CID(codec: .raw, hashing: Data([7]))
        let sample = Collections(
            names: ["b", "a"], maybe: ["x", nil], grid: [[1, -2], []], blobs: [Data([1]), Data()],
            links: [cid], ratios: [0.5], flags: nil)
        let bytes = try roundTrip(sample)
        let expected = DAGCBORValue.map(
            DAGCBORMap([
                "names": ["b", "a"], "maybe": ["x", .null], "grid": [[1, -2], []],
                "blobs": [.bytes(Data([1])), .bytes(Data())], "links": [.link(cid)], "ratios": [0.5],
            ]))
        #expect(bytes == (try expected.encoded()))
        #expect(try DAGCBOREncoder().encode(["a", "b"]).hex == "8261616162")
        #expect(try DAGCBORDecoder().decode([String].self, from: Data(hex: "8261616162")) == ["a", "b"])
        #expect(try DAGCBORDecoder().decode([Int?].self, from: Data(hex: "82f601")) == [nil, 1])
    }

    @Test("a type mismatch inside a collection reports the element's index in the coding path")
    func collectionMismatchPath() throws {
        do {
            _ = try DAGCBORDecoder().decode(
                Collections.self,
                from: try DAGCBORValue.map(
                    DAGCBORMap([
                        "names": ["a", 1], "maybe": [], "grid": [], "blobs": [], "links": [], "ratios": [],
                    ])
                ).encoded())
            Issue.record("expected a type mismatch")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["names", "Index 1"])
        }
    }
}
