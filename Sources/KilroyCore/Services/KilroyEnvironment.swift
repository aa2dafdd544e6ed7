import Foundation
import OpenAPIRuntime

/// Everything one Kilroy store folder provides, wired once: the memory store, the upload
/// queue, the services over them, and (on demand) the cloud client with this device's id.
///
/// The app creates one at launch; the CLI one per command. Nothing here touches the network
/// until a cloud client is used.
public struct KilroyEnvironment: Sendable {
    /// The store folder.
    public let directory: URL
    public let store: MemoryStore
    public let queue: UploadQueue
    public let memories: MemoryService
    /// The clock every service uses.
    public let now: @Sendable () -> Date

    /// Opens (creating if needed) the store in `directory`.
    public init(
        directory: URL, retryPolicy: RetryPolicy = RetryPolicy(), now: @escaping @Sendable () -> Date = Date.init
    ) throws(KilroyStoreError) {
        self.directory = directory
        self.now = now
        store = try MemoryStore(directory: directory, now: now)
        queue = UploadQueue(store: store, policy: retryPolicy, now: now)
        memories = MemoryService(store: store, queue: queue, now: now)
    }

    /// This device's anonymous id, created and stored on first use.
    public func deviceID() throws(KilroyStoreError) -> String {
        try DeviceIdentity.loadOrCreate(in: directory)
    }

    /// A client for the server at `baseURL`, identified by this device's id.
    public func cloudClient(baseURL: URL, transport: (any ClientTransport)? = nil) throws(KilroyStoreError) -> KilroyCloudClient {
        KilroyCloudClient(baseURL: baseURL, deviceID: try deviceID(), transport: transport)
    }

    /// "Near me" over this store and, if given, a cloud.
    public func nearbyService(cloud: (any KilroyCloudService)? = nil) -> NearbyService {
        NearbyService(store: store, cloud: cloud)
    }
}
