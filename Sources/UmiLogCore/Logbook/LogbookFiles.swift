public import Foundation
import XMLKit

/// How to read a file: its format when the diver names it, and the CSV mapping step's choices.
public struct LogbookReadOptions: Hashable, Sendable {
    /// `nil` detects the format from the content (and the file name for CSV).
    public var format: LogbookFormat?
    /// `COLUMN=FIELD` assignments over the proposed CSV mapping (column by header name or 1-based number).
    public var csvAssignments: [String]
    public var csvDateFormat: CSVDateFormat?
    public var csvDurationFormat: CSVDurationFormat?
    /// The units of unlabelled CSV numbers, overriding the judgement from the file's values.
    public var csvUnits: UnitSystem?

    public init(
        format: LogbookFormat? = nil, csvAssignments: [String] = [], csvDateFormat: CSVDateFormat? = nil,
        csvDurationFormat: CSVDurationFormat? = nil, csvUnits: UnitSystem? = nil
    ) {
        self.format = format
        self.csvAssignments = csvAssignments
        self.csvDateFormat = csvDateFormat
        self.csvDurationFormat = csvDurationFormat
        self.csvUnits = csvUnits
    }
}

/// A file read, with how it was read.
public struct LogbookFileRead: Hashable, Sendable {
    public var format: LogbookFormat
    public var result: LogbookReadResult
    /// For CSV: the mapping used (proposed, then the diver's assignments) and a preview of the rows.
    public var csvMapping: CSVMapping?
    public var csvTable: CSVTable?
}

/// A log file opened for an import: read dive by dive (see ``LogbookSource``), each pass
/// reading the file again, so nothing but one dive at a time is held. A CSV file is the
/// exception: its columns are mapped from all its rows, so it is read into memory when opened
/// (UmiLog's own CSV of 2,000 dives is under 1 MB).
public struct LogbookFileSource: LogbookSource {
    public let format: LogbookFormat
    /// For CSV: the mapping used (proposed, then the diver's assignments) and the table.
    public let csvMapping: CSVMapping?
    public let csvTable: CSVTable?
    private let base: any LogbookSource

    init(format: LogbookFormat, base: any LogbookSource, csvMapping: CSVMapping? = nil, csvTable: CSVTable? = nil) {
        self.format = format
        self.base = base
        self.csvMapping = csvMapping
        self.csvTable = csvTable
    }

    public func read(header: (LogbookHeader) throws -> Void, dive: (LogbookDiveRead) throws -> Void) throws {
        try base.read(header: header, dive: dive)
    }
}

/// The file formats, one door: detect, read and write a log file.
public enum LogbookFiles {
    /// The largest CSV file read: a table is mapped and read in memory, from all its rows.
    public static let maximumCSVBytes = 64 << 20
    /// The largest UDDF, Subsurface XML or UmiLog JSON file read; these are streamed, so this
    /// is not about memory (see ``LogbookXML/maximumFileBytes``).
    public static let maximumStreamedBytes = LogbookXML.maximumFileBytes

    /// Opens `url` for an import: detects the format from its first bytes (and its name for
    /// CSV) unless `options` names one, and for CSV reads and maps the table.
    ///
    /// - Throws: `LogbookReadError.unreadableFile` when it cannot be opened, `.tooLarge` for a
    ///   CSV over ``maximumCSVBytes`` (checked while reading), and what ``read(_:fileName:options:)``
    ///   throws for a CSV table (`CSVMappingError` for a bad `COLUMN=FIELD`).
    public static func open(_ url: URL, options: LogbookReadOptions = LogbookReadOptions()) throws -> LogbookFileSource {
        let bytes = LogbookBytes.file(url)
        var source = try bytes.open()
        let head: [UInt8]
        do {
            head = try source.read(maximum: 4_096)
        } catch {
            throw LogbookReadError.unreadableFile(reason: error.localizedDescription)
        }
        guard let format = options.format ?? detect(head, fileName: url.lastPathComponent) else { throw LogbookReadError.noDives }
        switch format {
        case .uddf: return LogbookFileSource(format: format, base: UDDFStream(bytes: bytes))
        case .subsurface: return LogbookFileSource(format: format, base: SubsurfaceStream(bytes: bytes))
        case .json: return LogbookFileSource(format: format, base: LogbookJSONStream(bytes: bytes))
        case .csv:
            var whole = head
            do {
                while true {
                    let chunk = try source.read(maximum: 1 << 20)
                    if chunk.isEmpty { break }
                    whole += chunk
                    guard whole.count <= maximumCSVBytes else { throw LogbookReadError.tooLarge(bytes: whole.count, limit: maximumCSVBytes) }
                }
            } catch let error as LogbookReadError {
                throw error
            } catch {
                throw LogbookReadError.unreadableFile(reason: error.localizedDescription)
            }
            let read = try self.read(whole, fileName: url.lastPathComponent, options: options)
            return LogbookFileSource(
                format: format, base: LogbookMemorySource(format: format, result: read.result), csvMapping: read.csvMapping,
                csvTable: read.csvTable
            )
        }
    }

