/// Why a stage dropped (or flagged) a record. `code` is the stable key in `report.json`;
/// `explanation` is the sentence a person reads.
protocol DropReason: Hashable, Sendable {
    var code: String { get }
    var explanation: String { get }
}
