/// What ``VCardReader`` found in a file: the cards it could read, and why it skipped the others.
///
/// A file with some broken cards is still imported in part, so the person can be told exactly what was left out.
public struct VCardReadResult: Sendable {
    /// The readable cards, in file order.
    public var contacts: [VCardContact]
    /// One entry per skipped card or stray content, in file order.
    public var issues: [VCardIssue]

    public init(contacts: [VCardContact] = [], issues: [VCardIssue] = []) {
        self.contacts = contacts
        self.issues = issues
    }
}
