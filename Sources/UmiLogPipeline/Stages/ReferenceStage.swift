/// Stage 6: keep the dives whose site is exported and the sightings whose dive is kept
/// (seed, "Referential Validation: logs → sites, sightings → logs").
///
/// A dive may name its site by any source id of a merged cluster — that is what the lineage is
/// for — and is written out with the exported site's id instead. The first of several dives or
/// sightings with one id is kept.
struct ReferenceStage {
    struct KeptDive: Sendable {
        var dive: RawDive
        /// The exported site's id.
        var siteID: String
    }

    struct Output: Sendable {
        var dives: [KeptDive] = []
        var droppedDives: [(RawDive, DiveDrop)] = []
        var sightings: [RawSighting] = []
        var droppedSightings: [(RawSighting, SightingDrop)] = []
    }

    /// - Parameters:
    ///   - siteIDsBySourceID: every lineage source id of an exported site → that site's id.
    ///   - removedSourceIDs: the source ids the quality filter removed.
    ///   - restrictedSourceIDs: the lineage of clusters left out for their licence.
    func run(
        dives: [RawDive], sightings: [RawSighting], siteIDsBySourceID: [String: String],
        removedSourceIDs: Set<String>, restrictedSourceIDs: Set<String>
    ) -> Output {
        var output = Output()
        var diveIDs = Set<String>(minimumCapacity: dives.count)
        var keptDiveIDs = Set<String>(minimumCapacity: dives.count)
        for dive in dives {
            guard diveIDs.insert(dive.id).inserted else {
                output.droppedDives.append((dive, .duplicateID))
                continue
            }
            if let siteID = siteIDsBySourceID[dive.siteID] {
                output.dives.append(KeptDive(dive: dive, siteID: siteID))
                keptDiveIDs.insert(dive.id)
            } else if removedSourceIDs.contains(dive.siteID) {
                output.droppedDives.append((dive, .siteNotDiveSite))
            } else if restrictedSourceIDs.contains(dive.siteID) {
                output.droppedDives.append((dive, .siteRestricted))
            } else {
                output.droppedDives.append((dive, .unknownSite))
            }
        }
        var sightingIDs = Set<String>(minimumCapacity: sightings.count)
        for sighting in sightings {
            guard sightingIDs.insert(sighting.id).inserted else {
                output.droppedSightings.append((sighting, .duplicateID))
                continue
            }
            if keptDiveIDs.contains(sighting.diveID) {
                output.sightings.append(sighting)
            } else if diveIDs.contains(sighting.diveID) {
                output.droppedSightings.append((sighting, .diveDropped))
            } else {
                output.droppedSightings.append((sighting, .unknownDive))
            }
        }
        return output
    }
}
