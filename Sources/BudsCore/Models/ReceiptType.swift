/// The receipt types a Buds journal writes. The strings are part of the signed wire format.
public enum ReceiptType: String, CaseIterable, Sendable {
    /// The first receipt of a session's chain.
    case sessionCreated = "app.buds.session.created/v1"
    /// A new version of a session; carries the complete new payload, not a diff.
    case sessionEdited = "app.buds.session.edited/v1"
    /// A tombstone: the chain is deleted. Receipts are never removed, so history stays provable.
    case sessionDeleted = "app.buds.session.deleted/v1"
}
