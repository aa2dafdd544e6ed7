import Foundation
import TestSupport
import Testing

@testable import KilroyCore

/// Issue 13: `kilroy drop` killed mid-way left orphan photos, `.tmp` files and queue entries for
/// memories that were never saved, and nothing ever cleaned them up. Opening the store now
/// removes them (``StoreRecovery``), and only them.
@Suite("Regression: leftovers of an interrupted drop are removed when the store opens")
struct InterruptedDropRecoveryTests {
    let clock = TestClock(Date(timeIntervalSince1970: 1_780_000_000))
    let hourAgo = Date().addingTimeInterval(-3_600)

    /// A store folder built by hand as a killed drop leaves it, next to one saved memory.
    func interruptedStore() throws -> (folder: URL, saved: DroppedMemory, ids: [String: UUID]) {
        let folder = temporaryStoreFolder()
        let images = folder.appendingPathComponent("MemoryImages")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let saved = DroppedMemory(
            id: UUID(), coordinate: try CodableCoordinate(latitude: 1, longitude: 2), capturedAt: clock.now)
        let ids = ["killedAfterPhoto": UUID(), "killedAfterQueue": UUID(), "inProgress": UUID(), "deleted": UUID()]
        try JSONEncoder().encode([saved]).write(to: folder.appendingPathComponent("memories.json"))
        func write(_ name: String, in directory: URL, modified: Date) throws {
            let url = directory.appendingPathComponent(name)
            try TestImages.jpeg().write(to: url)
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        }
        try write(saved.imageFilename, in: images, modified: hourAgo)
        try write("\(ids["killedAfterPhoto"]!.uuidString).jpg", in: images, modified: hourAgo)
        try write("\(ids["inProgress"]!.uuidString).png", in: images, modified: Date())
        try write("holiday.jpg", in: images, modified: hourAgo)
        try write(".\(UUID().uuidString).jpg.tmp-\(UUID().uuidString)", in: images, modified: hourAgo)
        try write(".memories.json.tmp-\(UUID().uuidString)", in: folder, modified: hourAgo)
        try write(".upload-queue.json.tmp-\(UUID().uuidString)", in: folder, modified: hourAgo)
        try write(".device-token.new-\(UUID().uuidString)", in: folder, modified: hourAgo)
        try write(".memories.json.tmp-\(UUID().uuidString)", in: folder, modified: Date())
        let old = clock.now.addingTimeInterval(-3_600)
        let queue = """
            {"items":[
              {"memoryID":"\(saved.id.uuidString)","operation":"upload","state":"pending","attempts":0,
               "enqueuedAt":\(old.timeIntervalSinceReferenceDate),"nextAttemptAt":\(old.timeIntervalSinceReferenceDate)},
              {"memoryID":"\(ids["killedAfterPhoto"]!.uuidString)","operation":"upload","state":"pending","attempts":0,
               "enqueuedAt":\(old.timeIntervalSinceReferenceDate),"nextAttemptAt":\(old.timeIntervalSinceReferenceDate)},
              {"memoryID":"\(ids["killedAfterQueue"]!.uuidString)","operation":"upload","state":"failed","attempts":1,
               "enqueuedAt":\(old.timeIntervalSinceReferenceDate),"nextAttemptAt":\(old.timeIntervalSinceReferenceDate)},
              {"memoryID":"\(ids["inProgress"]!.uuidString)","operation":"upload","state":"pending","attempts":0,
               "enqueuedAt":\(clock.now.timeIntervalSinceReferenceDate),"nextAttemptAt":\(clock.now.timeIntervalSinceReferenceDate)},
              {"memoryID":"\(ids["deleted"]!.uuidString)","operation":"delete","state":"pending","attempts":0,
               "enqueuedAt":\(old.timeIntervalSinceReferenceDate),"nextAttemptAt":\(old.timeIntervalSinceReferenceDate)}
            ],"uploaded":[]}
            """
        try Data(queue.utf8).write(to: folder.appendingPathComponent("upload-queue.json"))
        return (folder, saved, ids)
    }

    @Test("stale temporary files, unsaved photos and their queued uploads go; everything else stays")
    func removesOnlyLeftovers() async throws {
        let (folder, saved, ids) = try interruptedStore()
        let services = try KilroyServices(directory: folder, now: clock.function)

        let report = services.recovery
        #expect(report.orphanedPhotos == ["\(ids["killedAfterPhoto"]!.uuidString).jpg"])
        #expect(Set(report.orphanedUploads) == [ids["killedAfterPhoto"]!, ids["killedAfterQueue"]!])
        #expect(report.temporaryFiles.count == 4)

        let images = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("MemoryImages").path)
        #expect(Set(images) == [saved.imageFilename, "\(ids["inProgress"]!.uuidString).png", "holiday.jpg"])
        let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(hidden.count == 1, "the fresh temporary file of a write in progress stays: \(hidden)")

        let queue = try await services.queue.items()
        #expect(Set(queue.map(\.memoryID)) == [saved.id, ids["inProgress"]!, ids["deleted"]!])
        #expect(try await services.store.all() == [saved])
        #expect(try await services.store.imageData(for: saved) == TestImages.jpeg())

        // A second start finds nothing more to do.
        #expect(try KilroyServices(directory: folder, now: clock.function).recovery.isEmpty)
    }

    @Test("nothing is removed while memories.json is unreadable or a damaged copy is kept aside")
    func damagedIndexKeepsEverything() throws {
        let (folder, _, ids) = try interruptedStore()
        let index = folder.appendingPathComponent("memories.json")
        try Data("{not json".utf8).write(to: index)
        let first = try StoreRecovery.run(directory: folder, now: clock.function)
        #expect(first.orphanedPhotos.isEmpty && first.orphanedUploads.isEmpty)
        #expect(try String(contentsOf: index, encoding: .utf8) == "{not json")

        try FileManager.default.moveItem(at: index, to: folder.appendingPathComponent("memories.corrupt-2026-05-01T00:00:00Z.json"))
        let second = try StoreRecovery.run(directory: folder, now: clock.function)
        #expect(second.orphanedPhotos.isEmpty)
        let photo = folder.appendingPathComponent("MemoryImages/\(ids["killedAfterPhoto"]!.uuidString).jpg")
        #expect(FileManager.default.fileExists(atPath: photo.path))
    }

    @Test("the names recovery treats as its own")
    func names() {
        let uuid = UUID().uuidString
        #expect(StoreRecovery.isTemporary(".memories.json.tmp-\(uuid)"))
        #expect(StoreRecovery.isTemporary(".device-token.new-\(uuid)"))
        #expect(!StoreRecovery.isTemporary("memories.json"))
        #expect(!StoreRecovery.isTemporary(".hidden-notes.tmp-later"))
        #expect(!StoreRecovery.isTemporary(".device-token"))
        #expect(StoreRecovery.isPhotoName("\(uuid).jpg") && StoreRecovery.isPhotoName("\(uuid.lowercased()).HEIC"))
        #expect(!StoreRecovery.isPhotoName("holiday.jpg") && !StoreRecovery.isPhotoName("\(uuid).gif"))
    }
}
