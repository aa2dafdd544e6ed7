public import Foundation
public import Geo
public import ServerKit

/// Where the Kilroy cloud keeps its kilroys, image metadata, reports, per-device drop counts and
/// upload quotas. Devices appear only as ``DeviceDigest``s.
///
/// A protocol so that the embedded SQLite store (``SQLiteKilroyStore``) and a PostgreSQL one for
/// scale can serve the same handlers. Every method is one transaction: it either does all it
/// says or nothing. Image bytes are not here but in a `BlobStore`; the caller writes a blob
/// before the row that names it, so a row never points at missing bytes.
public protocol KilroyServerStore: Sendable {
    /// The kind of database, for `/health` and logs: `sqlite` or `postgres`.
    var backendName: String { get }

    /// Runs a trivial query, so `/health` can tell that the store answers.
    func checkHealth() async throws

    /// Work the store does on a schedule rather than in a request's time: `app-server` calls it
    /// every 10 minutes in each of its processes, so it must be harmless when several run it.
    /// The PostgreSQL store prunes the change log its near caches learn from; the SQLite store
    /// has nothing to do (a trigger bounds its log as it is written).
    func performMaintenance() async throws

    // MARK: Images

    /// The metadata of the image stored under `id`, if any.
    func image(id: String) async throws -> StoredImageRecord?

    /// Records an uploaded image. When `image.id` is already recorded (the same bytes were
    /// uploaded before) it returns `false` and only moves the start of the image's grace period
    /// to `image.uploadedAt` if that is later, so bytes uploaded again for a new kilroy are not
    /// collected as an orphan before the kilroy is created.
    func insertImage(_ image: StoredImageRecord) async throws -> Bool

    /// Counts an upload of `byteCount` new bytes by `owner` against `quota`, or refuses it,
    /// deciding in one transaction so the quota holds across several server processes.
    func reserveUpload(owner: DeviceDigest, byteCount: Int, at date: Date, quota: UploadQuota) async throws
        -> UploadReservation

    /// Up to `limit` ids of images no kilroy uses that were uploaded before `date`.
    func orphanedImages(uploadedBefore date: Date, limit: Int) async throws -> [String]

    /// Deletes the metadata of image `id` if no kilroy uses it and it was uploaded before
    /// `date`; returns whether it did (then the caller removes the blob).
    func deleteOrphanedImage(id: String, uploadedBefore date: Date) async throws -> Bool

    // MARK: Kilroys

    /// Stores a new kilroy, recognises a retry of one, or reports why it cannot. A new kilroy
    /// also counts as one drop of its owner (see ``dropCount(owner:)``).
    func createKilroy(_ kilroy: KilroyRecord) async throws -> KilroyCreation

    /// The kilroy with this id (hidden or not, whoever may see it), if any.
    func kilroy(id: String) async throws -> KilroyRecord?

    /// Deletes a kilroy if `owner` dropped it, and the metadata of its image if no other kilroy
    /// uses that image.
    func deleteKilroy(id: String, owner: DeviceDigest) async throws -> KilroyDeletion

    /// Records that `reporter` reported the kilroy; it becomes hidden once `hideThreshold`
    /// different devices have. The report counts only if, in the same transaction, the reporter
    /// may see the kilroy under `policy` (``KilroyVisibility``) and has dropped a kilroy itself.
    func reportKilroy(
        id: String, reporter: DeviceDigest, reason: String?, at date: Date, hideThreshold: Int, policy: ReciprocityPolicy
    ) async throws -> KilroyReporting

    /// How many kilroys `owner` has dropped, ever (deleting one does not give the count back,
    /// so a reciprocity unlock cannot be farmed by dropping and deleting).
    func dropCount(owner: DeviceDigest) async throws -> Int

    /// What `viewer` may see under `policy` within `radius` metres of `center`: its drop count
    /// and, for the `local` policy, its own drops that can unlock anything in that circle.
    func visibility(for viewer: DeviceDigest, policy: ReciprocityPolicy, around center: Coordinate, radius: Double)
        async throws -> KilroyVisibility

    /// The kilroys within `radius` metres of `center` (haversine) that `decide` includes,
    /// nearest first (ties by id), at most `limit` of them.
    ///
    /// `decide` sees the kilroys of the circle, hidden ones too, nearest first, each at most
    /// once, until `limit` are included; it is where reciprocity and hiding are applied. The
    /// result counts the kilroys it withheld.
    func nearby(
        center: Coordinate, radius: Double, limit: Int, decide: @Sendable (KilroyCandidate) -> NearbyDecision
    ) async throws -> NearbyQueryResult

    /// What a near request asks in one call: `viewer`'s ``visibility(for:policy:around:radius:)``
    /// and the ``nearby(center:radius:limit:decide:)`` that its decision filters. A store may
    /// answer both from one snapshot, in one transaction instead of two (the SQLite store does);
    /// the default asks the two in turn.
    func nearby(viewer: DeviceDigest, policy: ReciprocityPolicy, center: Coordinate, radius: Double, limit: Int)
        async throws -> (result: NearbyQueryResult, visibility: KilroyVisibility)

    /// Where `owner`'s kilroys within `radius` metres of `center` are (for the `local`
    /// reciprocity policy).
    func dropLocations(owner: DeviceDigest, center: Coordinate, radius: Double) async throws -> [Coordinate]

    // MARK: Image leases

    /// Takes the lease on image `id` for `holder` until `expiry`, unless another holder's lease
    /// has not expired at `date`; returns whether `holder` holds it now (taking it again renews
    /// it). Whoever holds the lease may write or remove the image's blob and row, so an upload
    /// and a deletion of the same bytes never interleave, across any number of server processes.
    func acquireImageLease(id: String, holder: String, at date: Date, until expiry: Date) async throws -> Bool

    /// Gives the lease on image `id` back if `holder` still holds it.
    func releaseImageLease(id: String, holder: String) async throws

    // MARK: Rate limits

    /// Takes one token from `owner`'s bucket for `action` (``TokenBucket`` under `limit`), or
    /// refuses, deciding in one transaction with the bucket's row locked, so a device's limit
    /// holds however many server processes it talks to.
    func takeRateToken(owner: DeviceDigest, action: RateLimitedAction, limit: RateLimit, at date: Date) async throws
        -> RateDecision

    // MARK: Devices

    /// Moves everything stored under a legacy device id (kilroys, drop count, uploads, reports)
    /// to the credential `claimant`, once: the first claim wins, a repeat by the same claimant
    /// changes nothing.
    func claimLegacyDevice(legacy: DeviceDigest, by claimant: DeviceDigest, at date: Date) async throws
        -> LegacyClaimOutcome
}

extension KilroyServerStore {
    public func nearby(viewer: DeviceDigest, policy: ReciprocityPolicy, center: Coordinate, radius: Double, limit: Int)
        async throws -> (result: NearbyQueryResult, visibility: KilroyVisibility)
    {
        let visibility = try await visibility(for: viewer, policy: policy, around: center, radius: radius)
        let result = try await nearby(center: center, radius: radius, limit: limit, decide: visibility.decide)
        return (result, visibility)
    }
}
