import Foundation
import TestSupport
import Testing

/// Guards issue 13's cross-CLI defects as `remember` meets them: a negative number is the
/// option's to judge (it was "Missing value"), the default store lives under `$HOME`, and its
/// folders stay private under `umask 000`.
@Suite("remember: negative numbers, $HOME and private folders")
struct SharedCLIConventionsTests {
    @Test("a negative --limit gets the limit's own message")
    func negativeLimit() throws {
        let remember = CLIProcess.remember()
        let result = try remember.run(["review", "--limit", "-1"])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
        #expect(result.stderr.contains("limit"), "\(result.stderr)")
    }

    @Test("without --store or $REMEMBER_HOME the store goes to $HOME/.local/share/remember")
    func defaultStoreFollowsHome() throws {
        let remember = CLIProcess.remember()
        let home = ScratchFolder.url("remember-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try remember.run(["list"], withStore: false, environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/remember/remember.sqlite").path))
    }

    @Test("under umask 000 the store and its sketch folder are 0700")
    func foldersArePrivateWhateverTheUmask() throws {
        let remember = CLIProcess.remember()
        defer { try? FileManager.default.removeItem(at: remember.store) }
        let result = try remember.run(["add", "--name", "Maria Gonzalez", "--ramble", "tall, curly hair"], umask: 0)
        #expect(result.status == 0, "\(result.stderr)")
        for folder in [remember.store, remember.store.appendingPathComponent("sketches")] {
            let mode = (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(folder.lastPathComponent)")
        }
    }
}
