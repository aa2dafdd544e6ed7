import Foundation
import TestSupport
import Testing

/// Guards issue 13's cross-CLI defects as `kilroy` meets them: negative numbers as option values
/// (`--radius` had no special parsing, so a negative one was "Missing value"), and the default
/// store under `$HOME`, and folders that stay private under `umask 000`.
@Suite("kilroy: negative numbers, $HOME and private folders")
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
        let home = ScratchFolder.url("kilroy-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try kilroy.run(["list"], withStore: false, environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/kilroy").path))
    }

    @Test("under umask 000 the store, its photo folder and the credential are private")
    func foldersArePrivateWhateverTheUmask() throws {
        let kilroy = CLIProcess(program: "kilroy", homeVariable: "KILROY_HOME")
        defer { try? FileManager.default.removeItem(at: kilroy.store) }
        let photo = try kilroy.file("photo.png", TestPhotos.png)
        let result = try kilroy.run(["drop", "--lat", "-33.9", "--lon", "-70.6", "--image", photo], umask: 0)
        #expect(result.status == 0, "\(result.stderr)")
        func mode(_ relative: String) -> Int? {
            let path = relative.isEmpty ? kilroy.store.path : kilroy.store.appendingPathComponent(relative).path
            return (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
        }
        #expect(mode("") == 0o700)
        #expect(mode("MemoryImages") == 0o700)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: kilroy.store.path)) ?? []
        if entries.contains("device-token") { #expect(mode("device-token") == 0o600) }
    }

    @Test("a ~ in a file argument is $HOME, not the user entry's home")
    func tildeFollowsHome() throws {
        let kilroy = CLIProcess(program: "kilroy", homeVariable: "KILROY_HOME")
        let home = ScratchFolder.url("kilroy-home")
        defer {
            try? FileManager.default.removeItem(at: home)
            try? FileManager.default.removeItem(at: kilroy.store)
        }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let gpx = #"<gpx version="1.1"><trk><trkseg><trkpt lat="-33.9" lon="-70.6"/></trkseg></trk></gpx>"#
        try Data(gpx.utf8).write(to: home.appendingPathComponent("walk.gpx"))
        let result = try kilroy.run(["walk", "~/walk.gpx"], environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("1 point"), "\(result.text)")
    }
}
