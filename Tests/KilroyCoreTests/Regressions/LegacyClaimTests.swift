import CloudWire
import Foundation
import KilroyAPI
import Testing

@testable import KilroyCore

/// Issue 13, device side: a store from before credentials holds the short id every viewer could
/// read. It gets a new 256-bit credential, and claims its old kilroys with the old id once; the
/// old id is forgotten as soon as the cloud has settled the claim, and kept while it has not.
@Suite("Regression: an old device id is claimed once, then forgotten")
struct LegacyClaimTests {
    static let oldID = "0f8fad5b-d9cb-469f-a165-70867728950e"

    func legacyStore() throws -> URL {
        let folder = temporaryStoreFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((Self.oldID + "\n").utf8).write(to: folder.appendingPathComponent("device-id"))
        return folder
    }

    @Test(
        "each answer of the cloud: claimed, never seen and taken settle it; a transient failure keeps the old id",
        arguments: [
            (Result<Int, KilroyCloudError>.success(3), KilroyServices.LegacyClaim.claimed(kilroyCount: 3), false),
            (.failure(.notFound(message: "never seen")), .nothingToClaim, false),
            (.failure(.conflict(message: "claimed")), .claimedByAnother, false),
            (
                .failure(.unreachable(url: "http://cloud", reason: "connection refused")),
                .deferred(.unreachable(url: "http://cloud", reason: "connection refused")), true
            ),
            (.failure(.serverFailure(status: 503, message: "busy")), .deferred(.serverFailure(status: 503, message: "busy")), true),
        ]
    )
    func outcomes(answer: Result<Int, KilroyCloudError>, expected: KilroyServices.LegacyClaim, keepsOldID: Bool) async throws {
        let folder = try legacyStore()
        let services = try KilroyServices(directory: folder)
        let cloud = FakeCloud()
        await cloud.answerClaims([answer])
        #expect(try await services.claimLegacyDrops(using: cloud) == expected)
        #expect(await cloud.calls == [.claim(Self.oldID)])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("device-id").path) == keepsOldID)
        // The new credential is separate from the old id and never equal to it.
        let credential = try services.credential()
        #expect(credential.text != Self.oldID)
        if !keepsOldID {
            #expect(try await services.claimLegacyDrops(using: cloud) == .none)
            #expect(await cloud.calls.count == 1)
        }
    }
}
