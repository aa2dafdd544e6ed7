import Foundation
import Testing
import TestSupport

/// Guards issue 13's cross-CLI defects as `kilroy` meets them: negative numbers as option values
/// (`--radius` had no special parsing, so a negative one was "Missing value"), and the default
/// store under `$HOME`.
@Suite("kilroy: negative numbers and $HOME")
struct SharedCLIConventionsTests {
    @Test("negative coordinates and a negative radius reach kilroy's own checks")
    func negativeNumbers() throws {
        let kilroy = CLIProcess(program: "kilroy", homeVariable: "KILROY_HOME")
        let near = try kilroy.run(["near", "--lat", "-33.9", "--lon", "-70.6", "--json"])
        #expect(near.status == 0, "\(near.stderr)")
        let radius = try kilroy.run(["near", "--lat", "-33.9", "--lon", "-70.6", "--radius", "-5"])
        #expect(radius.status != 0)
        #expect(!radius.stderr.contains("Missing value"), "\(radius.stderr)")
        #expect(radius.stderr.contains("radius"), "\(radius.stderr)")
    }

    @Test("without --store or $KILROY_HOME the store goes to $HOME/.local/share/kilroy")
    func defaultStoreFollowsHome() throws {
        let kilroy = CLIProcess(program: "kilroy", homeVariable: "KILROY_HOME")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("kilroy-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try kilroy.run(["list"], withStore: false, environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/kilroy").path))
    }
}
