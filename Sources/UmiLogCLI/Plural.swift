/// `1 dive`, `2 dives`, `0 dives`: a count with its noun in the right number, for every message
/// `umilog` prints (English: the plural is the singular with `s` unless given).
func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
