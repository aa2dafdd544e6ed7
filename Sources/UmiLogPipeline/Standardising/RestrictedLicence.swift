/// Why standardisation (stage 4) leaves a cluster out of the open export.
struct RestrictedLicence: DropReason {
    var code: String { "restricted-licence" }
    var explanation: String {
        "No record of the place is CC0, CC-BY or ODbL, so none of its values may be redistributed in the open export."
    }
}
