public import Foundation

/// Where tests put their scratch folders and files: one parent per test process,
/// `<temporary directory>/swift-tests-<pid>`, removed when the process exits.
///
/// Tests hand their folders to stores, services and child processes that outlive the test's
/// scope, and a test that fails half-way skips its clean-up, so no test can always remove what
/// it made; the process removes the parent instead, and a test run leaves nothing behind in the
/// temporary directory. (A process that crashes keeps its parent.)
public enum ScratchFolder {
    /// A fresh folder URL, `<parent>/<prefix>-<UUID>`; the folder itself is not created.
    public static func url(_ prefix: String) -> URL {
        parent.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    }

    /// A fresh file URL, `<parent>/<prefix>-<UUID>` plus `.pathExtension` when one is given; the
    /// file itself is not created.
    public static func fileURL(_ prefix: String, pathExtension: String? = nil) -> URL {
        let name = "\(prefix)-\(UUID().uuidString)" + (pathExtension.map { ".\($0)" } ?? "")
        return parent.appendingPathComponent(name, isDirectory: false)
    }

    /// This process's parent folder, created on first use, which also arranges its removal at exit.
    private static var parent: URL { scratchParent }
}

/// Initialised once, on first use (Swift initialises globals lazily and thread-safely).
private let scratchParent: URL = {
    let url = scratchParentURL()
    // If this fails, the test that writes under the parent fails with the reason.
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    // `atexit` takes a C function pointer, so the closure captures nothing and recomputes the URL.
    atexit { try? FileManager.default.removeItem(at: scratchParentURL()) }
    return url
}()

private func scratchParentURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("swift-tests-\(getpid())", isDirectory: true)
}
