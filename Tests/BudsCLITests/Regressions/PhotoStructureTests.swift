import Foundation
import TestSupport
import Testing

/// Guards issue 13: `buds add --image` kept 20 MB of random bytes that merely started with a
/// JPEG or PNG signature. A photo must now be a whole JPEG, PNG or HEIC of at most 15 MiB, on
/// add and on edit, and a refused photo leaves the journal as it was.
@Suite("buds: photos are checked by their structure and size")
struct PhotoStructureTests {
    private func file(_ buds: BudsProcess, _ name: String, _ data: Data) throws -> String {
        try buds.file(name, data)
    }

    private func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        var data = Data(count: count)
        data.withUnsafeMutableBytes { buffer in
            for index in buffer.indices { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
        }
        return data
    }

    @Test(
        "random bytes after a JPEG or PNG signature are refused and nothing is stored",
        arguments: [
            Data([0xFF, 0xD8, 0xFF, 0xE0]), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        ])
    func signatureAloneIsNotEnough(_ signature: Data) throws {
        let buds = BudsProcess()
        let path = try file(buds, "fake.img", signature + randomBytes(64 * 1024))
        let result = try buds.run(["add", "--strain", "X", "--type", "flower", "--rating", "3", "--image", path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("buds: image: the "), "\(result.stderr)")
        #expect((try buds.run(["list", "--json"]).json() as? [Any])?.isEmpty == true)
        let blobs = buds.store.appendingPathComponent("blobs")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: blobs.path)) ?? []).isEmpty)
    }

    @Test("a 20 MB file is refused before it is read, naming the 15 MiB limit")
    func oversizedIsRefused() throws {
        let buds = BudsProcess()
        let path = try file(buds, "huge.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(count: 20 * 1024 * 1024))
        let result = try buds.run(["add", "--strain", "X", "--type", "flower", "--rating", "3", "--image", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("image: \(path) is larger than 15 MiB"), "\(result.stderr)")
    }

    @Test("a real PNG is accepted on add and a fake one refused on edit, keeping the photo")
    func editChecksToo() throws {
        let buds = BudsProcess()
        let good = try file(buds, "good.png", ValidImages.png(3))
        let added = try buds.add(["--strain", "X", "--type", "flower", "--rating", "3", "--image", good])
        let id = try #require(added["id"] as? String)
        let imageCID = try #require(added["imageCID"] as? String)
        let fake = try file(buds, "fake.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + randomBytes(1024))
        let refused = try buds.run(["edit", id, "--image", fake])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("image: the PNG image"), "\(refused.stderr)")
        let shown = try buds.jsonObject("show", [id])
        #expect(shown["imageCID"] as? String == imageCID)
        #expect((try buds.run(["history", id, "--json"]).json() as? [Any])?.count == 1)
    }
}
