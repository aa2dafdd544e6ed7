import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import Storage
import Testing

@testable import KilroyCloud

@Suite("Deleting and reporting kilroys")
struct DeleteAndReportTests {
    @Test("another device's delete is a 403 and the kilroy stays; its own delete is a 204 and the kilroy is gone")
    func deleteOwnOnly() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            _ = try await client.create(drop)
            let forbidden = try await client.send(.delete, "/kilroys/\(drop.id)", device: Devices.bob)
            #expect(forbidden.status == .forbidden)
            #expect(forbidden.error?.code == "not_owner")
            #expect(try await harness.store.kilroy(id: drop.id) != nil)

            let deleted = try await client.send(.delete, "/kilroys/\(drop.id)", device: Devices.alice)
            #expect(deleted.status == .noContent)
            #expect(try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.alice).status == .notFound)
            #expect(try await client.send(.delete, "/kilroys/\(drop.id)", device: Devices.alice).status == .notFound)
            // The drop still counts for reciprocity.
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.alice)) == 1)
        }
    }

    @Test("the image blob goes with the last kilroy that uses it, not before")
    func imageDeletedWithLastReference() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let imageID = try await client.uploadedImageID()
            let first = Components.Schemas.NewKilroy.sample(imageID: imageID)
            let second = Components.Schemas.NewKilroy.sample(imageID: imageID, latitude: 10)
            _ = try await client.create(first)
            _ = try await client.create(second)

            #expect(try await client.send(.delete, "/kilroys/\(first.id)", device: Devices.alice).status == .noContent)
            #expect(harness.blobs.contains(imageID))
            #expect(try await client.send(.get, "/images/\(imageID)").status == .ok)

            #expect(try await client.send(.delete, "/kilroys/\(second.id)", device: Devices.alice).status == .noContent)
            #expect(!harness.blobs.contains(imageID))
            #expect(try await harness.store.image(id: imageID) == nil)
            #expect(try await client.send(.get, "/images/\(imageID)").status == .notFound)
            // Uploading the same bytes again stores them anew.
            #expect(try await client.upload(SampleImages.jpeg()).status == .created)
        }
    }

    @Test("three reports from different devices hide a kilroy; a repeated report counts once; the author still sees it")
    func reportsHide() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            _ = try await client.create(drop)
            for reporter in [Devices.bob, Devices.carol, Devices.dave] {
                try await client.dropElsewhere(device: reporter)
            }

            let first = try await client.report(drop.id, device: Devices.bob, reason: "spam")
            #expect(try first.decoded(Components.Schemas.ReportStatus.self) == .init(kilroyId: drop.id, reportCount: 1, hidden: false))
            let repeated = try await client.report(drop.id, device: Devices.bob)
            #expect(try repeated.decoded(Components.Schemas.ReportStatus.self).reportCount == 1)
            _ = try await client.report(drop.id, device: Devices.carol)
            let third = try await client.report(drop.id, device: Devices.dave)
            #expect(try third.decoded(Components.Schemas.ReportStatus.self) == .init(kilroyId: drop.id, reportCount: 3, hidden: true))

            #expect(try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.bob).status == .notFound)
            #expect(try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.alice).status == .ok)
            let othersView = try await client.near(lat: drop.latitude, lon: drop.longitude, device: Devices.bob)
            #expect(try othersView.decoded(Components.Schemas.NearbyKilroys.self).kilroys.isEmpty)
            let authorView = try await client.near(lat: drop.latitude, lon: drop.longitude, device: Devices.alice)
            #expect(try authorView.decoded(Components.Schemas.NearbyKilroys.self).kilroys.map(\.kilroy.id) == [drop.id])
        }
    }

    @Test("reporting your own kilroy is a 403; reporting an unknown one a 404; a long reason a 400")
    func reportErrors() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            _ = try await client.create(drop)
            try await client.dropElsewhere(device: Devices.bob)
            let own = try await client.report(drop.id, device: Devices.alice)
            #expect(own.status == .forbidden)
            #expect(own.error?.code == "own_kilroy")
            #expect(try await client.report(UUID().uuidString, device: Devices.bob).status == .notFound)
            let long = try await client.report(drop.id, device: Devices.bob, reason: String(repeating: "r", count: 501))
            #expect(long.status == .badRequest)
            #expect(long.error?.field == "reason")
            #expect(try await harness.store.kilroy(id: drop.id)?.reportCount == 0)
        }
    }
}
