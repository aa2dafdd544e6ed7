public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The home folder the way a shell finds it: `$HOME` when it is set and not empty, else the
/// user's entry in the user database.
///
/// Foundation's `homeDirectoryForCurrentUser` (and, on Linux, `expandingTildeInPath`) read the
/// user database only, so a person or a test that sets `HOME` to keep a run apart would find the
/// command line writing into the real home instead. Every `~` the command lines expand goes
/// through here.
public enum HomeDirectory {
    /// The current home folder, from `environment` (the process's by default).
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir {
            let path = String(cString: directory)
            if !path.isEmpty { return path }
        }
        return NSHomeDirectory()
    }

    /// ``path(environment:)`` as a folder URL.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        URL(fileURLWithPath: path(environment: environment), isDirectory: true)
    }

    /// `path` with a leading `~` (alone or before `/`) replaced by the home folder and `~name`
    /// by that user's home; any other path is returned unchanged (`~name` too when there is no
    /// such user, as a shell does).
    public static func expandingTilde(
        in path: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        guard path.hasPrefix("~") else { return path }
        let afterTilde = path.dropFirst()
        let user = afterTilde.prefix { $0 != "/" }
        let rest = afterTilde.dropFirst(user.count)
        if user.isEmpty { return Self.path(environment: environment) + rest }
        guard let entry = getpwnam(String(user)), let directory = entry.pointee.pw_dir else { return path }
        return String(cString: directory) + rest
    }

    /// A file URL for a path a person typed, with ``expandingTilde(in:environment:)`` applied.
    public static func fileURL(
        _ path: String, isDirectory: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        URL(fileURLWithPath: expandingTilde(in: path, environment: environment), isDirectory: isDirectory)
    }
}
