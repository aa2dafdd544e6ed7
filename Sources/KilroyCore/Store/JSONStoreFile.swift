import Foundation
import Storage

/// One JSON document in the store folder, replaced atomically and never overwritten when it
/// cannot be read: a damaged file is renamed `<name>.corrupt-<UTC timestamp>.json` and reported,
/// so that a person (or a later version) can still recover it.
struct JSONStoreFile<Value: Codable>: Sendable {
    let url: URL
    let now: @Sendable () -> Date

    /// The decoded document, or `nil` when the file does not exist.
    ///
    /// - Throws: `KilroyStoreError.corruptFile` after moving a damaged file aside, or
    ///   `KilroyStoreError.file` when it cannot be read at all.
    func read(decoder: JSONDecoder = JSONDecoder()) throws(KilroyStoreError) -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .file(.readFailed(path: url.path, reason: error.localizedDescription))
        }
        do {
            return try decoder.decode(Value.self, from: data)
        } catch {
            let keptAs = try quarantine()
            throw .corruptFile(path: url.path, keptAs: keptAs, reason: Self.describe(error))
        }
    }

    /// What ``peek(decoder:)`` found.
    enum Peek {
        /// No file.
        case absent
        /// The decoded document.
        case document(Value)
        /// A file that cannot be read or decoded; it is left exactly where it is.
        case unreadable
    }

    /// The document if it can be read, without moving a damaged file aside: for housekeeping
    /// that must leave reporting damage to the store's own reads.
    func peek(decoder: JSONDecoder = JSONDecoder()) -> Peek {
        guard FileManager.default.fileExists(atPath: url.path) else { return .absent }
        guard let data = try? Data(contentsOf: url), let value = try? decoder.decode(Value.self, from: data) else {
            return .unreadable
        }
        return .document(value)
    }

    /// Replaces the document atomically.
    func write(_ value: Value, encoder: JSONEncoder = JSONEncoder(), permissions: UInt16 = 0o644) throws(KilroyStoreError) {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .file(.writeFailed(path: url.path, reason: error.localizedDescription))
        }
        do {
            try AtomicFile.write(data, to: url, permissions: permissions)
        } catch {
            throw .file(error)
        }
    }

    /// Moves the file to a free `…corrupt-<timestamp>[-n].json` name and returns that path.
    private func quarantine() throws(KilroyStoreError) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let stamp = formatter.string(from: now())
        let stem = url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent()
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? "" : "-\(attempt)"
            let target = folder.appendingPathComponent("\(stem).corrupt-\(stamp)\(suffix).json")
            if !FileManager.default.fileExists(atPath: target.path) {
                do {
                    try FileManager.default.moveItem(at: url, to: target)
                    return target.path
                } catch {
                    throw .file(.writeFailed(path: target.path, reason: error.localizedDescription))
                }
            }
            attempt += 1
        }
    }

    /// A one-line reason for a decoding failure, naming the JSON path where there is one.
    static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "not valid JSON" }
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch decodingError {
        case .dataCorrupted(let context):
            let location = path(context.codingPath)
            return location.isEmpty ? "not valid JSON" : "bad value at \(location)"
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context.codingPath))"
        @unknown default:
            return "not valid JSON"
        }
    }
}
