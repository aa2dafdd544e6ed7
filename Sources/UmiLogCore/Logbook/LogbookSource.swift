public import Foundation
import XMLKit

/// What a log file says before its dives: the sites they link to, the units it turned out to
/// use, and the problems met in reading those.
public struct LogbookHeader: Hashable, Sendable {
    public var sites: [LogbookSite]
    public var issues: [LogbookIssue]
    public var assumptions: [LogbookUnitAssumption]

    public init(sites: [LogbookSite] = [], issues: [LogbookIssue] = [], assumptions: [LogbookUnitAssumption] = []) {
        self.sites = sites
        self.issues = issues
        self.assumptions = assumptions
    }
}

/// One dive element of a file, as read.
public struct LogbookDiveRead: Hashable, Sendable {
    /// The dive, or `nil` when the reader had to skip it (`issues` say why).
    public var dive: LogbookDive?
    /// The problems met in it.
    public var issues: [LogbookIssue]
    /// Sites the file names for the first time in this dive (Subsurface version 2 keeps them
    /// inside dives), which the header could not list.
    public var sites: [LogbookSite]

    public init(dive: LogbookDive?, issues: [LogbookIssue] = [], sites: [LogbookSite] = []) {
        self.dive = dive
        self.issues = issues
        self.sites = sites
    }
}

/// A log file read dive by dive, so an import never holds more than one dive's profile: the
/// header first, then each dive with the problems met in it, in file order.
///
/// Readers of large formats (UDDF, Subsurface XML, UmiLog JSON) make two passes over the file:
/// one for what the dives refer to (sites, gas mixes, equipment, which may come after the
/// dives) and for the units of the whole file, and one for the dives. Each call of
/// ``read(header:dive:)`` reads the file again, so a preview and the import after it each take
/// their own pass and hold nothing between them.
public protocol LogbookSource: Sendable {
    var format: LogbookFormat { get }

    /// Reads the file: `header` once, then `dive` for every dive element in file order.
    ///
    /// - Throws: `LogbookReadError` when the file as a whole cannot be read (possibly after some
    ///   dives were handed out: the importer writes them in one transaction, which then rolls
    ///   back), or whatever `header` or `dive` throw.
    func read(header: (LogbookHeader) throws -> Void, dive: (LogbookDiveRead) throws -> Void) throws
}

extension LogbookSource {
    /// The whole file in memory, for callers that want the log as one value (small files, tests).
    public func readAll() throws(LogbookReadError) -> LogbookReadResult {
        var result = LogbookReadResult(logbook: Logbook())
        do {
            try read(
                header: { header in
                    result.logbook.sites = header.sites
                    result.issues += header.issues
                    result.assumptions = header.assumptions
                },
                dive: { read in
                    result.logbook.sites += read.sites
                    if let dive = read.dive { result.logbook.dives.append(dive) }
                    result.issues += read.issues
                }
            )
        } catch let error as LogbookReadError {
            throw error
        } catch {
            // Only the callbacks above could throw something else, and they do not.
            throw .unreadableFile(reason: error.localizedDescription)
        }
        return result
    }
}

/// A log already read into memory (a CSV table, or a log built in code).
public struct LogbookMemorySource: LogbookSource {
    public let format: LogbookFormat
    public let result: LogbookReadResult

    public init(format: LogbookFormat, result: LogbookReadResult) {
        self.format = format
        self.result = result
    }

    public func read(header: (LogbookHeader) throws -> Void, dive: (LogbookDiveRead) throws -> Void) throws {
        try header(LogbookHeader(sites: result.logbook.sites, issues: result.issues, assumptions: result.assumptions))
        for each in result.logbook.dives { try dive(LogbookDiveRead(dive: each)) }
    }
}

/// Where a streamed log's bytes come from: a file, opened again for each pass, or bytes in
/// memory.
public enum LogbookBytes: Sendable {
    case file(URL)
    case memory([UInt8])

    /// A fresh reader from the first byte.
    func open() throws(LogbookReadError) -> any XMLByteSource {
        switch self {
        case .memory(let bytes):
            return XMLMemorySource(bytes)
        case .file(let url):
            do {
                return LogbookFileBytes(handle: try FileHandle(forReadingFrom: url))
            } catch {
                throw .unreadableFile(reason: error.localizedDescription)
            }
        }
    }
}

/// How the XML readers stream a log.
enum LogbookXML {
    /// The largest log file read. Memory does not grow with the file (one dive at a time), so
    /// this only keeps a wrong file (a disk image picked by mistake) from keeping an import busy
    /// for minutes: 2 GiB is twenty times the largest real log seen (a 2,000-dive export with
    /// profiles is 75–94 MB).
    static let maximumFileBytes = 2 << 30
    /// The largest element read as a tree: one dive, or one section of sites or gas mixes. A
    /// ten-hour dive sampled every second is about 5 MB of UDDF.
    static let maximumElementBytes = 64 << 20
    /// The largest tag, comment or CDATA section (a dive's notes) held at once.
    static let maximumTokenBytes = 16 << 20

    static let limits = XMLLimits(
        maximumBytes: maximumFileBytes, maximumTokenBytes: maximumTokenBytes, maximumElementBytes: maximumElementBytes
    )

    /// The reader's error as an import error.
    static func error(_ error: XMLError) -> LogbookReadError {
        switch error {
        case .tooLarge(let bytes, let limit): .tooLarge(bytes: bytes, limit: limit)
        case .elementTooLarge(let name, let limit, let line): .recordTooLarge(record: "<\(name)> element", limit: limit, line: line)
        case .inputFailed(let reason): .unreadableFile(reason: reason)
        default: .malformedXML(reason: error.localizedDescription)
        }
    }
}

/// A file read in chunks through a `FileHandle`; the handle closes when the last copy goes.
struct LogbookFileBytes: XMLByteSource {
    let handle: FileHandle

    mutating func read(maximum: Int) throws -> [UInt8] {
        guard let data = try handle.read(upToCount: maximum) else { return [] }
        return Array(data)
    }
}
