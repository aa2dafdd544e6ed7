import DAGCBOR
import Foundation
import TestSupport
import Testing

/// Issue 13: a clone of the repository on its own failed 77 tests, because 17 test files read a
/// reference folder next to the checkout, which exists only beside the team's own. Every fixture now
/// lives in `Tests/Fixtures`; these tests keep it that way. (They sit in the DAG-CBOR suite, the
/// first test target, because its SHA-256 (a CID's digest) checks the dive logs byte for byte.)
@Suite("Regression: the test suite needs nothing outside the repository")
struct FixturesInRepositoryTests {
    /// The repository: the folder that holds `Tests/Fixtures`.
    static let repository = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()

    @Test("the fixtures folder is the repository's own Tests/Fixtures")
    func fixturesInsideRepository() {
        #expect(FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent("Package.swift").path))
        #expect(Fixtures.directory.standardizedFileURL.path == Self.repository.appendingPathComponent("Tests/Fixtures").standardizedFileURL.path)
    }

    @Test("no test source looks for fixtures in a folder beside the repository")
    func noLookupsOutsideRepository() throws {
        // Spelled in pieces so that this file does not find itself.
        let needles = ["SHARED" + "_DIR", "shared" + "/vectors", "shared" + "/divelogs", "../" + "shared"]
        let tests = Self.repository.appendingPathComponent("Tests")
        var scanned = 0
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            scanned += 1
            let text = try String(contentsOf: file, encoding: .utf8)
            for needle in needles where text.contains(needle) {
                offenders.append("\(file.path.dropFirst(tests.path.count + 1)) mentions \(needle)")
            }
        }
        #expect(scanned > 100, "the scan must see the test sources")
        #expect(offenders.isEmpty, "\(offenders)")
    }

    @Test("every dive log SOURCES.md lists is in Tests/Fixtures/divelogs, byte for byte")
    func diveLogsByteForByte() throws {
        let sources = String(decoding: try DiveLogFixtures.bytes("SOURCES.md"), as: UTF8.self)
        // The "Files" table: file | repo path | commit | last commit | bytes | git blob | sha256.
        let files = sources.split(separator: "\n").filter { $0.hasPrefix("| ") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { $0.count == 7 && $0[6].count == 64 }
        #expect(
            files.map { $0[0] }.sorted() == [
                "TestDiveDM5.xml", "TestDiveDivingLog5.08.uddf", "test40-42.xml", "test41.csv", "test42.uddf", "test42.xml",
            ])
        for row in files {
            let bytes = try DiveLogFixtures.bytes(row[0])
            #expect(bytes.count == Int(row[4]), "\(row[0])")
            #expect(CID(codec: .raw, hashing: bytes).digest.hex == row[6], "\(row[0])")
        }
    }

    @Test("the dive logs carry their licence note: GPL-2.0 test data, not part of any product")
    func diveLogLicence() throws {
        let note = String(decoding: try DiveLogFixtures.bytes("LICENSE.md"), as: UTF8.self)
        #expect(note.contains("GPL-2.0") && note.contains("test data only") && note.contains("subsurface/subsurface"))
    }

    @Test("both reference vector files decode, with the sections the suites read")
    func vectorFilesDecode() throws {
        let formats = try VectorFile.formatsAndAlgorithms()
        for heading in ["1.2", "1.4", "1.5", "2. CIDv1", "3. Base58", "5.1", "5.2", "5.3", "5.4", "5.5"] {
            #expect(!formats.rows(under: heading).isEmpty, "\(heading)")
        }
        let flipcash = try VectorFile.flipcash()
        for heading in ["A. CurrencyCode", "B. Amounts", "E. Discrete curve"] {
            #expect(throws: Never.self, "\(heading)") { try flipcash.section(startingWith: heading) }
        }
    }
}
