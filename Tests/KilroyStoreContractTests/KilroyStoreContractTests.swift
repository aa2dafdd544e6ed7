import Foundation
import Geo
import KilroyCloud
import ServerKit
import Testing

/// The behaviour every ``KilroyServerStore`` must have, written once and run against each
/// backend: the same answers, the same errors, the same order.
@Suite("Kilroy store contract")
struct KilroyStoreContractTests {
    // MARK: Health and images

    @Test("the store answers a health check", arguments: KilroyStoreBackend.available)
    func health(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut in try await sut.store.checkHealth() }
    }

    @Test(
        "an image is recorded once, reads back equal, and a later re-upload restarts its grace period",
        arguments: KilroyStoreBackend.available)
    func images(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            let image = Fixture.image()
            #expect(try await sut.store.image(id: image.id) == nil)
            #expect(try await sut.store.insertImage(image))
            #expect(try await sut.store.image(id: image.id) == image)
            // Again with an earlier date: not new, and the date stays.
            var earlier = image
            earlier.uploadedAt = image.uploadedAt.addingTimeInterval(-10)
            earlier.uploader = Fixture.bob
            #expect(try await !sut.store.insertImage(earlier))
            #expect(try await sut.store.image(id: image.id) == image)
            // Again later: the grace period starts at the later date; the first uploader stays.
            var later = earlier
            later.uploadedAt = image.uploadedAt.addingTimeInterval(100.5)
            #expect(try await !sut.store.insertImage(later))
            var expected = image
            expected.uploadedAt = later.uploadedAt
            #expect(try await sut.store.image(id: image.id) == expected)
        }
    }

    // MARK: Creating

    @Test("create, replay, conflict and a missing image each give their outcome", arguments: KilroyStoreBackend.available)
    func creationOutcomes(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            let kilroy = Fixture.kilroy()
            #expect(try await sut.store.createKilroy(kilroy) == .imageMissing)
            #expect(try await sut.store.dropCount(owner: Fixture.alice) == 0)
            _ = try await sut.store.insertImage(Fixture.image())
            #expect(try await sut.store.createKilroy(kilroy) == .created(kilroy))
            var retry = kilroy
            retry.receivedAt = Date(timeIntervalSince1970: 1_800_000_000)
            #expect(try await sut.store.createKilroy(retry) == .replayed(kilroy))
            var otherContent = kilroy
            otherContent.comment = "changed"
            #expect(try await sut.store.createKilroy(otherContent) == .conflict(existing: kilroy))
            var otherDevice = kilroy
            otherDevice.owner = Fixture.bob
            #expect(try await sut.store.createKilroy(otherDevice) == .conflict(existing: kilroy))
            #expect(try await sut.store.kilroy(id: kilroy.id) == kilroy)
            #expect(try await sut.store.kilroy(id: "no-such-id") == nil)
            #expect(try await sut.store.dropCount(owner: Fixture.alice) == 1)
            #expect(try await sut.store.dropCount(owner: Fixture.bob) == 0)
        }
    }

    @Test("optional fields, fractional dates and non-ASCII text round-trip exactly", arguments: KilroyStoreBackend.available)
    func roundTrip(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            var full = Fixture.kilroy(comment: "Grüße 👋 'quoted' \"twice\"")
            full.placeAddress = "1 Rue de Rivoli"
            full.createdAt = Date(timeIntervalSince1970: 0.000_001)
            var bare = Fixture.kilroy(at: Fixture.coordinate(-90, 180), comment: nil)
            bare.placeName = nil
            _ = try await sut.createKilroys([full, bare])
            #expect(try await sut.store.kilroy(id: full.id) == full)
            #expect(try await sut.store.kilroy(id: bare.id) == bare)
        }
    }

    @Test("a batch create reports each outcome in order, as if created one by one", arguments: KilroyStoreBackend.available)
    func batchCreate(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            let first = Fixture.kilroy()
            let second = Fixture.kilroy(owner: Fixture.bob)
            var clash = first
            clash.owner = Fixture.bob
            let missing = Fixture.kilroy(image: Fixture.image("never-uploaded"))
            var missingThenPresent = missing
            missingThenPresent.imageID = Fixture.image().id
            let outcomes = try await sut.createKilroys([first, second, clash, first, missing, missingThenPresent, missing])
            #expect(
                outcomes == [
                    .created(first), .created(second), .conflict(existing: first), .replayed(first), .imageMissing,
                    .created(missingThenPresent), .conflict(existing: missingThenPresent),
                ])
            #expect(try await sut.store.dropCount(owner: Fixture.alice) == 2)
            #expect(try await sut.store.dropCount(owner: Fixture.bob) == 1)
            #expect(try await sut.createKilroys([]) == [])
        }
    }

    // MARK: Deleting and orphans

    @Test(
        "deleting: not found, not the owner, and the image's metadata goes with its last kilroy",
        arguments: KilroyStoreBackend.available)
    func deletion(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            let image = Fixture.image()
            _ = try await sut.store.insertImage(image)
            let one = Fixture.kilroy()
            let two = Fixture.kilroy()
            _ = try await sut.createKilroys([one, two])
            #expect(try await sut.store.deleteKilroy(id: "no-such-id", owner: Fixture.alice) == .notFound)
            #expect(try await sut.store.deleteKilroy(id: one.id, owner: Fixture.bob) == .notOwner)
            #expect(try await sut.store.kilroy(id: one.id) == one)
            #expect(try await sut.store.deleteKilroy(id: one.id, owner: Fixture.alice) == .deleted(orphanedImageID: nil))
            #expect(try await sut.store.image(id: image.id) == image)
            #expect(try await sut.store.deleteKilroy(id: two.id, owner: Fixture.alice) == .deleted(orphanedImageID: image.id))
            #expect(try await sut.store.image(id: image.id) == nil)
            #expect(try await sut.store.kilroy(id: two.id) == nil)
            #expect(try await sut.store.deleteKilroy(id: two.id, owner: Fixture.alice) == .notFound)
            // Deleting does not give drops back.
            #expect(try await sut.store.dropCount(owner: Fixture.alice) == 2)
        }
    }

    @Test(
        "orphans: only unused images uploaded before the date, oldest first, at most the limit",
        arguments: KilroyStoreBackend.available)
    func orphans(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            let base = Fixture.epoch
            let used = Fixture.image("used", at: base)
            let oldest = Fixture.image("oldest", at: base.addingTimeInterval(10))
            let middle = Fixture.image("middle", at: base.addingTimeInterval(20))
            let recent = Fixture.image("recent", at: base.addingTimeInterval(1_000))
            for image in [recent, middle, used, oldest] { _ = try await sut.store.insertImage(image) }
            _ = try await sut.store.createKilroy(Fixture.kilroy(image: used))
            let cutoff = base.addingTimeInterval(500)
            #expect(try await sut.store.orphanedImages(uploadedBefore: cutoff, limit: 10) == [oldest.id, middle.id])
            #expect(try await sut.store.orphanedImages(uploadedBefore: cutoff, limit: 1) == [oldest.id])
            #expect(try await sut.store.orphanedImages(uploadedBefore: cutoff, limit: 0) == [])
            #expect(try await !sut.store.deleteOrphanedImage(id: used.id, uploadedBefore: cutoff))
            #expect(try await !sut.store.deleteOrphanedImage(id: recent.id, uploadedBefore: cutoff))
            #expect(try await !sut.store.deleteOrphanedImage(id: "no-such-image", uploadedBefore: cutoff))
            #expect(try await sut.store.deleteOrphanedImage(id: oldest.id, uploadedBefore: cutoff))
            #expect(try await !sut.store.deleteOrphanedImage(id: oldest.id, uploadedBefore: cutoff))
            #expect(try await sut.store.image(id: oldest.id) == nil)
            #expect(try await sut.store.image(id: used.id) == used)
            #expect(try await sut.store.orphanedImages(uploadedBefore: cutoff, limit: 10) == [middle.id])
        }
    }

    // MARK: Reports

    @Test(
        "reports: unknown, own, no own drops, counted once per device, hidden at the threshold",
        arguments: KilroyStoreBackend.available)
    func reports(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            let target = Fixture.kilroy(owner: Fixture.alice)
            _ = try await sut.store.createKilroy(target)
            let now = Fixture.epoch
            func report(_ reporter: DeviceDigest, _ id: String = target.id, policy: ReciprocityPolicy = .off) async throws -> KilroyReporting {
                try await sut.store.reportKilroy(id: id, reporter: reporter, reason: "spam", at: now, hideThreshold: 2, policy: policy)
            }
            #expect(try await report(Fixture.bob, "no-such-id") == .notFound)
            #expect(try await report(Fixture.alice) == .ownKilroy)
            #expect(try await report(Fixture.bob) == .noOwnDrops)
            _ = try await sut.createKilroys([
                Fixture.kilroy(owner: Fixture.bob, at: Fixture.coordinate(-33.9, 151.2)),
                Fixture.kilroy(owner: Fixture.carol, at: Fixture.coordinate(-33.9, 151.2)),
            ])
            // Under `global(2)` Bob (one drop) cannot see it, so cannot report it.
            #expect(try await report(Fixture.bob, policy: .global(requiredDrops: 2)) == .notFound)
            // Under `local` only a drop near the kilroy unlocks it; Bob's is in Sydney.
            #expect(try await report(Fixture.bob, policy: .local(radiusMeters: 1_000)) == .notFound)
            #expect(try await report(Fixture.bob) == .counted(reportCount: 1, hidden: false))
            #expect(try await report(Fixture.bob) == .counted(reportCount: 1, hidden: false))
            #expect(try await sut.store.kilroy(id: target.id)?.reportCount == 1)
            #expect(try await report(Fixture.carol) == .counted(reportCount: 2, hidden: true))
            #expect(try await sut.store.kilroy(id: target.id)?.isHidden == true)
            // Hidden: others can no longer see it, so cannot report it.
            let dave = Fixture.device("dave")
            _ = try await sut.store.createKilroy(Fixture.kilroy(owner: dave))
            #expect(try await report(dave) == .notFound)
        }
    }

    // MARK: Upload quota

    @Test("the upload quota counts uploads and bytes in a sliding window, per device", arguments: KilroyStoreBackend.available)
    func uploadQuota(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            let quota = UploadQuota(maximumCount: 2, maximumBytes: 1_000, window: 3_600)
            let start = Fixture.epoch
            func reserve(_ owner: DeviceDigest, _ bytes: Int, after seconds: TimeInterval) async throws -> UploadReservation {
                try await sut.store.reserveUpload(owner: owner, byteCount: bytes, at: start.addingTimeInterval(seconds), quota: quota)
            }
            #expect(try await reserve(Fixture.alice, 100, after: 0) == .allowed)
            // Bytes: 100 + 901 > 1000, refused until the first upload leaves the window.
            #expect(try await reserve(Fixture.alice, 901, after: 100) == .exceeded(retryAfterSeconds: 3_500))
            #expect(try await reserve(Fixture.alice, 900, after: 200) == .allowed)
            // Count: a third upload in the window, refused until 3600 s after the first.
            #expect(try await reserve(Fixture.alice, 1, after: 300.5) == .exceeded(retryAfterSeconds: 3_300))
            // Another device has its own quota.
            #expect(try await reserve(Fixture.bob, 1_000, after: 300) == .allowed)
            // The first upload has left the window (exactly 3600 s later).
            #expect(try await reserve(Fixture.alice, 100, after: 3_600) == .allowed)
            #expect(try await reserve(Fixture.alice, 1, after: 3_601) == .exceeded(retryAfterSeconds: 199))
        }
    }

    // MARK: Rate tokens

    @Test(
        "rate tokens: a burst, then refusal with retry-after, then a refill; buckets per device and action",
        arguments: KilroyStoreBackend.available)
    func rateTokens(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            let limit = RateLimit(burst: 3, perMinute: 6)  // one token per 10 s
            let start = Fixture.epoch
            func take(_ owner: DeviceDigest = Fixture.alice, action: RateLimitedAction = .drop, after seconds: TimeInterval)
                async throws -> RateDecision
            {
                try await sut.store.takeRateToken(owner: owner, action: action, limit: limit, at: start.addingTimeInterval(seconds))
            }
            for _ in 0..<3 { #expect(try await take(after: 0) == .allowed) }
            #expect(try await take(after: 0) == .limited(retryAfterSeconds: 10))
            #expect(try await take(after: 4) == .limited(retryAfterSeconds: 6))
            #expect(try await take(action: .upload, after: 4) == .allowed)
            #expect(try await take(Fixture.bob, after: 4) == .allowed)
            #expect(try await take(after: 10) == .allowed)
            #expect(try await take(after: 10) == .limited(retryAfterSeconds: 10))
            // A clock that went backwards refills nothing.
            #expect(try await take(after: 5) == .limited(retryAfterSeconds: 10))
            // After a long pause the bucket is full again, never fuller.
            for _ in 0..<3 { #expect(try await take(after: 10_000) == .allowed) }
            #expect(try await take(after: 10_000) == .limited(retryAfterSeconds: 10))
        }
    }

    // MARK: Legacy claims

    @Test(
        "a legacy id's kilroys, drops, uploads and reports move to its first claimant, once",
        arguments: KilroyStoreBackend.available)
    func legacyClaims(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            let legacy = Fixture.device("legacy")
            let claimant = Fixture.device("claimant")
            let now = Fixture.epoch
            #expect(try await sut.store.claimLegacyDevice(legacy: legacy, by: claimant, at: now) == .notFound)

            let image = Fixture.image(uploader: legacy)
            _ = try await sut.store.insertImage(image)
            let legacyDrops = [Fixture.kilroy(owner: legacy), Fixture.kilroy(owner: legacy)]
            let claimantDrop = Fixture.kilroy(owner: claimant)
            let bobs = Fixture.kilroy(owner: Fixture.bob)
            _ = try await sut.createKilroys(legacyDrops + [claimantDrop, bobs])
            _ = try await sut.store.reserveUpload(owner: legacy, byteCount: 10, at: now, quota: .default)
            // Both identities report Bob's kilroy; the legacy id also reports the claimant's.
            for reporter in [legacy, claimant] {
                _ = try await sut.store.reportKilroy(id: bobs.id, reporter: reporter, reason: nil, at: now, hideThreshold: 5, policy: .off)
            }
            _ = try await sut.store.reportKilroy(id: claimantDrop.id, reporter: legacy, reason: nil, at: now, hideThreshold: 5, policy: .off)
            #expect(try await sut.store.kilroy(id: bobs.id)?.reportCount == 2)
            #expect(try await sut.store.kilroy(id: claimantDrop.id)?.reportCount == 1)

            #expect(try await sut.store.claimLegacyDevice(legacy: legacy, by: claimant, at: now) == .claimed(kilroyCount: 2))
            for drop in legacyDrops { #expect(try await sut.store.kilroy(id: drop.id)?.owner == claimant) }
            #expect(try await sut.store.dropCount(owner: claimant) == 3)
            #expect(try await sut.store.dropCount(owner: legacy) == 0)
            #expect(try await sut.store.image(id: image.id)?.uploader == claimant)
            #expect(try await sut.store.kilroy(id: bobs.id)?.reportCount == 1)
            #expect(try await sut.store.kilroy(id: claimantDrop.id)?.reportCount == 0)
            // The upload moved too: the claimant's quota now counts it.
            let tight = UploadQuota(maximumCount: 1, maximumBytes: 1_000, window: 3_600)
            #expect(try await sut.store.reserveUpload(owner: claimant, byteCount: 1, at: now, quota: tight) == .exceeded(retryAfterSeconds: 3_600))

            #expect(try await sut.store.claimLegacyDevice(legacy: legacy, by: claimant, at: now) == .claimed(kilroyCount: 0))
            #expect(try await sut.store.claimLegacyDevice(legacy: legacy, by: Fixture.carol, at: now) == .claimedByAnother)
            #expect(try await sut.store.dropCount(owner: Fixture.carol) == 0)
        }
    }

    // MARK: Visibility and near queries

    @Test(
        "visibility: drop count, and under `local` the viewer's own drops within reach of the circle",
        arguments: KilroyStoreBackend.available)
    func visibility(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            let centre = Fixture.coordinate(10, 20)
            let near = Fixture.kilroy(owner: Fixture.bob, at: Fixture.coordinate(10.01, 20))  // ~1.1 km north
            let far = Fixture.kilroy(owner: Fixture.bob, at: Fixture.coordinate(11, 20))  // ~111 km north
            _ = try await sut.createKilroys([near, far, Fixture.kilroy(owner: Fixture.alice, at: Fixture.coordinate(10, 20.005))])
            let local = try await sut.store.visibility(for: Fixture.bob, policy: .local(radiusMeters: 1_000), around: centre, radius: 500)
            #expect(local.ownDropCount == 2)
            #expect(local.anchors == [near.coordinate])
            let global = try await sut.store.visibility(for: Fixture.bob, policy: .global(requiredDrops: 1), around: centre, radius: 500)
            #expect(global.ownDropCount == 2)
            #expect(global.anchors == [])
            #expect(try await sut.store.visibility(for: Fixture.carol, policy: .off, around: centre, radius: 1).ownDropCount == 0)
        }
    }

    @Test(
        "near: the decision sees hidden kilroys, withheld ones are counted, drop locations are the device's own",
        arguments: KilroyStoreBackend.available)
    func nearDecisions(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            let mine = Fixture.kilroy(owner: Fixture.alice, at: Fixture.coordinate(1, 2))
            let theirs = Fixture.kilroy(owner: Fixture.bob, at: Fixture.coordinate(1.0001, 2))
            let hidden = Fixture.kilroy(owner: Fixture.bob, at: Fixture.coordinate(1.0002, 2))
            _ = try await sut.createKilroys([mine, theirs, hidden])
            for name in ["r1", "r2", "r3"] {
                let reporter = Fixture.device(name)
                _ = try await sut.store.createKilroy(Fixture.kilroy(owner: reporter, at: Fixture.coordinate(-40, 2)))
                _ = try await sut.store.reportKilroy(
                    id: hidden.id, reporter: reporter, reason: nil, at: Fixture.epoch, hideThreshold: 3, policy: .off)
            }
            let centre = Fixture.coordinate(1, 2)
            let result = try await sut.store.nearby(center: centre, radius: 1_000, limit: 10) { candidate in
                if candidate.isHidden { return .skip }
                return candidate.owner == Fixture.alice ? .include : .withhold
            }
            #expect(result.kilroys.map(\.kilroy) == [mine])
            #expect(result.kilroys.map(\.distanceMeters) == [0])
            #expect(result.withheldCount == 1)
            let everything = try await sut.store.nearby(center: centre, radius: 1_000, limit: 10) { _ in .include }
            var hiddenNow = hidden
            hiddenNow.reportCount = 3
            hiddenNow.isHidden = true
            #expect(everything.kilroys.map(\.kilroy) == [mine, theirs, hiddenNow])
            let locations = try await sut.store.dropLocations(owner: Fixture.bob, center: centre, radius: 1_000)
            #expect(locations == [theirs.coordinate, hidden.coordinate])
        }
    }

    @Test(
        "near for a viewer: the visibility and the near query it filters, as the two calls give them",
        arguments: KilroyStoreBackend.available)
    func nearForViewer(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            let centre = Fixture.coordinate(1, 2)
            let own = Fixture.kilroy(owner: Fixture.bob, at: Fixture.coordinate(1.003, 2))  // ~330 m north
            let others = (1...5).map { Fixture.kilroy(owner: Fixture.alice, at: Fixture.coordinate(1 + Double($0) * 0.0001, 2)) }
            let far = Fixture.kilroy(owner: Fixture.alice, at: Fixture.coordinate(1.2, 2))  // ~22 km north
            _ = try await sut.createKilroys([own, far] + others)
            for policy in [ReciprocityPolicy.off, .global(requiredDrops: 2), .global(requiredDrops: 1), .local(radiusMeters: 100)] {
                for (viewer, radius, limit) in [(Fixture.bob, 1_000.0, 4), (Fixture.carol, 1_000, 10), (Fixture.bob, 100, 10)] {
                    let visibility = try await sut.store.visibility(for: viewer, policy: policy, around: centre, radius: radius)
                    let separate = try await sut.store.nearby(center: centre, radius: radius, limit: limit, decide: visibility.decide)
                    let combined = try await sut.store.nearby(viewer: viewer, policy: policy, center: centre, radius: radius, limit: limit)
                    #expect(combined.visibility == visibility, "\(policy) \(radius) \(limit)")
                    #expect(combined.result == separate, "\(policy) \(radius) \(limit)")
                }
            }
            // The answer is not empty: the viewer sees other devices' kilroys under `off`.
            let open = try await sut.store.nearby(viewer: Fixture.carol, policy: .off, center: centre, radius: 1_000, limit: 10)
            #expect(open.result.kilroys.map(\.kilroy.id) == (others.map(\.id) + [own.id]))
            #expect(open.visibility.ownDropCount == 0)
        }
    }

    @Test(
        "near: nearest first, ties by id, at most the limit, the edge of the circle included",
        arguments: KilroyStoreBackend.available)
    func nearOrder(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            let centre = Fixture.coordinate(0, 179.9999)
            // Three at the same spot across the antimeridian (ties), one nearer, one just outside.
            let spot = Fixture.coordinate(0, -179.9995)
            let tied = ["C", "A", "B"].map { Fixture.kilroy("00000000-0000-0000-0000-00000000000\($0)", at: spot) }
            let nearer = Fixture.kilroy(at: Fixture.coordinate(0, 179.9998))
            let outside = Fixture.kilroy(at: Fixture.coordinate(0, -179.99))
            _ = try await sut.createKilroys(tied + [nearer, outside])
            let radius = haversineDistance(from: centre, to: spot)
            let result = try await sut.store.nearby(center: centre, radius: radius, limit: 10) { _ in .include }
            #expect(result.kilroys.map(\.kilroy.id) == [nearer.id] + tied.map(\.id).sorted())
            #expect(
                result.kilroys.map(\.distanceMeters) == [haversineDistance(from: centre, to: nearer.coordinate)] + Array(repeating: radius, count: 3))
            let limited = try await sut.store.nearby(center: centre, radius: radius, limit: 2) { _ in .include }
            #expect(limited.kilroys.map(\.kilroy.id) == [nearer.id, tied.map(\.id).min()!])
            #expect(try await sut.store.nearby(center: centre, radius: radius, limit: 0) { _ in .include }.kilroys.isEmpty)
        }
    }

    @Test("near: a negative radius finds nothing, an infinite one is refused the same way", arguments: KilroyStoreBackend.available)
    func nearRadiusErrors(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            _ = try await sut.store.createKilroy(Fixture.kilroy())
            let centre = Fixture.coordinate(48.8566, 2.3522)
            #expect(try await sut.store.nearby(center: centre, radius: -1, limit: 5) { _ in .include }.kilroys.isEmpty)
            #expect(try await sut.store.dropLocations(owner: Fixture.alice, center: centre, radius: -1).isEmpty)
            await #expect(throws: GeohashError.invalidRadius(.infinity)) {
                _ = try await sut.store.nearby(center: centre, radius: .infinity, limit: 5) { _ in .include }
            }
            await #expect(throws: GeohashError.invalidRadius(.infinity)) {
                _ = try await sut.store.dropLocations(owner: Fixture.alice, center: centre, radius: .infinity)
            }
        }
    }

    // MARK: Damage

    @Test("a stored value no request could write is reported as a corrupt row", arguments: KilroyStoreBackend.available)
    func corruptRow(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            let kilroy = Fixture.kilroy()
            _ = try await sut.store.createKilroy(kilroy)
            try await sut.corruptOwner(kilroy.id)
            let expected = KilroyServerStoreError.corruptRow(table: "kilroys", id: kilroy.id)
            await #expect(throws: expected) { _ = try await sut.store.kilroy(id: kilroy.id) }
            await #expect(throws: expected) {
                _ = try await sut.store.nearby(center: kilroy.coordinate, radius: 10, limit: 5) { _ in .include }
            }
            await #expect(throws: expected) { _ = try await sut.store.deleteKilroy(id: kilroy.id, owner: Fixture.alice) }
        }
    }
}
