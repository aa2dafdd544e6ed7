import Foundation
import TestSupport
import Testing

/// Guards issue 13's cross-CLI defects as `buds` meets them: `--lat -33.9` was a usage error,
/// the default store ignored `$HOME`, and under `umask 000` every store folder was 0777.
@Suite("buds: negative numbers, $HOME and private folders")
struct SharedCLIConventionsTests {
    @Test("negative coordinates are accepted without =")
    func negativeCoordinates() throws {
        let buds = BudsProcess()
        let added = try buds.add(["--strain", "South", "--type", "flower", "--rating", "3", "--lat", "-33.9", "--lon", "-70.6"])
        let location = try #require(added["location"] as? [String: Any])
        let latitude = try #require(location["latitude"] as? Double)
        let longitude = try #require(location["longitude"] as? Double)
        // Snapped to the ~500 m grid: within half a cell of what was typed.
        #expect(abs(latitude - -33.9) <= 0.0045 && abs(longitude - -70.6) <= 0.0045)
    }

    @Test("without --store or $BUDS_HOME the journal goes to $HOME/.local/share/buds")
    func defaultStoreFollowsHome() throws {
        let buds = BudsProcess()
        let home = buds.store.appendingPathComponent("home", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: buds.store) }
        let result = try buds.run(["init", "--json"], withStore: false, environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = home.appendingPathComponent(".local/share/buds").path
        #expect((try result.json() as? [String: Any])?["store"] as? String == expected)
        #expect(FileManager.default.fileExists(atPath: expected + "/buds.sqlite"))
    }

    @Test("under umask 000 every folder the journal creates is 0700 and its keys 0600")
    func foldersArePrivateWhateverTheUmask() throws {
        let buds = BudsProcess()
        defer { try? FileManager.default.removeItem(at: buds.store) }
        let store = buds.store.appendingPathComponent("nested/journal", isDirectory: true)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask 000; exec \"$0\" \"$@\"", buds.executable.path, "init", "--store", store.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        func mode(_ relative: String) -> Int? {
            let path = relative.isEmpty ? store.path : store.appendingPathComponent(relative).path
            return (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
        }
        #expect(
            (try? FileManager.default.attributesOfItem(atPath: buds.store.appendingPathComponent("nested").path))?[.posixPermissions] as? Int == 0o700
        )
        for folder in ["", "keys", "blobs"] {
            #expect(mode(folder) == 0o700, "\(folder)")
        }
        for key in ["keys/ed25519_private", "keys/x25519_private"] {
            #expect(mode(key) == 0o600, "\(key)")
        }
    }
}
