/// What ``VCardReader`` found in a file: the cards it could read, and why it skipped the others.
///
/// A file with some broken cards is still imported in part, so the person can be told exactly what was left out.
public struct VCardReadResult: Sendable {
    /// The readable cards, in file order, with where each was found.
    public var cards: [VCardReadCard]
    /// One entry per skipped card or stray content, in file order.
    public var issues: [VCardIssue]

    /// The readable cards' contacts, in file order.
    public var contacts: [VCardContact] { cards.map(\.contact) }

    public init(cards: [VCardReadCard] = [], issues: [VCardIssue] = []) {
        self.cards = cards
        self.issues = issues
    }
}

/// One readable card: its contact, the lines it was read from (so an importer can say "line 14:
/// the PHOTO …"), and the fields that tell people apart.
public struct VCardReadCard: Sendable {
    public var contact: VCardContact
    /// The 1-based physical line of its `BEGIN:VCARD`.
    public var line: Int
    /// The 1-based physical line of its embedded `PHOTO`, when it has one.
    public var photoLine: Int?
    /// Fields that tell two people of one name apart, which ``VCardContact`` deliberately does
    /// not carry.
    public var identifiers: VCardIdentifiers

    public init(contact: VCardContact, line: Int, photoLine: Int? = nil, identifiers: VCardIdentifiers = VCardIdentifiers()) {
        self.contact = contact
        self.line = line
        self.photoLine = photoLine
        self.identifiers = identifiers
    }
}

/// The first value of each identifying property of a card, unescaped and trimmed, as written.
///
/// Remember is not an address book and keeps none of these; an importer uses them only to
/// recognise a card without a `UID` that it has imported before.
public struct VCardIdentifiers: Hashable, Sendable {
    /// The first `EMAIL`.
    public var email: String?
    /// The first `TEL`.
    public var phone: String?
    /// `BDAY`.
    public var birthday: String?
    /// The first component of the first `ORG` (the organisation, without its units).
    public var organisation: String?

    public init(email: String? = nil, phone: String? = nil, birthday: String? = nil, organisation: String? = nil) {
        self.email = email
        self.phone = phone
        self.birthday = birthday
        self.organisation = organisation
    }
}
