public import Foundation

/// Why ``Gzip`` could not compress or decompress; the messages say what to check.
public enum GzipError: Error, Equatable, Sendable {
    /// A compression level outside 0…9.
    case invalidLevel(Int32)
    /// The bytes are not gzip (or zlib) data, or they are damaged; `reason` is zlib's message.
    case invalidData(reason: String)
    /// The data ends before the end of the compressed stream.
    case truncated
    /// The decompressed data would exceed `limit` bytes.
    case outputTooLarge(limit: Int)
    /// zlib refused to compress (a zlib status code: out of memory or an internal error).
    case compressionFailed(code: Int32)
    /// zlib refused to set up or continue decompressing (a zlib status code).
    case decompressionFailed(code: Int32)
}

extension GzipError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidLevel(let level):
            "Compression level \(level) is invalid: use 0 (none) to 9 (smallest)."
        case .invalidData(let reason):
            "The data is not valid gzip (\(reason)); the file may be damaged or not compressed."
        case .truncated:
            "The gzip data ends early; the file was cut short (an interrupted download or copy?)."
        case .outputTooLarge(let limit):
            "The gzip data expands to more than \(limit) bytes, the most accepted; it was not decompressed."
        case .compressionFailed(let code):
            "zlib could not compress the data (status \(code)); the machine may be out of memory."
        case .decompressionFailed(let code):
            "zlib could not decompress the data (status \(code)); the machine may be out of memory."
        }
    }
}
