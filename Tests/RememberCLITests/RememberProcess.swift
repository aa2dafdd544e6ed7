import Foundation
import TestSupport

extension CLIProcess {
    /// The real `remember` executable against a temporary store.
    static func remember() -> CLIProcess {
        CLIProcess(program: "remember", homeVariable: "REMEMBER_HOME")
    }

    /// `add … --json`, which must succeed; returns the new person's JSON object.
    func addPerson(_ arguments: [String]) throws -> [String: Any] {
        try jsonObject("add", arguments)
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
