import Foundation
import Geo
import KilroyCore
import TestSupport
import Testing
import Validation

@Suite("MemoryStore: memories.json and MemoryImages/")
struct MemoryStoreTests {
    let folder = temporaryStoreFolder()
    let origin = coordinate(52.3731, 4.8922)

    @Test("save writes the photo under its real extension and the entry to memories.json; all and memory read them back")
    func saveAndRead() async throws {
        let store = try MemoryStore(directory: folder)
        let jpeg = try await store.save(memory(at: origin, comment: "  hello  "), imageData: TestImages.jpeg())
        let png = try await store.save(memory(at: offset(origin, east: 20, north: 0)), imageData: TestImages.png)
        let heic = try await store.save(memory(at: offset(origin, east: 40, north: 0)), imageData: TestImages.heic)
        #expect(jpeg.imageFilename == "\(jpeg.id.uuidString).jpg")
        #expect(png.imageFilename == "\(png.id.uuidString).png")
        #expect(heic.imageFilename == "\(heic.id.uuidString).heic")
        #expect(jpeg.comment == "hello")
        #expect(try Data(contentsOf: folder.appendingPathComponent("MemoryImages/\(png.imageFilename)")) == TestImages.png)
        let onDisk = try JSONDecoder().decode([DroppedMemory].self, from: Data(contentsOf: folder.appendingPathComponent("memories.json")))
        #expect(Set(onDisk) == [jpeg, png, heic])
        #expect(try await store.all().count == 3)
        #expect(try await store.memory(png.id) == png)
        #expect(try await store.imageData(for: heic) == TestImages.heic)
        // A second store on the same folder (another process, a restart) sees the same memories.
        #expect(Set(try await MemoryStore(directory: folder).all()) == [jpeg, png, heic])
    }

    @Test("invalid photos and fields are rejected with the field's name and nothing is written")
    func rejectsInvalidInput() async throws {
        let store = try MemoryStore(directory: folder)
        let cases: [(DroppedMemory, Data, KilroyStoreError)] = [
            (memory(at: origin), TestImages.text, .invalidField(FieldIssue("image", "is not a JPEG, PNG or HEIC photo"))),
            (memory(at: origin), Data(), .invalidField(FieldIssue("image", "is empty"))),
            (
                memory(at: origin, comment: String(repeating: "x", count: 501)), TestImages.jpeg(),
                .invalidField(FieldIssue("comment", "must be at most 500 characters"))
            ),
            (
                DroppedMemory(coordinate: CodableCoordinate(origin), capturedAt: .now, placeName: "Line\nbreak"), TestImages.jpeg(),
                .invalidField(FieldIssue("place", "must be one line without control characters"))
            ),
            (
                DroppedMemory(coordinate: CodableCoordinate(origin), capturedAt: .now, placeAddress: String(repeating: "a", count: 301)),
                TestImages.jpeg(), .invalidField(FieldIssue("address", "must be at most 300 characters"))
            ),
        ]
        for (candidate, image, expected) in cases {
            await #expect(throws: expected) { try await store.save(candidate, imageData: image) }
        }
        #expect(try await store.all().isEmpty)
        let images = (try? FileManager.default.contentsOfDirectory(atPath: store.imagesDirectory.path)) ?? []
        #expect(images.isEmpty)
        // 500 characters (emoji count as one each) is fine.
        let fine = try await store.save(memory(at: origin, comment: String(repeating: "👍🏽", count: 500)), imageData: TestImages.jpeg())
        #expect(fine.comment?.count == 500)
        await #expect(throws: KilroyStoreError.memoryExists(fine.id)) { try await store.save(fine, imageData: TestImages.jpeg()) }
    }

    @Test("delete removes the photo and the entry; a photo already gone is not an error")
    func deleteRemovesPhotoThenEntry() async throws {
        let store = try MemoryStore(directory: folder)
        let first = try await store.save(memory(at: origin), imageData: TestImages.jpeg())
        let second = try await store.save(memory(at: origin), imageData: TestImages.png)
        let firstImage = try store.imageURL(for: first)
        try await store.delete(first.id)
        #expect(!FileManager.default.fileExists(atPath: firstImage.path))
        #expect(try await store.all() == [second])
        try FileManager.default.removeItem(at: store.imageURL(for: second))
        #expect(try await store.delete(second.id) == second)
        #expect(try await store.all().isEmpty)
        await #expect(throws: KilroyStoreError.memoryNotFound(second.id.uuidString.lowercased())) { try await store.delete(second.id) }
    }

