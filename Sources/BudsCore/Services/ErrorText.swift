import Foundation

/// The words for an error caught inside the journal and passed on in a message of its own
/// (`The archive was rejected …: <reason>`).
///
/// `localizedDescription` is not enough: for a `DecodingError` (a manifest or receipt whose
/// CBOR does not fit its type) Foundation on Linux says only "The data is missing." or "The
/// data couldn't be read because it isn't in the correct format.", without saying which field.
enum ErrorText {
    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError { return describe(decoding) }
        if let localized = error as? any LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: error)
    }

    /// `the field "rating" is missing at receipts.0`, `expected a number at payload.rating (…)`.
    static func describe(_ error: DecodingError) -> String {
        let (context, what): (DecodingError.Context?, String) =
            switch error {
            case .typeMismatch(let type, let context): (context, "a value is not of the expected type (\(type))")
            case .valueNotFound(let type, let context): (context, "a value (\(type)) is missing")
            case .keyNotFound(let key, let context): (context, "the field \"\(key.stringValue)\" is missing")
            case .dataCorrupted(let context): (context, "the data is not valid")
            @unknown default: (nil, "the data is not valid")
            }
        guard let context else { return what }
        var text = what
        if !context.codingPath.isEmpty {
            text += " at " + context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        if !context.debugDescription.isEmpty { text += " (\(context.debugDescription))" }
        return text
    }
}
