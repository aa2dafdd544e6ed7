import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import ServerKit
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 13: `GET /kilroys/{id}` only hid reported kilroys, so a device the reciprocity policy
/// kept from seeing a drop in `near` could still read it by id. Both now go through one rule,
/// ``KilroyVisibility``.
@Suite("Regression: GET /kilroys/{id} shows exactly what near shows")
struct GetKilroyVisibilityTests {
    @Test("global: a withheld kilroy is a 404 by id until the viewer has dropped enough")
    func globalPolicy() async throws {
        let harness = try KilroyCloudHarness(configuration: .init(reciprocity: .global(requiredDrops: 1)))
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            _ = try await client.create(drop)
            let before = try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.bob)
            #expect(before.status == .notFound)
            #expect(before.error?.code == "kilroy_not_found")
            try await client.dropElsewhere(device: Devices.bob)
            #expect(try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.bob).status == .ok)
            #expect(try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.alice).status == .ok)
        }
    }

    @Test("local: by id only within reach of one of the viewer's own drops, as in near")
    func localPolicy() async throws {
        let harness = try KilroyCloudHarness(configuration: .init(reciprocity: .local(radiusMeters: 200)))
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID(), latitude: 48.85, longitude: 2.35)
            _ = try await client.create(drop)
            try await client.dropElsewhere(device: Devices.bob, latitude: 48.85 + 500 / 111_195.08, longitude: 2.35)
            #expect(try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.bob).status == .notFound)
            try await client.dropElsewhere(device: Devices.bob, latitude: 48.85 - 150 / 111_195.08, longitude: 2.35)
            #expect(try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.bob).status == .ok)
        }
    }

    @Test("for random drops, policies and viewers, GET by id answers 200 exactly for the kilroys near returns")
    func getAgreesWithNear() async throws {
        var random = SplitMix64(seed: 0x6E4B)
        let devices = [Devices.alice, Devices.bob, Devices.carol, Devices.dave]
        let layout = (0..<24).map { _ in
            (
                device: devices[Int(random.next() % 4)], latitude: 48.85 + Double(random.next() % 1_000) / 100_000,
                longitude: 2.35 + Double(random.next() % 1_000) / 100_000
            )
        }
        for policy in [ReciprocityPolicy.off, .global(requiredDrops: 2), .local(radiusMeters: 300)] {
            let harness = try KilroyCloudHarness(configuration: .init(reciprocity: policy, dropRateLimit: nil, uploadRateLimit: nil))
            try await harness.run { client in
                var ids: [String] = []
                for (index, place) in layout.enumerated() {
                    let device = place.device
                    let imageID = try await client.uploadedImageID(SampleImages.png(UInt8(index)), device: device)
                    let drop = Components.Schemas.NewKilroy.sample(
                        imageID: imageID, latitude: place.latitude, longitude: place.longitude)
                    #expect(try await client.create(drop, device: device).status == .created)
                    ids.append(drop.id.uppercased())
                }
                // Hide one by reports from three devices that may see it.
                for reporter in [Devices.bob, Devices.carol, Devices.dave] {
                    try await client.dropElsewhere(device: reporter, latitude: 48.851, longitude: 2.351)
                }
                for reporter in [Devices.bob, Devices.carol, Devices.dave] { _ = try await client.report(ids[0], device: reporter) }
                for viewer in devices + [Devices.erin] {
                    let near = try await client.near(lat: 48.855, lon: 2.355, radius: 5_000, limit: 500, device: viewer)
                    let seen = Set(try near.decoded(Components.Schemas.NearbyKilroys.self).kilroys.map(\.kilroy.id))
                    for id in ids {
                        let status = try await client.send(.get, "/kilroys/\(id)", device: viewer).status
                        #expect((status == .ok) == seen.contains(id), "\(policy) \(id)")
                    }
                }
            }
        }
    }
}
