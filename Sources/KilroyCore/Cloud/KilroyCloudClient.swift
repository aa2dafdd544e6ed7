public import Foundation
public import Geo

/// The Kilroy cloud as the app needs it: the network boundary, so that services and tests can use
/// a fake. ``KilroyCloudHTTPClient`` is the real implementation over the generated API client.
public protocol KilroyCloudClient: Sendable {
    /// Stores a photo and returns its image id (the same bytes give the same id).
    func uploadImage(_ data: Data) async throws(KilroyCloudError) -> String
    /// Creates the kilroy of a memory whose photo was uploaded as `imageID`. Idempotent: the
    /// memory's id is the kilroy's id, so a retry returns the stored kilroy.
    func createKilroy(from memory: DroppedMemory, imageID: String) async throws(KilroyCloudError) -> CloudKilroy
    /// Kilroys within `radius` metres (at most 50 km), nearest first.
    func kilroysNear(_ coordinate: Coordinate, radius: Double, limit: Int?) async throws(KilroyCloudError) -> CloudNearbyResult
    /// One kilroy by id.
    func kilroy(id: String) async throws(KilroyCloudError) -> CloudKilroy
    /// Deletes a kilroy this device dropped.
    func deleteKilroy(id: String) async throws(KilroyCloudError)
    /// Reports a kilroy as inappropriate.
    func reportKilroy(id: String, reason: String?) async throws(KilroyCloudError) -> CloudReport
    /// Moves the kilroys dropped under this device's old id (from before credentials) to its
    /// credential, once; returns how many moved.
    func claimLegacyDevice(_ legacyDeviceID: String) async throws(KilroyCloudError) -> Int
}

extension KilroyCloudClient {
    /// Uploads a memory as the seed does: the photo first, then the record naming it.
    public func upload(_ memory: DroppedMemory, imageData: Data) async throws(KilroyCloudError) -> CloudKilroy {
        let imageID = try await uploadImage(imageData)
        return try await createKilroy(from: memory, imageID: imageID)
    }
}
