import CommandLineKit
import Foundation
import RememberCore
import Storage

/// Files the commands write for the user (`sketch --out`, `export`): replaced atomically, so
/// an existing file is never left half-written.
enum OutputFile {
    /// Writes `text` as UTF-8 to `path` (a leading `~` is expanded) and returns where.
    static func write(_ text: String, to path: String) throws -> URL {
        let url = HomeDirectory.fileURL(path)
        do {
            try AtomicFile.write(Data(text.utf8), to: url)
        } catch {
            throw RememberError.fileWriteFailed(path: url.path)
        }
        return url
    }
}
