public import CloudWire
public import Foundation
import KilroyAPI
public import OpenAPIRuntime

/// Everything one Kilroy store folder provides, wired once: the memory store, the upload
/// queue, the services over them, and (on demand) the cloud client with this device's credential.
///
/// The app creates one at launch; the CLI one per command. Nothing here touches the network
/// until a cloud client is used.
public struct KilroyServices: Sendable {
    /// The store folder.
    public let directory: URL
    public let store: MemoryStore
    public let queue: UploadQueue
    public let memories: MemoryService
    /// The clock every service uses.
    public let now: @Sendable () -> Date
    /// What opening the store cleaned up after an interrupted drop (see ``StoreRecovery``).
    public let recovery: StoreRecovery.Report

    /// Opens (creating if needed) the store in `directory`, first removing what an interrupted
    /// drop left behind (``StoreRecovery``).
    public init(
        directory: URL, retryPolicy: RetryPolicy = RetryPolicy(), now: @escaping @Sendable () -> Date = Date.init
    ) throws(KilroyStoreError) {
        self.directory = directory
        self.now = now
        recovery = try StoreRecovery.run(directory: directory, now: now)
        store = try MemoryStore(directory: directory, now: now)
        queue = UploadQueue(store: store, policy: retryPolicy, now: now)
        memories = MemoryService(store: store, queue: queue, now: now)
    }

    /// This device's credential, created and stored on first use. Send it only to the cloud.
    public func credential() throws(KilroyStoreError) -> DeviceToken {
        try DeviceCredential.loadOrCreate(in: directory)
    }

    /// A client for the server at `baseURL`, authenticated with this device's credential.
    public func cloudClient(baseURL: URL, transport: (any ClientTransport)? = nil) throws(KilroyStoreError) -> KilroyCloudHTTPClient {
        KilroyCloudHTTPClient(baseURL: baseURL, credential: try credential(), transport: transport)
    }

    /// What became of the old device id of a store from before credentials.
    public enum LegacyClaim: Hashable, Sendable {
        /// The store has no old id (new, or already settled).
        case none
        /// The cloud moved `kilroyCount` kilroys to this device's credential; the old id is gone.
        case claimed(kilroyCount: Int)
        /// The cloud never saw the old id; it is gone.
        case nothingToClaim
        /// Another device claimed the old id first (it was visible to every viewer before); its
        /// kilroys stay with that device. The old id is gone.
        case claimedByAnother
        /// The cloud could not settle it now (unreachable, failing); the old id is kept and the
        /// claim is tried again next time.
        case deferred(KilroyCloudError)
    }

    /// If this store still has the id it used before credentials, asks `cloud` to move that
    /// id's kilroys to this device's credential. Call it before other cloud calls, so deletes of
    /// old kilroys are made as their owner. Every answer that settles the claim removes the old
    /// id; a transient failure keeps it for the next call.
    ///
    /// - Throws: Only store errors (an unreadable `device-id`); cloud failures are returned.
    public func claimLegacyDrops(using cloud: any KilroyCloudClient) async throws(KilroyStoreError) -> LegacyClaim {
        guard let legacyID = try DeviceCredential.legacyDeviceID(in: directory) else { return .none }
        let outcome: LegacyClaim
        do {
            outcome = .claimed(kilroyCount: try await cloud.claimLegacyDevice(legacyID))
        } catch {
            switch error {
            case .notFound: outcome = .nothingToClaim
            case .conflict: outcome = .claimedByAnother
            default: return .deferred(error)
            }
        }
        try DeviceCredential.forgetLegacyDeviceID(in: directory)
        return outcome
    }

    /// "Near me" over this store and, if given, a cloud.
    public func nearbyService(cloud: (any KilroyCloudClient)? = nil) -> NearbyService {
        NearbyService(store: store, cloud: cloud)
    }
}
