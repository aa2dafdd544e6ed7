import Foundation

/// The UDDF versions the reader knows: 2.x (Diving Log's older layout), 3.0–3.2.x and the
/// preliminary 3.3, the ones Subsurface's import accepts too.
enum UDDFVersion {
    /// Accepts `version` or throws `unsupportedVersion`. A file without a version attribute
    /// (it is optional in the schema) is read by its layout.
    static func check(_ version: String?) throws(LogbookReadError) {
        guard let version = version?.trimmingCharacters(in: .whitespacesAndNewlines), !version.isEmpty else { return }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        // "3.3.0-preliminary" and the like: only the leading digits of the minor count.
        let minorDigits = parts.count > 1 ? String(parts[1].prefix { $0.isASCII && $0.isNumber }) : nil
        switch (parts.first.flatMap { Int($0) }, minorDigits.map { Int($0) }) {
        case (2?, _), (3?, nil), (3?, .some(0...3)?):
            return
        default:
            throw .unsupportedVersion(format: .uddf, version: String(version.prefix(40)))
        }
    }
}