    /// The format of a file: from its content when that is clear (`<divelog` is Subsurface XML,
    /// `<uddf` UDDF, a JSON object our JSON), else from its extension, else CSV. `nil` for an
    /// empty file.
    public static func detect(_ bytes: [UInt8], fileName: String? = nil) -> LogbookFormat? {
        var text = String(decoding: bytes.prefix(4_096), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        guard let first = text.first(where: { !$0.isWhitespace }) else { return nil }
        let lowered = text.lowercased()
        if lowered.contains("<divelog") { return .subsurface }
        if lowered.contains("<uddf") { return .uddf }
        if first == "{" { return .json }
        switch fileName.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
        case "uddf", "udcf": return .uddf
        case "ssrf", "xml": return .subsurface
        case "json": return .json
        case "csv", "tsv", "txt": return .csv
        default: return first == "<" ? .subsurface : .csv
        }
    }

    /// Reads a log file already in memory, whole; nothing is written anywhere. An import opens
    /// the file instead (``open(_:options:)``), which reads it dive by dive.
    ///
    /// - Throws: `LogbookReadError` when the file as a whole cannot be read; per-record problems
    ///   are in the result's issues instead. `CSVMappingError` for a bad `COLUMN=FIELD`.
    public static func read(
        _ bytes: [UInt8], fileName: String? = nil, options: LogbookReadOptions = LogbookReadOptions()
    ) throws -> LogbookFileRead {
        guard let format = options.format ?? detect(bytes, fileName: fileName) else { throw LogbookReadError.noDives }
        switch format {
        case .subsurface:
            return LogbookFileRead(format: format, result: try SubsurfaceXMLReader.read(bytes))
        case .uddf:
            return LogbookFileRead(format: format, result: try UDDFReader.read(bytes))
        case .json:
            return LogbookFileRead(format: format, result: try LogbookJSON.read(bytes))
        case .csv:
            // A spreadsheet export is text; NUL bytes (outside UTF-16) mean a binary file.
            if bytes.contains(0), !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]) {
                throw LogbookReadError.wrongFormat(expected: .csv, found: "binary data")
            }
            guard bytes.count <= maximumCSVBytes else { throw LogbookReadError.tooLarge(bytes: bytes.count, limit: maximumCSVBytes) }
            let table = try CSVTable(bytes: bytes)
            var mapping = CSVMapping.propose(for: table)
            for assignment in options.csvAssignments { try mapping.apply(assignment, in: table) }
            // The columns may have moved: judge the units again over the final mapping.
            if !options.csvAssignments.isEmpty { mapping.judgeUnits(in: table) }
            if let units = options.csvUnits { mapping.units = units }
            if let dateFormat = options.csvDateFormat { mapping.dateFormat = dateFormat }
            if let durationFormat = options.csvDurationFormat { mapping.durationFormat = durationFormat }
            let result = try CSVLogbookReader.read(table, mapping: mapping)
            return LogbookFileRead(format: format, result: result, csvMapping: mapping, csvTable: table)
        }
    }

    /// The log as a file of `format`. `generatedAt` stamps formats that record when they were written.
    public static func write(
        _ logbook: Logbook, format: LogbookFormat, signoffs: [LogbookJSON.ExportedSignoff] = [], generatedAt: LocalDateTime
    ) throws -> String {
        switch format {
        case .subsurface: SubsurfaceXMLWriter.write(logbook)
        case .uddf: UDDFWriter.write(logbook, generatedAt: generatedAt)
        case .csv: CSVLogbookWriter.write(logbook)
        case .json: try LogbookJSON.write(logbook, signoffs: signoffs)
        }
    }
}
