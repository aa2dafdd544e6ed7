/// The reason the quality filter (stage 2) gives for a record: the keyword that marks it as a
/// place people do not dive.
struct NonDivePlace: DropReason {
    var keyword: String

    var code: String { keyword }
    var explanation: String { "Not a dive site: the keyword \"\(keyword)\" marks a non-dive place." }
}
