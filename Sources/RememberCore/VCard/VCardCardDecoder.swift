import Foundation

/// Turns the content lines between one `BEGIN:VCARD` and its `END:VCARD` into a ``VCardReadCard``, or says which
/// line makes the card unusable.
struct VCardCardDecoder {
    /// The problem that made a card unusable and the physical line it shows at.
    struct Failure: Error {
        let line: Int
        let error: VCardError
    }

    private static let supportedVersions: Set<String> = ["2.1", "3.0", "4.0"]
    private static let uuidURNPrefix = "urn:uuid:"

    let maximumPhotoBytes: Int

    func card(from lines: [VCardLineUnfolder.Line], beginLine: Int) throws(Failure) -> VCardReadCard {
        var properties: [VCardContentLine] = []
        properties.reserveCapacity(lines.count)
        for line in lines {
            guard let property = VCardContentLine(line) else { throw Failure(line: line.number, error: .missingColon) }
            properties.append(property)
        }
        try checkVersion(of: properties, beginLine: beginLine)

        var formattedName: String?
        var nameComponents: [String]?
        var notes: [String] = []
        var categories: [String] = []
        var photo: VCardPhoto?
        var photoLine: Int?
        var identifiers = VCardIdentifiers()
        var uid: String?
        var revision: Date?
        for property in properties {
            switch property.name {
            case "FN" where formattedName == nil:
                let name = text(of: property)
                formattedName = name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : name
            case "N" where nameComponents == nil:
                nameComponents = VCardText.split(textBytes(of: property)[...], on: VCardASCII.semicolon).map(VCardText.unescaped)
            case "NOTE":
                let note = text(of: property)
                if !note.isEmpty { notes.append(note) }
            case "CATEGORIES":
                categories += VCardText.split(textBytes(of: property)[...], on: VCardASCII.comma)
                    .map { VCardText.unescaped($0).trimmingCharacters(in: .whitespacesAndNewlines) }
                    .filter { !$0.isEmpty }
            case "PHOTO" where photo == nil:
                do {
                    photo = try VCardPhotoDecoder.photo(from: property, maximumBytes: maximumPhotoBytes)
                } catch {
                    throw Failure(line: property.lineNumber, error: error)
                }
                if photo != nil { photoLine = property.lineNumber }
            case "EMAIL" where identifiers.email == nil:
                identifiers.email = nonEmpty(text(of: property))
            case "TEL" where identifiers.phone == nil:
                identifiers.phone = nonEmpty(text(of: property))
            case "BDAY" where identifiers.birthday == nil:
                identifiers.birthday = nonEmpty(text(of: property))
            case "ORG" where identifiers.organisation == nil:
                identifiers.organisation = VCardText.split(textBytes(of: property)[...], on: VCardASCII.semicolon).first
                    .flatMap { nonEmpty(VCardText.unescaped($0)) }
            case "UID" where uid == nil:
                uid = Self.uid(fromValue: text(of: property).trimmingCharacters(in: .whitespacesAndNewlines))
            case "REV" where revision == nil:
                revision = VCardTimestamp.date(from: text(of: property))
            default:
                continue
            }
        }

        func component(_ index: Int) -> String? {
            guard let components = nameComponents, index < components.count, !components[index].isEmpty else { return nil }
            return components[index]
        }
        let familyName = component(0)
        let givenName = component(1)
        let prefix = component(3)
        let suffix = component(4)
        let composedName = Self.composedName(given: givenName, family: familyName, suffix: suffix)
        guard let name = formattedName ?? composedName else {
            throw Failure(line: beginLine, error: .missingName)
        }
        let contact = VCardContact(
            formattedName: name,
            familyName: familyName,
            givenName: givenName,
            honorificPrefix: prefix,
            honorificSuffix: suffix,
            note: notes.isEmpty ? nil : notes.joined(separator: "\n"),
            categories: categories,
            photo: photo,
            uid: uid,
            revision: revision
        )
        return VCardReadCard(contact: contact, line: beginLine, photoLine: photoLine, identifiers: identifiers)
    }

    /// The display name a card without `FN` stands for: the given and family names, and a suffix after a comma
    /// ("Robert Smith, Jr."), as a person would type it; a title ("Dr.") is left out. `nil` when the card has
    /// neither a given nor a family name.
    private static func composedName(given: String?, family: String?, suffix: String?) -> String? {
        func trimmed(_ part: String?) -> String? {
            part.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let core = [trimmed(given), trimmed(family)].compactMap { $0 }
        guard !core.isEmpty else { return nil }
        let name = core.joined(separator: " ")
        return trimmed(suffix).map { name + ", " + $0 } ?? name
    }

    private func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    private func checkVersion(of properties: [VCardContentLine], beginLine: Int) throws(Failure) {
        guard let property = properties.first(where: { $0.name == "VERSION" }) else {
            throw Failure(line: beginLine, error: .missingVersion)
        }
        let version = text(of: property).trimmingCharacters(in: .whitespaces)
        guard Self.supportedVersions.contains(version) else {
            throw Failure(line: property.lineNumber, error: .unsupportedVersion(String(version.prefix(20))))
        }
    }

    /// The value with transfer encodings undone (vCard 2.1 quoted-printable), still backslash-escaped.
    private func textBytes(of property: VCardContentLine) -> [UInt8] {
        guard property.hasParameter("ENCODING", value: "QUOTED-PRINTABLE") else { return Array(property.value) }
        return VCardQuotedPrintable.decoded(property.value, charset: property.parameterValues("CHARSET").first)
    }

    private func text(of property: VCardContentLine) -> String {
        VCardText.unescaped(textBytes(of: property)[...])
    }

    /// vCard 4.0 writes UUIDs as `urn:uuid:…`; the bare UUID is what both versions agree on.
    private static func uid(fromValue value: String) -> String? {
        guard !value.isEmpty else { return nil }
        guard value.lowercased().hasPrefix(uuidURNPrefix) else { return value }
        let uuid = String(value.dropFirst(uuidURNPrefix.count))
        return UUID(uuidString: uuid) == nil ? value : uuid
    }
}
