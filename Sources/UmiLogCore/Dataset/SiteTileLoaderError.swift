public import Foundation

/// Why a dataset folder or one of its tiles could not be read; each case names the file.
public enum SiteTileLoaderError: Error, Equatable, Sendable {
    /// The folder has no `manifest.json`.
    case manifestMissing(path: String)
    /// `manifest.json` could not be read or is not a valid manifest.
    case manifestInvalid(path: String, reason: String)
    /// The manifest was written by a newer (or unknown) version of the pipeline.
    case unsupportedVersion(path: String, version: Int)
    /// A tile named by the manifest could not be read from disk.
    case tileUnreadable(path: String, reason: String)
    /// A tile is damaged or does not match what the manifest says about it.
    case tileCorrupt(path: String, reason: String)
}

extension SiteTileLoaderError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .manifestMissing(let path):
            "No dataset manifest at \(path): give the folder the pipeline wrote (it holds manifest.json and tiles/)."
        case .manifestInvalid(let path, let reason):
            "The dataset manifest \(path) is not valid: \(reason). Run the pipeline again to rewrite it."
        case .unsupportedVersion(let path, let version):
            "The dataset manifest \(path) has version \(version); this app reads version \(SiteTileManifest.currentVersion). Update the app or regenerate the dataset."
        case .tileUnreadable(let path, let reason):
            "Could not read the dataset tile \(path): \(reason)."
        case .tileCorrupt(let path, let reason):
            "The dataset tile \(path) is damaged: \(reason). Run the pipeline again to rewrite the dataset."
        }
    }
}
