import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Words for the errors Foundation throws, when they reach a person without a more specific
/// message: file errors (`CocoaError`, with the path from `userInfo` and the system's reason),
/// decoding errors (`DecodingError`, with the key path) and system errors (`POSIXError`).
///
/// Foundation's own texts on Linux say nothing useful ("The operation could not be completed.
/// (NSCocoaErrorDomain error 256.)", "The data is missing.") and never name the file.
package enum FoundationErrorText {
    /// The text for `error`, or nil when it is not one of Foundation's errors.
    package static func describe(_ error: any Error) -> String? {
        if let decoding = error as? DecodingError { return describe(decoding) }
        if let posix = error as? POSIXError { return sentence(systemReason(posix.code.rawValue)) }
        if error is any LocalizedError, !(error is CocoaError) { return nil }
        let bridged = error as NSError
        switch bridged.domain {
        case NSCocoaErrorDomain: return describeCocoa(code: bridged.code, userInfo: bridged.userInfo)
        case NSPOSIXErrorDomain: return sentence(systemReason(Int32(truncatingIfNeeded: bridged.code)))
        default: return nil
        }
    }

    /// `The data is not valid: at items.0.name: Expected to decode String but found a number.`
    package static func describe(_ error: DecodingError) -> String {
        let (context, what): (DecodingError.Context?, String?) =
            switch error {
            case .typeMismatch(let type, let context): (context, "expected \(typeName(type))")
            case .valueNotFound(let type, let context): (context, "a \(typeName(type)) value is missing")
            case .keyNotFound(let key, let context): (context, "the field \"\(key.stringValue)\" is missing")
            case .dataCorrupted(let context): (context, nil)
            @unknown default: (nil, nil)
            }
        var parts = ["The data is not valid"]
        if let context, !context.codingPath.isEmpty { parts.append("at " + keyPath(context.codingPath)) }
        let detail = [what, context.map(\.debugDescription).flatMap { $0.isEmpty ? nil : $0 }]
            .compactMap { $0 }.joined(separator: " — ")
        if !detail.isEmpty { parts.append(detail) }
        return parts.joined(separator: ": ") + (parts.last?.hasSuffix(".") == true ? "" : ".")
    }

    /// `items.0.name`: keys by name, array positions by number.
    static func keyPath(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        default: "\(type)"
        }
    }

    private static func describeCocoa(code: Int, userInfo: [String: Any]) -> String {
        let path =
            (userInfo[NSFilePathErrorKey] as? String)
            ?? (userInfo[NSURLErrorKey] as? URL)?.path
        let file = path ?? "the file"
        let underlying = (userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { error -> String? in
            error.domain == NSPOSIXErrorDomain ? systemReason(Int32(truncatingIfNeeded: error.code)) : nil
        }
        switch CocoaError.Code(rawValue: code) {
        case .fileNoSuchFile, .fileReadNoSuchFile:
            return "\(file) does not exist."
        case .fileReadNoPermission:
            return "Could not read \(file): permission denied."
        case .fileWriteNoPermission:
            return "Could not write \(file): permission denied."
        case .fileReadCorruptFile:
            return "Could not read \(file): its contents are not in the expected format."
        case .fileReadInapplicableStringEncoding:
            return "Could not read \(file): it is not text in the expected encoding (UTF-8)."
        case .fileReadTooLarge:
            return "Could not read \(file): it is too large."
        case .fileWriteFileExists:
            return "Could not write \(file): it already exists."
        case .fileWriteOutOfSpace:
            return "Could not write \(file): the disk is full."
        case .fileWriteVolumeReadOnly:
            return "Could not write \(file): the disk is read-only."
        case .fileWriteInvalidFileName:
            return "Could not write \(file): the name is not valid."
        case .fileLocking:
            return "Could not lock \(file)\(underlying.map { ": " + $0 } ?? "")."
        case .coderReadCorrupt, .coderValueNotFound, .coderInvalidValue:
            return "The data is not valid\(path.map { " in " + $0 } ?? "")."
        default:
            break
        }
        // Foundation numbers its read errors 256–511 and its write errors 512–767.
        if (256..<512).contains(code) {
            return "Could not read \(file)\(underlying.map { ": " + $0 } ?? "")."
        }
        if (512..<768).contains(code) {
            return "Could not write \(file)\(underlying.map { ": " + $0 } ?? "")."
        }
        return "Could not access \(file)\(underlying.map { ": " + $0 } ?? "")."
    }

    /// `text` as a sentence of its own: a capital first letter, a full stop.
    private static func sentence(_ text: String) -> String {
        (text.first.map { $0.uppercased() + text.dropFirst() } ?? text) + "."
    }

    /// The system's text for an `errno` value, lower-cased as the middle of a sentence: "is a
    /// directory", "permission denied".
    static func systemReason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "system error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
