import Foundation
import GRDB
@testable import RememberCore

/// A real store in a fresh temporary folder: a SQLite file through GRDB, real files.
struct TemporaryStore {
    let directory: URL
    let services: RememberServices

    init(scheduler: SchedulerKind? = nil) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("remember-tests-\(UUID().uuidString)", isDirectory: true)
        services = try RememberServices.open(at: directory, scheduler: scheduler)
    }

    /// The store opened again, as the next launch of the app would.
    func reopened(scheduler: SchedulerKind? = nil) throws -> RememberServices {
        try RememberServices.open(at: directory, scheduler: scheduler)
    }

    func fileExists(_ relativePath: String?) -> Bool {
        guard let relativePath else { return false }
        return FileManager.default.fileExists(atPath: directory.appendingPathComponent(relativePath).path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

extension Date {
    /// 2026-11-23 10:00:00 UTC, the tests' "now".
    static let testNow = Date(timeIntervalSince1970: 1_795_428_000)

    func adding(days: Double) -> Date {
        addingTimeInterval(days * 86_400)
    }
}

enum TestImages {
    /// A 4×4 JPEG as an ordinary encoder writes it (JFIF, quantisation and Huffman tables, one
    /// scan): it passes the Storage kit's structural check that `Photo` applies.
    static let jpeg = Data(base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABQODxIPDRQSEBIXFRQYHjIhHhwcHj0sLiQySUBMS0dARkVQWnNiUFVtVkVGZIhlbXd7"
        + "gYKBTmCNl4x9lnN+gXz/2wBDARUXFx4aHjshITt8U0ZTfHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8"
        + "fHx8fHx8fHz/wAARCAAEAAQDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF"
        + "BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW"
        + "V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi"
        + "4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC"
        + "AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm"
        + "Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq"
        + "8vP09fb3+Pn6/9oADAMBAAIRAxEAPwCCiiiuA9g//9k="
    ) ?? Data()
    /// A 4×4 RGB PNG (IHDR, one IDAT, IEND).
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAFElEQVR4nGM8EaDBAANMDEgANwcAQCQBSIniAN0AAAAASUVORK5CYII=") ?? Data()
}
