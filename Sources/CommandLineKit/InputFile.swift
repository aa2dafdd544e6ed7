public import Foundation

/// Reads a file a person named on the command line (an archive to import, a photo to attach),
/// with messages that name the option and the file and say what is wrong, instead of
/// Foundation's ("The operation could not be completed. (NSCocoaErrorDomain error 256.)" for a
/// folder, on Linux).
public enum InputFile {
    /// Why a named file could not be read.
    public enum Failure: LocalizedError, Equatable, Sendable {
        case missing(field: String, path: String)
        case isFolder(field: String, path: String)
        case notReadable(field: String, path: String, reason: String)
        case tooLarge(field: String, path: String, limit: Int)

        public var errorDescription: String? {
            switch self {
            case .missing(let field, let path): "\(field): \(path) does not exist."
            case .isFolder(let field, let path): "\(field): \(path) is a folder, not a file."
            case .notReadable(let field, let path, let reason): "\(field): cannot read \(path): \(reason)."
            case .tooLarge(let field, let path, let limit):
                "\(field): \(path) is larger than \(InputFile.describeSize(limit)), the most it may be."
            }
        }
    }

    /// The bytes of the file at `path` (a leading `~` is expanded, see ``HomeDirectory``).
    ///
    /// - Parameters:
    ///   - field: the option or argument the path came from (`image`, `file`), which every
    ///     message starts with.
    ///   - maximumBytes: a larger file is refused before it is read, so a huge file named by
    ///     mistake costs nothing.
    public static func read(_ path: String, field: String, maximumBytes: Int? = nil) throws(Failure) -> Data {
        let url = HomeDirectory.fileURL(path)
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            guard FileManager.default.fileExists(atPath: url.path) else { throw .missing(field: field, path: path) }
            throw .notReadable(field: field, path: path, reason: reason(error))
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw .isFolder(field: field, path: path)
        }
        if let maximumBytes, let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumBytes {
            throw .tooLarge(field: field, path: path, limit: maximumBytes)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .notReadable(field: field, path: path, reason: reason(error))
        }
        // A file that grew between the check and the read (or a device) is measured again.
        if let maximumBytes, data.count > maximumBytes {
            throw .tooLarge(field: field, path: path, limit: maximumBytes)
        }
        return data
    }

    /// `15 MiB`, `512 KiB`, `100 bytes`: limits are set in binary units, and said exactly.
    public static func describeSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// The system's reason inside a Foundation file error ("permission denied"), for the middle
    /// of a sentence.
    private static func reason(_ error: any Error) -> String {
        let bridged = error as NSError
        if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return FoundationErrorText.systemReason(Int32(truncatingIfNeeded: underlying.code))
        }
        if bridged.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: bridged.code) {
            case .fileReadNoPermission: return "permission denied"
            case .fileReadNoSuchFile, .fileNoSuchFile: return "it does not exist"
            default: break
            }
        }
        if bridged.domain == NSPOSIXErrorDomain { return FoundationErrorText.systemReason(Int32(truncatingIfNeeded: bridged.code)) }
        let text = TerminalOutput.reason(for: error)
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
