/// The form of a site name the duplicate matcher compares: ``FoldedText`` without a trailing
/// "dive site" ("Shark Reef Dive Site" and "shark reef" are one place; standardisation strips
/// the suffix from the exported name too).
enum NameKey {
    static func key(for name: String) -> [UInt8] {
        var bytes = FoldedText(name).bytes
        for suffix in [" dive site", " divesite", " dive sites"] where bytes.count > suffix.utf8.count {
            if bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) {
                bytes.removeLast(suffix.utf8.count)
                break
            }
        }
        return bytes
    }
}
