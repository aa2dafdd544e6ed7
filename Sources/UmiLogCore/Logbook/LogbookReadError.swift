public import Foundation

/// Why a whole file cannot be imported. Nothing is written when one of these is thrown.
public enum LogbookReadError: LocalizedError, Equatable, Sendable {
    /// The bytes are not well-formed XML; `reason` says where (the XML reader's message).
    case malformedXML(reason: String)
    /// Well-formed, but not the format asked for (`found` names the root element or what was seen).
    case wrongFormat(expected: LogbookFormat, found: String)
    /// A version of the format this reader does not know.
    case unsupportedVersion(format: LogbookFormat, version: String)
    /// A value in a unit the format does not allow, or whose size shows the wrong unit (a UDDF
    /// temperature of 25 is Celsius, not kelvin).
    case wrongUnit(field: String, value: String, expected: String, line: Int?)
    /// The file has no dives in it.
    case noDives
    /// A CSV file the mapping cannot read: no header, no rows, a mapped column that is missing.
    case unreadableTable(reason: String)
    /// The file is larger than an import accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// One record (a dive element, a JSON dive) is larger than any dive can be: the file is
    /// damaged or not a log. `line` is where it starts, when the format has lines.
    case recordTooLarge(record: String, limit: Int, line: Int?)
    /// The file could not be opened or read to its end; `reason` is the system's message.
    case unreadableFile(reason: String)

    public var errorDescription: String? {
        switch self {
        case .malformedXML(let reason):
            "The file is not well-formed XML: \(reason)"
        case .wrongFormat(let expected, let found):
            "This is not a \(expected.displayName) file (found \(found))."
        case .unsupportedVersion(let format, let version):
            "\(format.displayName) version \(version) is not supported."
        case .wrongUnit(let field, let value, let expected, let line):
            "\(field) \(value)\(line.map { " on line \($0)" } ?? "") is not in \(expected); the file's units are wrong."
        case .noDives:
            "The file has no dives in it."
        case .unreadableTable(let reason):
            "The table can't be read: \(reason)"
        case .tooLarge(let bytes, let limit):
            "The file is \(bytes) bytes; imports are limited to \(limit) bytes."
        case .recordTooLarge(let record, let limit, let line):
            "The \(record)\(line.map { " starting on line \($0)" } ?? "") is larger than \(limit) bytes, more than any dive needs; "
                + "the file is damaged or not a dive log."
        case .unreadableFile(let reason):
            "The file could not be read: \(reason)"
        }
    }
}

/// The file formats UmiLog reads and writes.
public enum LogbookFormat: String, Codable, CaseIterable, Hashable, Sendable {
    case subsurface
    case uddf
    case csv
    case json

    public var displayName: String {
        switch self {
        case .subsurface: "Subsurface XML"
        case .uddf: "UDDF"
        case .csv: "CSV"
        case .json: "UmiLog JSON"
        }
    }
}
