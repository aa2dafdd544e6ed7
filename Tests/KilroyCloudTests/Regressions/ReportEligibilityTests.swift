import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import Testing

@testable import KilroyCloud

/// Issue 13: any id could report any kilroy, so three made-up ids hid anything, even kilroys the
/// reporters were not allowed to see. A report now counts only from a device that may see the
/// kilroy and has dropped one of its own, decided in the store's transaction.
@Suite("Regression: reports count only from devices that could see the kilroy and have dropped one")
struct ReportEligibilityTests {
    @Test("fresh credentials that never dropped cannot report; nothing is counted or hidden")
    func noOwnDrops() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            _ = try await client.create(drop)
            for byte in UInt8(0x10)..<0x16 {
                let response = try await client.report(drop.id, device: Devices.token(byte))
                #expect(response.status == .forbidden)
                #expect(response.error?.code == "no_own_drops")
            }
            let stored = try #require(try await harness.store.kilroy(id: drop.id))
            #expect(stored.reportCount == 0 && !stored.isHidden)
        }
    }

    @Test("a reporter the reciprocity policy keeps from seeing the kilroy gets a 404 and is not counted")
    func cannotSeeIt() async throws {
        let harness = try KilroyCloudHarness(configuration: .init(reciprocity: .local(radiusMeters: 100)))
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            _ = try await client.create(drop)
            try await client.dropElsewhere(device: Devices.bob)
            let response = try await client.report(drop.id, device: Devices.bob)
            #expect(response.status == .notFound)
            #expect(try await harness.store.kilroy(id: drop.id)?.reportCount == 0)
            // Once Bob has dropped next to it, he sees it and his report counts.
            try await client.dropElsewhere(device: Devices.bob, latitude: drop.latitude, longitude: drop.longitude + 0.0005)
            #expect(try await client.report(drop.id, device: Devices.bob).status == .ok)
            #expect(try await harness.store.kilroy(id: drop.id)?.reportCount == 1)
        }
    }

    @Test("a hidden kilroy can no longer be reported by others (they cannot see it)")
    func hiddenIsInvisible() async throws {
        let harness = try KilroyCloudHarness(configuration: .init(reportsToHide: 1))
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            _ = try await client.create(drop)
            for reporter in [Devices.bob, Devices.carol] { try await client.dropElsewhere(device: reporter) }
            #expect(try await client.report(drop.id, device: Devices.bob).decoded(Components.Schemas.ReportStatus.self).hidden)
            #expect(try await client.report(drop.id, device: Devices.carol).status == .notFound)
            #expect(try await harness.store.kilroy(id: drop.id)?.reportCount == 1)
        }
    }
}
