/// The roster rules both stores apply to what they read under their lock, so they answer alike.
package enum RosterDecision {
    /// What storing `roster` in place of version `replacing` (`nil`: creating the circle), sent by
    /// `device`, comes to, given the circle's stored owner and version (`nil`: no such circle).
    ///
    /// Creating needs version 1 and the sender to be the roster's owner (`forbidden`); a circle
    /// already there is `conflict` under another owner, `stale` under the same one (a replay).
    /// Replacing needs the stored version to still be `replacing` and the roster to be newer than
    /// it (`stale` otherwise, so a version never goes back), the sender to be the stored owner
    /// (`forbidden`, also when there is no such circle) and the roster to keep that owner
    /// (`conflict`).
    package static func decide(
        _ roster: RosterRecord, replacing: UInt64?, by device: RelayDevice, stored: (owner: String, version: UInt64)?
    ) -> RosterOutcome {
        guard let replacing else {
            guard roster.version == 1, device.did == roster.ownerDID else { return .forbidden }
            guard let stored else { return .stored }
            return stored.owner == roster.ownerDID ? .stale(storedVersion: stored.version) : .conflict
        }
        guard let stored else { return .forbidden }
        guard stored.version == replacing, roster.version > stored.version else { return .stale(storedVersion: stored.version) }
        guard device.did == stored.owner else { return .forbidden }
        guard roster.ownerDID == stored.owner else { return .conflict }
        return .stored
    }

    /// The roster's member DIDs in its order, each once (a member table row per DID).
    package static func members(of roster: RosterRecord) -> [String] {
        var seen: Set<String> = []
        return roster.memberDIDs.filter { seen.insert($0).inserted }
    }
}
