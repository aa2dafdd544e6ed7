import Foundation

/// A phone number in E.164 form (`+` and 8 to 15 digits, no leading zero), as typed numbers are
/// normalised before anything else sees them. It exists only while a code is being sent: the
/// relay keeps a number only as its keyed ``PhoneDigest``.
public struct PhoneNumber: Hashable, Sendable {
    /// `+14155550100`.
    public let e164: String

    /// The number in `text`, with spaces, dashes, dots and brackets removed.
    ///
    /// - Throws: ``PhoneSignInError/invalidNumber``.
    public init(_ text: String) throws(PhoneSignInError) {
        let kept = text.filter { !" -.()\u{00A0}".contains($0) }
        guard kept.hasPrefix("+") else { throw .invalidNumber }
        let digits = kept.dropFirst()
        guard (8...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0" else {
            throw .invalidNumber
        }
        e164 = kept
    }

    /// The country calling code among `codes` that this number starts with (the longest), if any.
    public func callingCode(in codes: Set<String>) -> String? {
        let digits = e164.dropFirst()
        return (1...3).reversed().lazy.map { String(digits.prefix($0)) }.first { codes.contains($0) }
    }
}
