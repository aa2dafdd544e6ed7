public import Foundation

/// UmiLog's own JSON export: everything the store keeps about the dives (including sightings
/// and sign-offs, which no dive-log format has a place for), in SI units with wall-clock times.
///
/// ```json
/// {"format": "umilog-logbook", "version": 1, "sites": [...], "dives": [...], "signoffs": [...]}
/// ```
public enum LogbookJSON {
    public static let formatName = "umilog-logbook"
    public static let version = 1

    /// The document: the log and the sign-offs of its dives.
    public struct Document: Codable, Hashable, Sendable {
        public var format: String
        public var version: Int
        public var sites: [LogbookSite]
        public var dives: [LogbookDive]
        public var signoffs: [ExportedSignoff]

        public init(logbook: Logbook, signoffs: [ExportedSignoff] = []) {
            format = LogbookJSON.formatName
            version = LogbookJSON.version
            sites = logbook.sites
            dives = logbook.dives
            self.signoffs = signoffs
        }

        public var logbook: Logbook { Logbook(sites: sites, dives: dives) }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            format = try container.decode(String.self, forKey: .format)
            version = try container.decode(Int.self, forKey: .version)
            sites = try container.decodeIfPresent([LogbookSite].self, forKey: .sites) ?? []
            dives = try container.decode([LogbookDive].self, forKey: .dives)
            signoffs = try container.decodeIfPresent([ExportedSignoff].self, forKey: .signoffs) ?? []
        }
    }

    /// A sign-off as exported: the receipt bytes and signature, verifiable anywhere.
    public struct ExportedSignoff: Codable, Hashable, Sendable {
        public var diveID: UUID
        /// The signed DAG-CBOR receipt, base64.
        public var receipt: String
        /// The Ed25519 signature of the receipt, base64.
        public var signature: String

        public init(diveID: UUID, receipt: String, signature: String) {
            self.diveID = diveID
            self.receipt = receipt
            self.signature = signature
        }
    }

    public static func write(_ logbook: Logbook, signoffs: [ExportedSignoff] = []) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(logbook: logbook, signoffs: signoffs)), as: UTF8.self)
    }

    /// The document, read whole (sign-offs included); an import reads the dives one at a time
    /// instead (``LogbookJSONStream``).
    public static func document(_ bytes: [UInt8]) throws(LogbookReadError) -> Document {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw .wrongFormat(expected: .json, found: describe(error, under: ""))
        } catch {
            throw .wrongFormat(expected: .json, found: "unreadable JSON")
        }
        guard document.format == formatName else {
            throw .wrongFormat(expected: .json, found: "format \"\(document.format)\"")
        }
        guard document.version == version else {
            throw .unsupportedVersion(format: .json, version: String(document.version))
        }
        guard !document.dives.isEmpty else { throw .noDives }
        return document
    }

    /// Reads a whole file in memory, by the reader imports stream files with.
    public static func read(_ bytes: [UInt8]) throws(LogbookReadError) -> LogbookReadResult {
        try LogbookJSONStream(bytes: .memory(bytes)).readAll()
    }

    /// Where a decoding error is, as `.dives[3].start`, below `prefix`.
    static func describe(_ error: DecodingError, under prefix: String) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let inner = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            let whole = prefix + inner
            return whole.isEmpty ? "the top" : whole
        }
        switch error {
        case .dataCorrupted(let context): return "invalid JSON at \(path(context))"
        case .keyNotFound(let key, let context): return "no \(key.stringValue) at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "a wrong value at \(path(context))"
        @unknown default: return "unreadable JSON"
        }
    }
}
