import XMLKit

/// The parts of S3's XML error body (`<Error><Code>…</Code><Message>…</Message>…</Error>`) worth
/// reporting. The body is outside input: it is read through XMLKit's bounded parser, and only a
/// short code of safe characters and a trimmed single-line message are kept, so a hostile or
/// broken server cannot flood a log or a terminal.
struct S3ErrorResponse: Equatable {
    var code: String?
    var message: String?

    /// The most of an error body that is read; real ones are a few hundred bytes.
    static let maximumBodySize = 64 * 1024
    static let maximumMessageLength = 300

    /// The code and message of an error body, or `nil`s for anything else (HTML, empty, not XML).
    init(body: [UInt8]) {
        var limits = XMLLimits.default
        limits.maximumBytes = Self.maximumBodySize
        guard let tree = try? XMLReader.parse(body, limits: limits), tree.name == "Error" else { return }
        code = tree.child("Code")?.trimmedText.flatMap(Self.sanitizedCode)
        message = tree.child("Message")?.trimmedText.map(Self.sanitizedMessage)
    }

    /// A code is a word such as `SignatureDoesNotMatch`; anything else is dropped.
    static func sanitizedCode(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard (1...64).contains(scalars.count),
            scalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-") })
        else { return nil }
        return text
    }

    /// One line of printable text, at most ``maximumMessageLength`` characters.
    static func sanitizedMessage(_ text: String) -> String {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        let oneLine = SigV4Signer.trimmedHeaderValue(printable)
        return oneLine.count > maximumMessageLength ? String(oneLine.prefix(maximumMessageLength)) + "…" : oneLine
    }
}
