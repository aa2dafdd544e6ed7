import Geo
import XMLKit

/// Reads `divesite/site` elements into log sites. Dive bases (`divesite/divebase`) are dive
/// centres, not places, and are not sites.
enum UDDFSiteReader {
    static func sites(of document: UDDFDocument, log: inout LogbookIssueLog) -> [LogbookSite] {
        document.siteElements.enumerated().map { position, element in
            site(element, position: position, document: document, log: &log)
        }
    }

    private static func site(
        _ element: XMLTree, position: Int, document: UDDFDocument, log: inout LogbookIssueLog
    ) -> LogbookSite {
        let key = document.siteKey(id: element.attribute("id"), position: position)
        let geography = element.child("geography")
        // `name` is compulsory, but some writers only fill in the location.
        let name = element.child("name")?.trimmedText ?? geography?.child("location")?.trimmedText
        var values = UDDFValues(record: "site \(name ?? key)", log: log)
        defer { log = values.log }
        if name == nil {
            values.drop("name", line: element.line, "the site has no name")
        }
        return LogbookSite(
            key: key, name: name ?? "", coordinate: coordinate(geography, values: &values),
            country: geography?.child(path: "address", "country")?.trimmedText,
            notes: UDDFNotes.text(element.child("notes")) ?? UDDFNotes.text(element.child(path: "sitedata", "notes"))
        )
    }

    private static func coordinate(_ geography: XMLTree?, values: inout UDDFValues) -> Coordinate? {
        let latitudeElement = geography?.child("latitude")
        let longitudeElement = geography?.child("longitude")
        let latitude = values.number(UDDFRaw(latitudeElement), "latitude")
        let longitude = values.number(UDDFRaw(longitudeElement), "longitude")
        switch (latitude, longitude) {
        case (nil, nil):
            return nil
        case (let latitude?, let longitude?):
            do {
                return try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                values.drop("position", line: latitudeElement?.line, error.errorDescription ?? "invalid position")
                return nil
            }
        case (_?, nil), (nil, _?):
            let line = (latitudeElement ?? longitudeElement)?.line
            values.drop("position", line: line, "the position has only one coordinate")
            return nil
        }
    }
}
