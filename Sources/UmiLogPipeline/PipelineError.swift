public import Foundation

/// Why the pipeline could not run or write its output. Bad records never cause these: they
/// are dropped and reported. Each message names the file and what to do.
public enum PipelineError: Error, Equatable, Sendable {
    case inputNotFound(path: String)
    case inputUnreadable(path: String, reason: String)
    /// The output path exists and is not a folder.
    case outputNotAFolder(path: String)
    case outputNotWritable(path: String, reason: String)
    case compressionFailed(file: String, reason: String)
    /// A tile's bounds could not be formed (cannot happen for validated coordinates).
    case invalidTileBounds(region: String, reason: String)
}

extension PipelineError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .inputNotFound(let path):
            "The input file \(path) does not exist: give a JSON Lines file of site, dive and sighting records."
        case .inputUnreadable(let path, let reason):
            "Could not read the input file \(path): \(reason)."
        case .outputNotAFolder(let path):
            "The output \(path) is a file; give a folder (it is created if missing)."
        case .outputNotWritable(let path, let reason):
            "Could not write \(path): \(reason). Check that the output folder is writable and the disk has room."
        case .compressionFailed(let file, let reason):
            "Could not compress \(file): \(reason)."
        case .invalidTileBounds(let region, let reason):
            "Could not compute the bounds of the \(region) tile: \(reason)."
        }
    }
}
