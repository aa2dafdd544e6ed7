public import Foundation

/// The real dive logs of `Tests/Fixtures/divelogs/` (six Subsurface test files, GPL-2.0 test
/// data: see `LICENSE.md` and `SOURCES.md` there), read in place so the importers are tested on
/// the files themselves.
public enum DiveLogFixtures {
    /// `Tests/Fixtures/divelogs`.
    public static let directory: URL = Fixtures.url("divelogs")

    /// The log called `name`, e.g. `test42.xml`.
    public static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// The bytes of the log called `name`.
    public static func bytes(_ name: String) throws(Fixtures.Failure) -> [UInt8] { try Fixtures.bytes("divelogs/" + name) }
}
