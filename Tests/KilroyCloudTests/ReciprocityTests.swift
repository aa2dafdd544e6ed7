import Foundation
import KilroyAPI
import Testing

@testable import KilroyCloud

@Suite("Reciprocity: to see, you must be seen")
struct ReciprocityTests {
    @Test("local: another device sees a drop only after dropping one within R of it; its own always")
    func localPolicy() async throws {
        let harness = try KilroyCloudHarness(configuration: .init(reciprocity: .local(radiusMeters: 200)))
        try await harness.run { client in
            let imageID = try await client.uploadedImageID()
            let alices = Components.Schemas.NewKilroy.sample(imageID: imageID, latitude: 48.85, longitude: 2.35)
            _ = try await client.create(alices)

            let before = try await client.near(lat: 48.85, lon: 2.35, device: Devices.bob)
                .decoded(Components.Schemas.NearbyKilroys.self)
            #expect(before.kilroys.isEmpty)
            #expect(before.reciprocity == .init(policy: .local, ownDropCount: 0, radiusMeters: 200, othersWithheld: true))

            // Bob drops 500 m away: still too far from Alice's.
            let far = Components.Schemas.NewKilroy.sample(imageID: imageID, latitude: 48.85 + 500 / 111_195.08, longitude: 2.35)
            _ = try await client.create(far, device: Devices.bob)
            let stillHidden = try await client.near(lat: 48.85, lon: 2.35, device: Devices.bob)
                .decoded(Components.Schemas.NearbyKilroys.self)
            #expect(stillHidden.kilroys.map(\.kilroy.id) == [far.id])
            #expect(stillHidden.reciprocity.othersWithheld)

            // Then 150 m away: Alice's is within 200 m of one of Bob's.
            let near = Components.Schemas.NewKilroy.sample(imageID: imageID, latitude: 48.85 - 150 / 111_195.08, longitude: 2.35)
            _ = try await client.create(near, device: Devices.bob)
            let after = try await client.near(lat: 48.85, lon: 2.35, device: Devices.bob)
                .decoded(Components.Schemas.NearbyKilroys.self)
            #expect(after.kilroys.map(\.kilroy.id) == [alices.id, near.id, far.id])
            #expect(after.reciprocity == .init(policy: .local, ownDropCount: 2, radiusMeters: 200, othersWithheld: false))

            let alicesView = try await client.near(lat: 48.85, lon: 2.35, device: Devices.alice)
                .decoded(Components.Schemas.NearbyKilroys.self)
            #expect(alicesView.kilroys.map(\.kilroy.id) == [alices.id, near.id])
            #expect(alicesView.reciprocity.othersWithheld)
        }
    }

    @Test("global N: others' drops appear after the device's N-th drop, anywhere")
    func globalPolicy() async throws {
        let harness = try KilroyCloudHarness(configuration: .init(reciprocity: .global(requiredDrops: 2)))
        try await harness.run { client in
            let imageID = try await client.uploadedImageID()
            let alices = Components.Schemas.NewKilroy.sample(imageID: imageID, latitude: 48.85, longitude: 2.35)
            _ = try await client.create(alices)
            for drops in 0..<2 {
                let view = try await client.near(lat: 48.85, lon: 2.35, device: Devices.bob)
                    .decoded(Components.Schemas.NearbyKilroys.self)
                #expect(!view.kilroys.contains { $0.kilroy.id == alices.id })
                #expect(
                    view.reciprocity
                        == .init(
                            policy: .global, ownDropCount: Int32(drops), requiredDropCount: 2, othersWithheld: true))
                _ = try await client.create(
                    Components.Schemas.NewKilroy.sample(imageID: imageID, latitude: -33.9, longitude: 151.2), device: Devices.bob)
            }
            let unlocked = try await client.near(lat: 48.85, lon: 2.35, device: Devices.bob)
                .decoded(Components.Schemas.NearbyKilroys.self)
            #expect(unlocked.kilroys.map(\.kilroy.id) == [alices.id])
            #expect(unlocked.reciprocity == .init(policy: .global, ownDropCount: 2, requiredDropCount: 2, othersWithheld: false))
        }
    }

    @Test(
        "the command-line forms parse, and bad ones say what is wrong",
        arguments: [
            ("off", ReciprocityPolicy.off), ("local:200", .local(radiusMeters: 200)), ("LOCAL:12.5", .local(radiusMeters: 12.5)),
            ("global:3", .global(requiredDrops: 3)), ("local:50000", .local(radiusMeters: 50_000)),
        ]
    )
    func parsing(argument: String, expected: ReciprocityPolicy) throws {
        #expect(try ReciprocityPolicy(argument: argument) == expected)
        #expect(try ReciprocityPolicy(argument: expected.argument) == expected)
    }

    @Test(
        "invalid policies are refused with a specific error",
        arguments: [
            ("sometimes", ReciprocityPolicyError.unknownPolicy("sometimes")), ("off:3", .unknownPolicy("off:3")),
            ("local", .unknownPolicy("local")), ("local:0", .invalidLocalRadius("0")), ("local:-1", .invalidLocalRadius("-1")),
            ("local:50001", .invalidLocalRadius("50001")), ("local:inf", .invalidLocalRadius("inf")),
            ("global:0", .invalidGlobalDropCount("0")), ("global:x", .invalidGlobalDropCount("x")),
            ("global:99999999999", .invalidGlobalDropCount("99999999999")), ("", .unknownPolicy("")),
        ]
    )
    func invalidPolicies(argument: String, expected: ReciprocityPolicyError) {
        #expect(throws: expected) { try ReciprocityPolicy(argument: argument) }
        #expect(expected.errorDescription?.isEmpty == false)
    }
}
