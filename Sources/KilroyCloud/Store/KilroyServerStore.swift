import Foundation
import Geo

/// Where the Kilroy cloud keeps its kilroys, image metadata, reports and per-device drop counts.
///
/// A protocol so that the embedded SQLite store (``SQLiteKilroyStore``) and a PostgreSQL one for
/// scale can serve the same handlers. Every method is one transaction: it either does all it
/// says or nothing. Image bytes are not here but in a `BlobStore`; the caller writes a blob
/// before the row that names it, so a row never points at missing bytes.
public protocol KilroyServerStore: Sendable {
    /// Runs a trivial query, so `/health` can tell that the store answers.
    func checkHealth() async throws

    /// The metadata of the image stored under `id`, if any.
    func image(id: String) async throws -> StoredImageRecord?

    /// Records an uploaded image. Returns `false`, changing nothing, when `image.id` is already
    /// recorded (the same bytes were uploaded before).
    func insertImage(_ image: StoredImageRecord) async throws -> Bool

    /// Stores a new kilroy, recognises a retry of one, or reports why it cannot. A new kilroy
    /// also counts as one drop of its device (see ``dropCount(deviceID:)``).
    func createKilroy(_ kilroy: KilroyRecord) async throws -> KilroyCreation

    /// The kilroy with this id (hidden or not), if any.
    func kilroy(id: String) async throws -> KilroyRecord?

    /// Deletes a kilroy if `deviceID` dropped it, and the metadata of its image if no other
    /// kilroy uses that image.
    func deleteKilroy(id: String, deviceID: String) async throws -> KilroyDeletion

    /// Records that `deviceID` reported the kilroy; it becomes hidden once `hideThreshold`
    /// different devices have.
    func reportKilroy(id: String, deviceID: String, reason: String?, at date: Date, hideThreshold: Int) async throws
        -> KilroyReporting

    /// How many kilroys `deviceID` has dropped, ever (deleting one does not give the count back,
    /// so a reciprocity unlock cannot be farmed by dropping and deleting).
    func dropCount(deviceID: String) async throws -> Int

    /// The kilroys within `radius` metres of `center` (haversine) that `decide` includes,
    /// nearest first (ties by id), at most `limit` of them.
    ///
    /// `decide` sees the kilroys of the circle, hidden ones too, nearest first, each at most
    /// once, until `limit` are included; it is where reciprocity and hiding are applied. The
    /// result counts the kilroys it withheld.
    func nearby(
        center: Coordinate, radius: Double, limit: Int, decide: @Sendable (KilroyCandidate) -> NearbyDecision
    ) async throws -> NearbyResult

    /// Where `deviceID`'s kilroys within `radius` metres of `center` are (for the `local`
    /// reciprocity policy).
    func dropLocations(deviceID: String, center: Coordinate, radius: Double) async throws -> [Coordinate]
}
