import Foundation
import Storage
import TestSupport
import Testing

@Suite("Gzip")
struct GzipTests {
    /// A reproducible byte source for the tests (SplitMix64).
    private struct Bytes: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) } }
    }

    @Test("round trip of empty, tiny, random and repetitive data at every level", arguments: [0, 1, 6, 9])
    func roundTrip(level: Int32) throws {
        var random = Bytes(state: UInt64(level))
        let inputs: [[UInt8]] = [
            [], [42], random.bytes(100_000), Array(String(repeating: "{\"name\":\"Shark Reef\"},", count: 20_000).utf8),
        ]
        for input in inputs {
            let compressed = try Gzip.compress(input, level: level)
            #expect(compressed.prefix(2) == [0x1F, 0x8B])
            #expect(try Gzip.decompress(compressed) == input)
        }
    }

    @Test("repetitive JSON compresses well")
    func ratio() throws {
        let json = Array(String(repeating: "{\"name\":\"Shark Reef\",\"region\":\"Red Sea\"},", count: 10_000).utf8)
        #expect(try Gzip.compress(json).count * 20 < json.count)
    }

    @Test("concatenated members decompress as one, as gzip -d does")
    func members() throws {
        let joined = try Gzip.compress(Array("hello ".utf8)) + Gzip.compress(Array("world".utf8))
        #expect(try Gzip.decompress(joined) == Array("hello world".utf8))
    }

    @Test("truncated data, trailing garbage and a bad level are errors")
    func errors() throws {
        let compressed = try Gzip.compress(Array(String(repeating: "abc", count: 1_000).utf8))
        for cut in [1, 5, 10, compressed.count / 2, compressed.count - 1] {
            #expect(throws: GzipError.self) { try Gzip.decompress(Array(compressed.prefix(cut))) }
        }
        #expect(throws: GzipError.truncated) { try Gzip.decompress([]) }
        #expect(throws: GzipError.self) { try Gzip.decompress(compressed + [0x00, 0x01, 0x02]) }
        #expect(throws: GzipError.invalidLevel(10)) { try Gzip.compress([1], level: 10) }
        #expect(GzipError.truncated.errorDescription?.isEmpty == false)
    }

    @Test("output is bounded: exactly the limit is fine, one byte more is refused")
    func limit() throws {
        let input = [UInt8](repeating: 7, count: 1_000_000)
        let compressed = try Gzip.compress(input)
        #expect(try Gzip.decompress(compressed, maximumSize: 1_000_000).count == 1_000_000)
        #expect(throws: GzipError.outputTooLarge(limit: 999_999)) { try Gzip.decompress(compressed, maximumSize: 999_999) }
    }

    @Test("random garbage and damaged streams never crash")
    func fuzz() throws {
        var random = Bytes(state: 99)
        let valid = try Gzip.compress(Array(String(repeating: "dive site ", count: 500).utf8))
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = random.bytes(Int.random(in: 0...200, using: &random))
                if round % 4 == 0, bytes.count > 2 {
                    bytes[0] = 0x1F
                    bytes[1] = 0x8B
                }
            } else {
                bytes = valid
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            }
            do {
                let output = try Gzip.decompress(bytes, maximumSize: 1 << 20)
                #expect(output.count <= 1 << 20, "round \(round)")
            } catch {
                #expect(error.errorDescription?.isEmpty == false, "round \(round): \(error)")
            }
        }
    }

    /// Whether gzip(1) is installed; without it the interoperability test is reported as skipped
    /// rather than passing without checking anything.
    static let hasGzip = ["/bin/gzip", "/usr/bin/gzip"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("gzip(1) reads what Gzip writes, and Gzip reads what gzip(1) writes", .enabled(if: GzipTests.hasGzip, "gzip(1) is not installed"))
    func interoperability() throws {
        let text = Array(String(repeating: "Blue Hole, Dahab. ", count: 2_000).utf8)
        let folder = ScratchFolder.url("gzip")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.gz")
        try Data(try Gzip.compress(text)).write(to: file)
        #expect(try run(["-dc", file.path]) == Data(text))
        let plain = folder.appendingPathComponent("b")
        try Data(text).write(to: plain)
        _ = try run(["-9", plain.path])
        #expect(try Gzip.decompress([UInt8](Data(contentsOf: folder.appendingPathComponent("b.gz")))) == text)
    }

    private func run(_ arguments: [String]) throws -> Data {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: FileManager.default.isExecutableFile(atPath: "/bin/gzip") ? "/bin/gzip" : "/usr/bin/gzip")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return data
    }
}
