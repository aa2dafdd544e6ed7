import Foundation

/// Where an app's command line keeps its store (DESIGN.md, "CLI conventions"): `--store DIR`,
/// else `$<APP>_HOME`, else `~/.local/share/<app>`. A leading `~` is expanded in both.
public enum StoreDirectory {
    public static func resolve(option: String?, environmentVariable: String, appName: String) -> URL {
        if let option { return expanded(option) }
        if let home = ProcessInfo.processInfo.environment[environmentVariable], !home.isEmpty {
            return expanded(home)
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".local/share/\(appName)", isDirectory: true)
    }

    private static func expanded(_ path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath, isDirectory: true)
    }
}
