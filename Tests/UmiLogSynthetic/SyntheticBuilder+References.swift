import TestSupport

/// Dives and sightings, each with a known fate: kept (and which site it must resolve to) or
/// dropped (and why).
extension SyntheticBuilder {
    mutating func addDive() {
        serial += 1
        let id = "dive-\(serial)"
        let roll = random.uniform(0, 1)
        let extras = random.chance(0.3) ? ",\"buddy\":{\"name\":\"Sam\",\"certs\":[\"AOW\",1]}" : ""
        func line(_ siteID: String) -> String {
            "{\"kind\":\"dive\",\"id\":\"\(id)\",\"site_id\":\"\(siteID)\",\"date\":\"2025-10-18T09:00:00Z\",\"max_depth_m\":18.5\(extras)}"
        }
        if roll < 0.01 {
            append("{\"kind\":\"dive\",\"id\":\"\(id)\",\"date\":\"2025-10-18\"}", .invalid("missing-site_id"))
        } else if roll < 0.02, let original = keptDiveEntries.randomElement(using: &random),
            copied.insert(original.entry).inserted
        {
            append(texts[original.entry], .diveCopy(of: original.entry))
        } else if roll < 0.06 {
            droppedDiveIDs.append(id)
            append(line("osm:node/\(9_000_000_000 + serial)"), .dive(id: id, kept: nil, dropped: "unknown-site"))
        } else if roll < 0.08, let target = invalidTargets.randomElement(using: &random) {
            droppedDiveIDs.append(id)
            append(line(target), .dive(id: id, kept: nil, dropped: "unknown-site"))
        } else if roll < 0.11, let target = nonDiveTargets.randomElement(using: &random) {
            droppedDiveIDs.append(id)
            append(line(target), .dive(id: id, kept: nil, dropped: "site-not-a-dive-site"))
        } else if roll < 0.14, let target = restrictedTargets.randomElement(using: &random) {
            droppedDiveIDs.append(id)
            append(line(target), .dive(id: id, kept: nil, dropped: "site-restricted"))
        } else if let target = exportedTargets.randomElement(using: &random) {
            let entry = append(line(target.sourceID), .dive(id: id, kept: target.representative, dropped: nil))
            keptDiveEntries.append((entry, id))
        } else {
            droppedDiveIDs.append(id)
            append(line("osm:node/\(9_000_000_000 + serial)"), .dive(id: id, kept: nil, dropped: "unknown-site"))
        }
    }

    mutating func addSighting() {
        serial += 1
        let id = "sighting-\(serial)"
        let species = random.pick(["Chelonia mydas", "Mobula alfredi", "Rhincodon typus", "Carcharhinus amblyrhynchos"])
        func line(_ diveID: String) -> String {
            "{\"kind\":\"sighting\",\"id\":\"\(id)\",\"dive_id\":\"\(diveID)\",\"species\":\"\(species)\",\"count\":\(1 + random.next() % 5)}"
        }
        let roll = random.uniform(0, 1)
        if roll < 0.02 {
            append("{\"kind\":\"sighting\",\"id\":\"\(id)\",\"dive_id\":\"dive-1\"}", .invalid("missing-species"))
        } else if roll < 0.05, let original = keptSightingEntries.randomElement(using: &random),
            copied.insert(original).inserted
        {
            append(texts[original], .sightingCopy(of: original))
        } else if roll < 0.09 {
            append(line("dive-missing-\(serial)"), .sighting(kept: false, dropped: "unknown-dive"))
        } else if roll < 0.13, let dive = droppedDiveIDs.randomElement(using: &random) {
            append(line(dive), .sighting(kept: false, dropped: "dive-dropped"))
        } else if let dive = keptDiveEntries.randomElement(using: &random) {
            keptSightingEntries.append(append(line(dive.id), .sighting(kept: true, dropped: nil)))
        } else {
            append(line("dive-missing-\(serial)"), .sighting(kept: false, dropped: "unknown-dive"))
        }
    }
}
