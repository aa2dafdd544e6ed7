import Foundation
import Geo
import KilroyCore
import Testing
import Validation

@Suite("NearbyService and HomeViewModel: local and cloud merged")
struct NearbyServiceTests {
    let folder = temporaryStoreFolder()
    let origin = coordinate(40.7128, -74.006)

    private func kilroy(_ id: String, at point: Coordinate, comment: String? = nil) -> CloudKilroy {
        CloudKilroy(
            id: id, imageURL: "http://cloud/kilroy/v1/images/x", latitude: point.latitude, longitude: point.longitude,
            geohash: "dr5regw3pg", placeName: "", comment: comment, createdAt: Date(timeIntervalSince1970: 1_780_000_000),
            isMine: false
        )
    }

    @Test("local memories and cloud kilroys merge nearest first; an uploaded memory appears once, as local")
    func mergesAndDeduplicates() async throws {
        let store = try MemoryStore(directory: folder)
        let mine = try await store.save(memory(at: offset(origin, east: 50, north: 0), comment: "mine"), imageData: TestImages.jpeg())
        let alsoMine = try await store.save(memory(at: offset(origin, east: 0, north: 400)), imageData: TestImages.jpeg())
        let cloud = FakeCloud()
        let theirs = kilroy(UUID().uuidString.lowercased(), at: offset(origin, east: 0, north: -20), comment: "theirs")
        let farther = kilroy(UUID().uuidString, at: offset(origin, east: 200, north: 0))
        // The server echoes my upload, with the id in upper case and a slightly different comment.
        let echo = kilroy(mine.id.uuidString, at: mine.coordinate.coordinate, comment: "server copy")
        await cloud.answerNear(.success(CloudNearbyResult(kilroys: [theirs, echo, farther].map { .init(kilroy: $0, distanceMeters: 0) })))
        let result = try await NearbyService(store: store, cloud: cloud).nearby(origin, radius: 1000)
        #expect(result.cloudError == nil)
        #expect(
            result.items.map(\.id) == [
                theirs.id, mine.id.uuidString.lowercased(), UUID(uuidString: farther.id)!.uuidString.lowercased(),
                alsoMine.id.uuidString.lowercased(),
            ])
        #expect(result.items.map(\.isLocal) == [false, true, false, true])
        #expect(result.items[1].comment == "mine")
        let distances = result.items.map(\.distanceMeters)
        #expect(zip([20.0, 50, 200, 400], distances).allSatisfy { abs($0 - $1) < 0.1 })
        #expect(await cloud.calls == [.near(origin.latitude, origin.longitude, radius: 1000)])
    }

    @Test("when the cloud fails the local memories are still listed, with the cloud's error")
    func cloudFailureKeepsLocal() async throws {
        let store = try MemoryStore(directory: folder)
        let mine = try await store.save(memory(at: origin), imageData: TestImages.jpeg())
        let cloud = FakeCloud()
        await cloud.answerNear(.failure(.unreachable(url: "http://cloud", reason: "connection refused")))
        let result = try await NearbyService(store: store, cloud: cloud).nearby(origin, radius: 80_000, limit: 5)
        #expect(result.items.map(\.id) == [mine.id.uuidString.lowercased()])
        #expect(result.cloudError == .unreachable(url: "http://cloud", reason: "connection refused"))
        // The cloud is asked for at most 50 km.
        #expect(await cloud.calls == [.near(origin.latitude, origin.longitude, radius: 50_000)])
        await #expect(throws: KilroyStoreError.invalidField(FieldIssue("radius", "must be a number of metres greater than 0"))) {
            try await NearbyService(store: store).nearby(origin, radius: 0)
        }
    }
}

@MainActor
final class CountingHaptics: Haptics {
    private(set) var taps = 0
    func approachTap() { taps += 1 }
}

@Suite("HomeViewModel: taps and the nearby list")
@MainActor
struct HomeViewModelTests {
    @Test("each approach taps once; the nearby list follows the user; regions are exposed")
    func tapsOnApproach() async throws {
        let folder = temporaryStoreFolder()
        let origin = coordinate(35.6762, 139.6503)
        let store = try MemoryStore(directory: folder)
        let shrine = try await store.save(memory(at: offset(origin, east: 100, north: 0)), imageData: TestImages.jpeg())
        let haptics = CountingHaptics()
        let home = HomeViewModel(store: store, nearbyService: NearbyService(store: store), haptics: haptics, searchRadius: 500)
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        for (second, east) in [0.0, 60, 85, 95, 88, 99, 140, 96].enumerated() {
            await home.locationDidUpdate(LocationUpdate(coordinate: offset(origin, east: east, north: 0), time: start + Double(second)))
        }
        // In at 95 m (5 m away), wobble, out past 115 m at 140, back in at 96.
        #expect(haptics.taps == 2)
        #expect(home.approaches.map(\.memoryID) == [shrine.id, shrine.id])
        #expect(home.approaches.map(\.time) == [start + 3, start + 7])
        #expect(home.nearby.map(\.id) == [shrine.id.uuidString.lowercased()])
        #expect(home.monitoredRegions.count == 2)
        #expect(home.errorMessage == nil && home.cloudMessage == nil)
    }
}