    @Test("a corrupt memories.json is reported, kept aside under a timestamped name and never overwritten")
    func corruptIndexIsKeptAside() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let index = folder.appendingPathComponent("memories.json")
        let damaged = Data(#"[{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","coordinate":{"lat"#.utf8)
        try damaged.write(to: index)
        let clock = TestClock(Date(timeIntervalSince1970: 1_780_000_000))
        let store = try MemoryStore(directory: folder, now: clock.function)
        let keptAs = folder.appendingPathComponent("memories.corrupt-20260528T202640Z.json").path
        await #expect(throws: KilroyStoreError.corruptFile(path: index.path, keptAs: keptAs, reason: "not valid JSON")) {
            try await store.all()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptAs)) == damaged)
        // The store goes on without it; a second damaged file gets its own name.
        let saved = try await store.save(memory(at: origin), imageData: TestImages.jpeg())
        #expect(try await store.all() == [saved])
        try Data("{}".utf8).write(to: index)
        await #expect(throws: KilroyStoreError.self) { try await store.all() }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("corrupt") }.sorted()
        #expect(names == ["memories.corrupt-20260528T202640Z-2.json", "memories.corrupt-20260528T202640Z.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptAs)) == damaged)
    }

    @Test("a failed save leaves the earlier memories and photos exactly as they were")
    func failedSaveKeepsEarlierState() async throws {
        let store = try MemoryStore(directory: folder)
        let kept = try await store.save(memory(at: origin), imageData: TestImages.jpeg())
        let before = try Data(contentsOf: folder.appendingPathComponent("memories.json"))
        // A folder squatting on the new photo's path makes the save fail part way.
        let newcomer = memory(at: origin)
        let blocker = store.imagesDirectory.appendingPathComponent("\(newcomer.id.uuidString).jpg")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        await #expect(throws: KilroyStoreError.self) { try await store.save(newcomer, imageData: TestImages.jpeg()) }
        #expect(try Data(contentsOf: folder.appendingPathComponent("memories.json")) == before)
        #expect(try await store.all() == [kept])
        #expect(try await store.imageData(for: kept) == TestImages.jpeg())
    }

    @Test("a hand-edited image file name that leaves the images folder is refused, and nothing outside is deleted")
    func unsafeImageFilenameIsRefused() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("precious.txt")
        try Data("keep".utf8).write(to: victim)
        let json =
            #"[{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","coordinate":{"latitude":1,"longitude":2},"capturedAt":0,"imageFilename":"../precious.txt"}]"#
        try Data(json.utf8).write(to: folder.appendingPathComponent("memories.json"))
        let store = try MemoryStore(directory: folder)
        let id = try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        await #expect(throws: KilroyStoreError.unsafeImageFilename("../precious.txt")) { try await store.delete(id) }
        #expect(FileManager.default.fileExists(atPath: victim.path))
        #expect(try await store.all().count == 1)
    }

    @Test("memoriesNear returns memories within the radius, nearest first, with their distances")
    func memoriesNearSortsByDistance() async throws {
        let store = try MemoryStore(directory: folder)
        let far = try await store.save(memory(at: offset(origin, east: 0, north: 300)), imageData: TestImages.jpeg())
        let near = try await store.save(memory(at: offset(origin, east: 30, north: 0)), imageData: TestImages.jpeg())
        let middle = try await store.save(memory(at: offset(origin, east: -100, north: 0)), imageData: TestImages.jpeg())
        let found = try await store.memoriesNear(origin, radius: 150)
        #expect(found.map(\.memory) == [near, middle])
        #expect(abs(found[0].distanceMeters - 30) < 0.05)
        #expect(abs(found[1].distanceMeters - 100) < 0.1)
        #expect(try await store.memoriesNear(origin, radius: 1000).map(\.memory) == [near, middle, far])
        await #expect(throws: KilroyStoreError.invalidField(FieldIssue("radius", "must be a number of metres, 0 or more"))) {
            try await store.memoriesNear(origin, radius: -1)
        }
    }

    @Test("resolve finds a memory by its full id or a unique prefix of 4+ characters in any case")
    func resolveByPrefix() async throws {
        let store = try MemoryStore(directory: folder)
        let first = try await store.save(
            memory(at: origin, id: UUID(uuidString: "AAAAAAAA-1111-4111-8111-111111111111")!), imageData: TestImages.jpeg())
        _ = try await store.save(memory(at: origin, id: UUID(uuidString: "AAAAAAAA-2222-4222-8222-222222222222")!), imageData: TestImages.jpeg())
        #expect(try await store.resolve("aaaaaaaa-1111-4111-8111-111111111111") == first)
        #expect(try await store.resolve("AAAAAAAA-1") == first)
        await #expect(throws: KilroyStoreError.ambiguousReference("aaaaaaaa", matches: 2)) { try await store.resolve("aaaaaaaa") }
        await #expect(throws: KilroyStoreError.memoryNotFound("aaa")) { try await store.resolve("aaa") }
        await #expect(throws: KilroyStoreError.memoryNotFound("bbbbbbbb")) { try await store.resolve("bbbbbbbb") }
    }
}
