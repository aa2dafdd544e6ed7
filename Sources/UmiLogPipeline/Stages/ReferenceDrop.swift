/// Why referential validation (stage 6) dropped a dive.
enum DiveDrop: String, DropReason, CaseIterable {
    /// No site in the input has that source id (or its line was invalid).
    case unknownSite = "unknown-site"
    /// The site was removed by the quality filter as a non-dive place.
    case siteNotDiveSite = "site-not-a-dive-site"
    /// The site is only in restricted sources, so it is not in the open export.
    case siteRestricted = "site-restricted"
    /// An earlier dive has the same id.
    case duplicateID = "duplicate-id"

    var code: String { rawValue }

    var explanation: String {
        switch self {
        case .unknownSite: "The dive's site_id matches no valid site record."
        case .siteNotDiveSite: "The dive's site was removed as a non-dive place."
        case .siteRestricted: "The dive's site has no openly licensed record, so it is not exported."
        case .duplicateID: "An earlier dive has the same id; the first one was kept."
        }
    }
}

/// Why referential validation (stage 6) dropped a sighting.
enum SightingDrop: String, DropReason, CaseIterable {
    /// No dive in the input has that id (or its line was invalid).
    case unknownDive = "unknown-dive"
    /// The dive exists but was dropped by this stage, so the sighting has nothing to hang on.
    case diveDropped = "dive-dropped"
    /// An earlier sighting has the same id.
    case duplicateID = "duplicate-id"

    var code: String { rawValue }

    var explanation: String {
        switch self {
        case .unknownDive: "The sighting's dive_id matches no dive record."
        case .diveDropped: "The sighting's dive was dropped (its site is not exported)."
        case .duplicateID: "An earlier sighting has the same id; the first one was kept."
        }
    }
}
