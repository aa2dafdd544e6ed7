public import Foundation

/// The part of a vCard that Remember cares about when it imports people from, or exports them to, the phone's contacts.
///
/// Everything else a card may carry (phone numbers, addresses, labels…) is deliberately dropped: Remember is about
/// remembering who someone is, not about being an address book.
public struct VCardContact: Hashable, Sendable {
    /// The display name (`FN`). Never empty on a contact produced by ``VCardReader``: when the card has no usable `FN`,
    /// it is composed from the given and family names.
    public var formattedName: String
    /// The first component of `N`; `nil` when the card leaves it empty.
    public var familyName: String?
    /// The second component of `N`; `nil` when the card leaves it empty.
    public var givenName: String?
    /// The fourth component of `N` ("Dr."); `nil` when the card leaves it empty.
    public var honorificPrefix: String?
    /// The fifth component of `N` ("Jr.", "PhD"); `nil` when the card leaves it empty. A list
    /// ("ing. jr,M.Sc.") is kept as written, commas and all.
    public var honorificSuffix: String?
    /// `NOTE`, possibly spanning several lines (separated by `"\n"`).
    public var note: String?
    /// `CATEGORIES` (groups or labels such as "Friends"), in the order they appear in the card.
    public var categories: [String]
    /// An embedded `PHOTO`. Photos given only as a link are not fetched and so not represented.
    public var photo: VCardPhoto?
    /// `UID`, the identity of the contact across exports; a `urn:uuid:` prefix is removed when reading.
    public var uid: String?
    /// `REV`, when the contact was last changed.
    public var revision: Date?

    public init(
        formattedName: String,
        familyName: String? = nil,
        givenName: String? = nil,
        honorificPrefix: String? = nil,
        honorificSuffix: String? = nil,
        note: String? = nil,
        categories: [String] = [],
        photo: VCardPhoto? = nil,
        uid: String? = nil,
        revision: Date? = nil
    ) {
        self.formattedName = formattedName
        self.familyName = familyName
        self.givenName = givenName
        self.honorificPrefix = honorificPrefix
        self.honorificSuffix = honorificSuffix
        self.note = note
        self.categories = categories
        self.photo = photo
        self.uid = uid
        self.revision = revision
    }
}
