public import Foundation
public import ServerKit

/// Where the Buds relay keeps what it routes: sign-in state, accounts and their devices, link
/// channels, circles (their owner-signed rosters and invitations) and each device's queue of
/// sealed envelopes. It holds public keys, signatures and ciphertext only; phone numbers appear
/// as keyed digests, credentials as SHA-256 digests, link tokens as digests.
///
/// A protocol so that the embedded SQLite store (``SQLiteRelayStore``) and the PostgreSQL one
/// (`PostgresRelayStore`) serve the same handlers; one contract suite runs against both. Every
/// method is one transaction: it does all it says or nothing, and every decision that must hold
/// across several relay processes (a single-use token, a roster's version, an envelope id, a
/// queue's cap, a rate limit) is made inside it, under the database's locks.
///
/// Signatures are checked by the caller before a signed object reaches the store; the store
/// decides only what depends on what it holds (versions, uniqueness, membership, caps).
public protocol BudsRelayStore: Sendable {
    /// The kind of database, for `/health` and logs: `sqlite` or `postgres`.
    var backendName: String { get }

    /// Runs a trivial query, so `/health` can tell that the store answers.
    func checkHealth() async throws

    // MARK: Phone sign-in

    /// Runs `body` over the sign-in rows it names — the session `session` (if any) with its
    /// number's record, and the record of `number` (if any) — locked for the transaction, then
    /// writes back what `body` left: sessions left out are deleted, the others and every number
    /// record upserted. `body` never throws (a wrong code still counts), so its outcome is its
    /// result.
    func updateSignIn<T: Sendable>(session: String?, number: PhoneDigest?, _ body: @Sendable (inout SignInRows) -> T) async throws -> T

    // MARK: Accounts and devices

    /// Registers the device `deviceId` of `list` (verified by the caller) under `credential`.
    ///
    /// With `phone` (a verified sign-in) the account `list.did` is created if new, and the phone
    /// digest moves to it; without, the account must exist. The list replaces the stored one
    /// when its version is higher; the same version with the same bytes is a retry. Devices the
    /// new list leaves out lose their credential and their queue.
    func registerDevice(
        credential: CredentialDigest, deviceId: String, list: DeviceListRecord, phone: PhoneDigest?, at date: Date
    ) async throws -> DeviceRegistrationOutcome

    /// The registered device holding `credential`, if any.
    func device(credential: CredentialDigest) async throws -> RelayDevice?

    /// Replaces `list.did`'s device list by a newer one, sent by `device` (one of that person's).
    /// Devices it leaves out lose their credential and their queue.
    func replaceDeviceList(_ list: DeviceListRecord, by device: RelayDevice) async throws -> DeviceListOutcome

    /// The newest device list of `did`, if any.
    func deviceList(did: String) async throws -> DeviceListRecord?

    /// Where the relay pushes `device`'s wake-ups.
    func setPushToken(_ token: String, for device: RelayDevice) async throws

    /// The push tokens of those of `deviceIds` that registered one.
    func pushTokens(deviceIds: [String]) async throws -> [String]

    // MARK: Link channels

    /// Opens a link channel under `token`'s digest until `expiresAt`.
    func openLink(token: CredentialDigest, expiresAt: Date) async throws

    /// Puts `sealed` into the channel, once, while it is open at `date`.
    func fillLink(token: CredentialDigest, sealed: Data, at date: Date) async throws -> LinkFillOutcome

    /// Takes the channel's content at `date`: the channel closes once its content is taken.
    func takeLink(token: CredentialDigest, at date: Date) async throws -> LinkTakeOutcome

    // MARK: Circles

    /// Stores `roster` (verified by the caller, sent by `device`): version 1 creates the circle,
    /// owned by `roster.ownerDID`; a later version replaces the stored one only if that one is
    /// still `replacing` (compare and set, so two concurrent changes cannot both win) and the
    /// sender is the owner. Join requests of the roster's members are closed.
    func putRoster(_ roster: RosterRecord, replacing: UInt64?, by device: RelayDevice) async throws -> RosterOutcome

    /// The circle's newest roster, if the circle exists.
    func roster(circleId: Data) async throws -> RosterRecord?

    /// Opens a one-time invitation to the circle `circleId`, by its owner, until `expiresAt`.
    func createInvite(inviteId: Data, circleId: Data, by device: RelayDevice, expiresAt: Date) async throws -> InviteOutcome

    /// Uses invitation `inviteId` at `date` for `did`'s signed `request`: it becomes the circle's
    /// pending join request, and the invitation cannot be used again.
    func join(inviteId: Data, did: String, request: Data, at date: Date) async throws -> JoinOutcome

    /// The circle's pending join requests, oldest first.
    func joinRequests(circleId: Data) async throws -> [PendingJoinRecord]

    // MARK: Queues

    /// Queues `envelope` once for every device in `recipients`, in one transaction: refused when
    /// the circle's roster is no longer `rosterVersion`, when `envelope.id` was queued before
    /// (ever, within the retention), or when a recipient's queue holds `maximumQueue` envelopes.
    func enqueue(_ envelope: EnvelopeRecord, recipients: [String], rosterVersion: UInt64, maximumQueue: Int) async throws
        -> EnqueueOutcome

    /// Up to `limit` of `deviceId`'s queued envelopes, oldest first, and how many more wait.
    func inbox(deviceId: String, limit: Int) async throws -> (envelopes: [QueuedEnvelopeRecord], remaining: Int)

    /// Removes the entries `ids` from `deviceId`'s queue (ids of other queues are ignored); an
    /// envelope's bytes go once no queue holds it (its id stays, so it cannot be sent again).
    func acknowledge(deviceId: String, entries ids: [Int64]) async throws

    /// Deletes what expired before `date`: queued envelopes and envelope ids older than the
    /// retention, closed or expired links, invitations and join requests, idle sign-in sessions.
    /// Returns how many queue entries went.
    @discardableResult
    func purge(before date: Date, signInsIdleSince: Date) async throws -> Int

    // MARK: Rate limits

    /// Takes one token from the bucket `key` under `limit` at `date`, or refuses, deciding in one
    /// transaction with the bucket's row locked (so a limit holds across relay processes).
    func takeRateToken(key: String, limit: RateLimit, at date: Date) async throws -> RateDecision
}
