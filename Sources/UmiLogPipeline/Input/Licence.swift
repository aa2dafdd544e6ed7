import Foundation

/// The licence of a source record, read from the many ways exports spell it ("CC0", "cc0 1.0",
/// "CC BY 4.0", "ODbL", "CC-BY-SA-3.0", "proprietary").
///
/// Only CC0, CC-BY and ODbL records may go into the open export (seed, "Licensing &
/// Attribution"); every other licence, and any text this type cannot read, is restricted.
enum Licence: Hashable, Sendable {
    case cc0
    /// CC-BY with its version ("4.0").
    case ccBy(version: String)
    case odbl
    /// CC-BY-SA with its version: share-alike, so not mixed into the open export.
    case ccBySA(version: String)
    /// Anything else that was named: NC/ND variants, "proprietary", "all rights reserved", …
    case restricted(String)
    /// No recognisable licence at all.
    case unknown(String)

    /// Whether records under this licence may be redistributed in the open export.
    var isOpen: Bool {
        switch self {
        case .cc0, .ccBy, .odbl: true
        case .ccBySA, .restricted, .unknown: false
        }
    }

    /// The SPDX identifier ("CC0-1.0", "CC-BY-4.0", "ODbL-1.0", "CC-BY-SA-3.0"), or the text as
    /// given for a licence SPDX does not name.
    var identifier: String {
        switch self {
        case .cc0: "CC0-1.0"
        case .ccBy(let version): "CC-BY-\(version)"
        case .odbl: "ODbL-1.0"
        case .ccBySA(let version): "CC-BY-SA-\(version)"
        case .restricted(let text): text
        case .unknown(let text): text.isEmpty ? "unknown" : text
        }
    }

    /// How a credit line names the licence ("CC0 1.0", "CC BY 4.0", "ODbL 1.0").
    var displayName: String {
        switch self {
        case .cc0: "CC0 1.0"
        case .ccBy(let version): "CC BY \(version)"
        case .odbl: "ODbL 1.0"
        case .ccBySA(let version): "CC BY-SA \(version)"
        case .restricted(let text): text
        case .unknown(let text): text.isEmpty ? "unknown licence" : text
        }
    }

    /// Reads a licence name: case, spaces, dashes, underscores and dots do not matter, nor a
    /// "licence"/"license" word or a "creative commons" prefix.
    init(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var squashed = trimmed.lowercased().filter { $0.isLetter || $0.isNumber }
        for noise in ["creativecommons", "licence", "license"] {
            squashed = squashed.replacingOccurrences(of: noise, with: "")
        }
        if squashed.hasPrefix("cc") == false, squashed.hasPrefix("by") || squashed.hasPrefix("zero") {
            squashed = "cc" + squashed
        }
        let version = { (rest: Substring) -> String? in
            guard !rest.isEmpty else { return nil }
            guard rest.allSatisfy(\.isNumber), let major = rest.first else { return nil }
            return rest.count == 1 ? "\(major).0" : "\(major).\(rest.dropFirst())"
        }
        switch true {
        case squashed == "cc0" || squashed == "cc010" || squashed == "cczero" || squashed == "cczero10"
            || squashed == "publicdomaindedication":
            self = .cc0
        case squashed.hasPrefix("ccbysa"):
            self = .ccBySA(version: version(squashed.dropFirst(6)) ?? "4.0")
        case squashed.hasPrefix("ccby") && (squashed.count == 4 || version(squashed.dropFirst(4)) != nil):
            self = .ccBy(version: version(squashed.dropFirst(4)) ?? "4.0")
        case squashed == "odbl" || squashed == "odbl10" || squashed == "opendatabase" || squashed == "opendatabase10":
            self = .odbl
        case squashed.isEmpty || squashed == "unknown" || squashed == "none":
            self = .unknown(trimmed)
        default:
            self = .restricted(trimmed)
        }
    }
}
