import Foundation

/// Writes contacts as a vCard file that the phone's contacts app can import (Remember's export).
///
/// Output is deterministic: the same contacts always give the same text, with CRLF line endings and lines folded
/// at 75 octets as RFC 2426 and RFC 6350 require.
public struct VCardWriter: Sendable {
    public let version: VCardVersion

    public init(version: VCardVersion) {
        self.version = version
    }

    /// One card per contact, in order. `REV` is written in whole seconds (UTC); empty notes and UIDs, and
    /// categories that are only whitespace, are left out.
    public func write(_ contacts: [VCardContact]) -> String {
        var output = ""
        for contact in contacts {
            for line in contentLines(for: contact) {
                VCardLineFolder.appendFolded(line, to: &output)
            }
        }
        return output
    }

    private func contentLines(for contact: VCardContact) -> [String] {
        var lines = [
            "BEGIN:VCARD",
            "VERSION:" + version.rawValue,
            "PRODID:-//Remember//Remember 1.0//EN",
            "FN:" + VCardText.escaped(contact.formattedName),
            // family;given;additional;prefix;suffix — each part escaped, so a comma in one
            // ("Smith, Jr." never reaches here whole, but "O'Brien; Ó Briain" may) stays text.
            "N:"
                + [contact.familyName, contact.givenName, nil, contact.honorificPrefix, contact.honorificSuffix]
                .map { VCardText.escaped($0 ?? "") }.joined(separator: ";"),
        ]
        if let note = contact.note, !note.isEmpty {
            lines.append("NOTE:" + VCardText.escaped(note))
        }
        let categories = contact.categories.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        if !categories.isEmpty {
            lines.append("CATEGORIES:" + categories.map(VCardText.escaped).joined(separator: ","))
        }
        if let photo = contact.photo, !photo.data.isEmpty {
            lines.append(photoLine(for: photo))
        }
        if let uid = contact.uid, !uid.isEmpty {
            lines.append("UID:" + uidValue(uid))
        }
        if let revision = contact.revision, let timestamp = VCardTimestamp.string(from: revision) {
            lines.append("REV:" + timestamp)
        }
        lines.append("END:VCARD")
        return lines
    }

    private func photoLine(for photo: VCardPhoto) -> String {
        let mediaType = Self.sanitizedMediaType(photo.mediaType)
        let base64 = photo.data.base64EncodedString()
        switch version {
        case .v3:
            let imagePrefix = "image/"
            let type = mediaType.hasPrefix(imagePrefix) ? mediaType.dropFirst(imagePrefix.count).uppercased() : mediaType
            return "PHOTO;ENCODING=b;TYPE=" + type + ":" + base64
        case .v4:
            return "PHOTO:data:" + mediaType + ";base64," + base64
        }
    }

    private func uidValue(_ uid: String) -> String {
        switch version {
        case .v3:
            return VCardText.escaped(uid)
        case .v4:
            return UUID(uuidString: uid) == nil ? VCardText.escaped(uid) : "urn:uuid:" + uid
        }
    }

    /// Keeps only characters allowed in a media type, so a bad value cannot break the line's syntax.
    private static func sanitizedMediaType(_ mediaType: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789!#$&^_.+-/")
        let sanitized = String(mediaType.lowercased().filter { allowed.contains($0) })
        return sanitized.isEmpty ? "application/octet-stream" : sanitized
    }
}
