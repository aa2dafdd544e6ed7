import DAGCBOR
import Foundation
import TestSupport

/// Builds random `DAGCBORValue` trees for property and fuzz tests.
struct RandomValues {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    static let keyPool = ["", "a", "b", "aa", "ab", "z", "é", "e\u{301}", "😀", "$type", "name", "createdAt", "x", "ba", "A"]

    mutating func bytes(maxCount: Int) -> Data {
        let count = Int.random(in: 0...maxCount, using: &rng)
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) })
    }

    mutating func text(maxCount: Int) -> String {
        let count = Int.random(in: 0...maxCount, using: &rng)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: scalars.append(Unicode.Scalar(UInt32.random(in: 0x80...0x7ff, using: &rng)) ?? "x")
            case 1: scalars.append(Unicode.Scalar(UInt32.random(in: 0x800...0xd7ff, using: &rng)) ?? "x")
            case 2: scalars.append(Unicode.Scalar(UInt32.random(in: 0x1_0000...0x10_ffff, using: &rng)) ?? "x")
            default: scalars.append(Unicode.Scalar(UInt8.random(in: 0...0x7f, using: &rng)))
            }
        }
        return String(scalars)
    }

    mutating func integer() -> DAGCBORValue {
        // Favour the boundaries of each head size.
        let boundaries: [UInt64] = [0, 23, 24, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296, .max]
        let magnitude: UInt64
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: magnitude = boundaries.randomElement(using: &rng) ?? 0
        case 1: magnitude = UInt64.random(in: 0...1000, using: &rng)
        default: magnitude = rng.next() >> UInt64.random(in: 0...63, using: &rng)
        }
        return Bool.random(using: &rng) ? .unsigned(magnitude) : .negative(magnitude)
    }

    mutating func float() -> DAGCBORValue {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            return .float(
                [0.0, -0.0, 1.0, 1.5, -4.1, 1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
                    .randomElement(using: &rng) ?? 0)
        case 1: return .float(Double(Int.random(in: -1000...1000, using: &rng)))
        default:
            let value = Double(bitPattern: rng.next())
            return .float(value.isFinite ? value : 0.5)
        }
    }

    mutating func cid() -> CID {
        CID(codec: Bool.random(using: &rng) ? .dagCBOR : .raw, hashing: bytes(maxCount: 8))
    }

    mutating func value(depth: Int = 0) -> DAGCBORValue {
        let leafOnly = depth >= 4
        switch Int.random(in: 0..<(leafOnly ? 8 : 11), using: &rng) {
        case 0: return integer()
        case 1: return .bytes(bytes(maxCount: 40))
        case 2: return .text(text(maxCount: 30))
        case 3: return float()
        case 4: return .bool(Bool.random(using: &rng))
        case 5: return .null
        case 6: return .link(cid())
        case 7: return integer()
        case 8, 9:
            let count = Int.random(in: 0...5, using: &rng)
            return .array((0..<count).map { _ in value(depth: depth + 1) })
        default:
            var map = DAGCBORMap()
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                let key =
                    Bool.random(using: &rng)
                    ? (Self.keyPool.randomElement(using: &rng) ?? "k") : text(maxCount: 12)
                map[key] = value(depth: depth + 1)
            }
            return .map(map)
        }
    }
}
