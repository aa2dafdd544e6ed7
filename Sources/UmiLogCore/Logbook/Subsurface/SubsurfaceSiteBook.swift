import Geo
import XMLKit

/// The dive sites of a Subsurface file being read: the `<site>`s of `<divesites>` (version 3),
/// plus those a version-2 file names only inside its dives (`<location gps='…'>name</location>`
/// or a `gps` attribute on the dive), which become sites of their own, one per name and GPS.
struct SubsurfaceSiteBook {
    /// Subsurface's taxonomy category for the country (`<geo cat='2' …>`).
    static let countryCategory = "2"

    private(set) var sites: [LogbookSite] = []
    private var keys: Set<String> = []
    private var inlineKeys: [String: String] = [:]

    /// Reads every `<site>` under `<divesites>`; a site whose uuid repeats an earlier one is skipped.
    init(divelog: XMLTree, issues: inout [LogbookIssue]) {
        for element in divelog.children("divesites").flatMap({ $0.children("site") }) {
            let name = element.attribute("name") ?? ""
            let record = "site \(name.isEmpty ? "at line \(element.line)" : name)"
            var reader = SubsurfaceAttributeReader(element: element, record: record)
            defer { issues += reader.issues }
            let uuid = element.attribute("uuid").map { SubsurfaceSiteID.canonical($0) ?? SubsurfaceValue.trimmed($0) }
            let key =
                uuid.flatMap { $0.isEmpty ? nil : $0 }
                ?? SubsurfaceSiteID.derive(from: "\(name)|line \(element.line)", avoiding: keys)
            guard !keys.contains(key) else {
                reader.leaveOut("its uuid \(key) repeats an earlier site's")
                continue
            }
            var coordinate: Coordinate?
            if let gps = element.attribute("gps") {
                coordinate = SubsurfaceValue.coordinate(gps)
                if coordinate == nil { reader.drop("unreadable GPS '\(gps)'") }
            }
            let geo = element.children("geo").first { $0.attribute("cat").map { SubsurfaceValue.trimmed($0) } == Self.countryCategory }
            let country = geo?.attribute("value").flatMap { $0.isEmpty ? nil : $0 }
            // Subsurface has both a description and notes; the interchange model has notes only.
            let notes =
                element.child("notes").map(\.text).flatMap { $0.isEmpty ? nil : $0 }
                ?? element.attribute("description").flatMap { $0.isEmpty ? nil : $0 }
            keys.insert(key)
            sites.append(LogbookSite(key: key, name: name, coordinate: coordinate, country: country, notes: notes))
        }
    }

    /// The key of the listed site a dive's `divesiteid` names, `nil` when there is none.
    func key(forReference reference: String) -> String? {
        let key = SubsurfaceSiteID.canonical(reference) ?? SubsurfaceValue.trimmed(reference)
        return keys.contains(key) ? key : nil
    }

    /// The key of the site a version-2 dive names inline, adding the site the first time its
    /// name and position are seen.
    mutating func inlineSite(name: String, coordinate: Coordinate?) -> String {
        let identity = name + "|" + (coordinate.map(SubsurfaceFormat.coordinate) ?? "")
        if let key = inlineKeys[identity] { return key }
        let key = SubsurfaceSiteID.derive(from: identity, avoiding: keys)
        keys.insert(key)
        inlineKeys[identity] = key
        sites.append(LogbookSite(key: key, name: name, coordinate: coordinate))
        return key
    }
}
