import Foundation
import Storage

/// How a card is recognised when it is imported again, so importing one file twice adds
/// nobody the second time.
///
/// - A card with a `UID` is known by it, in any form: a UUID bare, as `urn:uuid:…` or in
///   braces, in either case, is one key (`uuid:…`, lower case) and also the person's id, so a
///   person exported from Remember comes back as themselves; any other UID is a key as written
///   (`uid:…`).
/// - A card without one (phones often write none) is known by its name — case, spacing and
///   Unicode normalisation ignored — together with whichever of its first e-mail (case
///   ignored), first phone number (its digits), birthday (its digits) and organisation (case
///   ignored) it has. Two people of one name with nothing else on their cards cannot be told
///   apart and are taken for one. The fields are hashed (SHA-256, as a CID), so the key keeps
///   no e-mail or phone number in the store: Remember is not an address book.
struct ContactImportKey: Hashable, Sendable {
    /// "uuid:…", "uid:…" or "card:" and the hash.
    let value: String
    /// The UID as a UUID, when it is one.
    let personID: UUID?

    init(card: VCardReadCard) {
        if let uid = card.contact.uid?.trimmingCharacters(in: .whitespacesAndNewlines), !uid.isEmpty {
            if let uuid = Self.uuid(fromUID: uid) {
                value = "uuid:" + uuid.uuidString.lowercased()
                personID = uuid
            } else {
                value = "uid:" + uid
                personID = nil
            }
            return
        }
        let identifiers = card.identifiers
        let fields = [
            Self.folded(card.contact.formattedName),
            identifiers.email.map { Self.folded($0.lowercased().hasPrefix("mailto:") ? String($0.dropFirst(7)) : $0) } ?? "",
            identifiers.phone.map(Self.digits) ?? "",
            identifiers.birthday.map(Self.digits) ?? "",
            identifiers.organisation.map(Self.folded) ?? "",
        ]
        // The unit separator cannot occur in folded text, so no two field lists join alike.
        value = "card:" + BlobStore.cid(for: Data(fields.joined(separator: "\u{1F}").utf8))
        personID = nil
    }

    /// `urn:uuid:X`, `{X}` or `X` where X is a UUID in either case.
    private static func uuid(fromUID uid: String) -> UUID? {
        var text = Substring(uid)
        if text.lowercased().hasPrefix("urn:uuid:") { text = text.dropFirst("urn:uuid:".count) }
        if text.hasPrefix("{"), text.hasSuffix("}") { text = text.dropFirst().dropLast() }
        return UUID(uuidString: String(text))
    }

    /// Lower case, precomposed, runs of whitespace as one space, trimmed.
    private static func folded(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func digits(_ text: String) -> String {
        String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
    }
}
