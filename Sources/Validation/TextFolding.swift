import Foundation

/// Text reduced for comparing names people type: case and accents removed ("Ċirkewwa" and
/// "cirkewwa" match), so a search or an import finds the record whatever keyboard wrote it.
/// Folding uses no locale, so the result is the same on every device; that matters because
/// imported sites take an id derived from their folded name.
public enum TextFolding {
    /// `text` without case or diacritics. With `wordsOnly`, also lower-cased with every run of
    /// characters other than letters and digits made one space and none at the ends, so
    /// punctuation and spacing do not keep two spellings of a name apart ("St. John's  Reef" →
    /// "st john s reef").
    public static func folded(_ text: String, wordsOnly: Bool = false) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        guard wordsOnly else { return folded }
        return folded.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
    }
}
