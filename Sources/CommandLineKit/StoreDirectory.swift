public import Foundation

/// Where an app's command line keeps its store, the same rule for every app so that a person
/// learns it once: `--store DIR`, else `$<APP>_HOME`, else `~/.local/share/<app>` (the XDG data
/// folder's default), the home folder being `$HOME` when set (``HomeDirectory``). A leading `~`
/// is expanded in both.
public enum StoreDirectory {
    public static func resolve(
        option: String?, environmentVariable: String, appName: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let option { return HomeDirectory.fileURL(option, isDirectory: true, environment: environment) }
        if let home = environment[environmentVariable], !home.isEmpty {
            return HomeDirectory.fileURL(home, isDirectory: true, environment: environment)
        }
        return HomeDirectory.url(environment: environment)
            .appendingPathComponent(".local/share/\(appName)", isDirectory: true)
    }
}
