public import Foundation

/// The repository's test fixtures, `Tests/Fixtures/`: dive logs, reference vectors.
///
/// The folder is found from this source file's own path (`#filePath`), so any clone finds its
/// fixtures wherever it was checked out, and no folder outside the repository is consulted:
/// a fresh clone (or CI) needs nothing but the repository.
public enum Fixtures {
    /// Why a fixture could not be read; the message names the file and where it was looked for.
    public enum Failure: LocalizedError, Equatable, Sendable {
        /// The file is not in `Tests/Fixtures` (or cannot be read).
        case unreadable(path: String, reason: String)
        /// A vector file is there but does not have the expected shape or content.
        case malformed(file: String, reason: String)

        public var errorDescription: String? {
            switch self {
            case .unreadable(let path, let reason):
                "The test fixture \(path) could not be read (\(reason)); it belongs in the repository under Tests/Fixtures."
            case .malformed(let file, let reason):
                "The test fixture \(file) is not as the suites expect: \(reason)."
            }
        }
    }

    /// `<repository>/Tests/Fixtures`.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/TestSupport
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The file at `path` relative to `Tests/Fixtures`, e.g. `divelogs/test42.xml`.
    public static func url(_ path: String) -> URL {
        directory.appendingPathComponent(path)
    }

    /// The bytes of the file at `path` relative to `Tests/Fixtures`.
    public static func data(_ path: String) throws(Failure) -> Data {
        do {
            return try Data(contentsOf: url(path))
        } catch {
            throw .unreadable(path: url(path).path, reason: error.localizedDescription)
        }
    }

    /// ``data(_:)`` as an array, the form the readers take.
    public static func bytes(_ path: String) throws(Failure) -> [UInt8] {
        Array(try data(path))
    }
}
