import Foundation
import Geo
import TestSupport

@testable import KilroyCore

/// A fresh store folder (see ``ScratchFolder``: the process removes it when it exits).
func temporaryStoreFolder() -> URL {
    ScratchFolder.url("kilroy-tests")
}

/// Well-formed photos (see ``ValidImages``).
enum TestImages {
    static func jpeg(_ seed: UInt8 = 1) -> Data {
        ValidImages.jpeg(seed)
    }

    static let png = ValidImages.png(7)

    static let heic = ValidImages.heic(3)

    static let text = Data("not a photo at all".utf8)
}

func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
    // Test coordinates are literals in range.
    try! Coordinate(latitude: latitude, longitude: longitude)
}

/// A point `east` and `north` metres from `origin` (flat-Earth offsets: fine for tens of metres).
func offset(_ origin: Coordinate, east: Double, north: Double) -> Coordinate {
    let metersPerDegree = earthMeanRadiusMeters * Double.pi / 180
    return coordinate(
        origin.latitude + north / metersPerDegree,
        origin.longitude + east / (metersPerDegree * cos(origin.latitude * Double.pi / 180))
    )
}

func memory(at point: Coordinate, id: UUID = UUID(), capturedAt: Date = Date(timeIntervalSince1970: 1_780_000_000), comment: String? = nil)
    -> DroppedMemory
{
    DroppedMemory(id: id, coordinate: CodableCoordinate(point), capturedAt: capturedAt, comment: comment)
}

/// A scriptable ``KilroyCloudClient``: records every call and answers from queues of canned
/// results (success when a queue is empty).
actor FakeCloud: KilroyCloudClient {
    enum Call: Equatable {
        case uploadImage(Int)
        case createKilroy(String, imageID: String)
        case near(Double, Double, radius: Double)
        case get(String)
        case delete(String)
        case report(String)
        case claim(String)
    }

    private(set) var calls: [Call] = []
    var uploadFailures: [KilroyCloudError] = []
    var createFailures: [KilroyCloudError] = []
    var deleteFailures: [KilroyCloudError] = []
    var claimAnswers: [Result<Int, KilroyCloudError>] = []
    var nearAnswer: Result<CloudNearbyResult, KilroyCloudError> = .success(CloudNearbyResult(kilroys: []))
    private(set) var created: [String: CloudKilroy] = [:]

    func failUploads(_ errors: [KilroyCloudError]) { uploadFailures = errors }
    func failCreates(_ errors: [KilroyCloudError]) { createFailures = errors }
    func failDeletes(_ errors: [KilroyCloudError]) { deleteFailures = errors }
    func answerClaims(_ answers: [Result<Int, KilroyCloudError>]) { claimAnswers = answers }
    func answerNear(_ answer: Result<CloudNearbyResult, KilroyCloudError>) { nearAnswer = answer }

    func uploadImage(_ data: Data) async throws(KilroyCloudError) -> String {
        calls.append(.uploadImage(data.count))
        if !uploadFailures.isEmpty { throw uploadFailures.removeFirst() }
        return "bafkrei-\(data.count)"
    }

    func createKilroy(from memory: DroppedMemory, imageID: String) async throws(KilroyCloudError) -> CloudKilroy {
        let id = memory.id.uuidString.lowercased()
        calls.append(.createKilroy(id, imageID: imageID))
        if !createFailures.isEmpty { throw createFailures.removeFirst() }
        let kilroy = CloudKilroy(
            id: id, imageURL: "http://cloud/kilroy/v1/images/\(imageID)", latitude: memory.coordinate.latitude,
            longitude: memory.coordinate.longitude, geohash: "", placeName: memory.placeName ?? "",
            comment: memory.comment, createdAt: memory.capturedAt, isMine: true
        )
        created[id] = kilroy
        return kilroy
    }

    func kilroysNear(_ coordinate: Coordinate, radius: Double, limit: Int?) async throws(KilroyCloudError) -> CloudNearbyResult {
        calls.append(.near(coordinate.latitude, coordinate.longitude, radius: radius))
        return try nearAnswer.get()
    }

    func kilroy(id: String) async throws(KilroyCloudError) -> CloudKilroy {
        calls.append(.get(id))
        guard let kilroy = created[id] else { throw .notFound(message: "No kilroy \(id).") }
        return kilroy
    }

    func deleteKilroy(id: String) async throws(KilroyCloudError) {
        calls.append(.delete(id))
        if !deleteFailures.isEmpty { throw deleteFailures.removeFirst() }
        guard created.removeValue(forKey: id) != nil else { throw .notFound(message: "No kilroy \(id).") }
    }

    func reportKilroy(id: String, reason: String?) async throws(KilroyCloudError) -> CloudReport {
        calls.append(.report(id))
        return CloudReport(kilroyID: id, reportCount: 1, hidden: false)
    }

    func claimLegacyDevice(_ legacyDeviceID: String) async throws(KilroyCloudError) -> Int {
        calls.append(.claim(legacyDeviceID))
        guard !claimAnswers.isEmpty else { return 0 }
        return try claimAnswers.removeFirst().get()
    }
}
