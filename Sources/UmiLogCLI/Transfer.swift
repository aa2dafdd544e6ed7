public import ArgumentParser
import CommandLineKit
import Foundation
import Receipts
public import UmiLogCore
import Validation

/// `umilog import FILE`: brings a Subsurface, UDDF, CSV or UmiLog JSON log in, after a preview.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import dives from a Subsurface XML, UDDF (2.x/3.x), CSV or UmiLog JSON file.",
        discussion: """
            Shows what the file holds and what would change, then imports it in one step; --dry-run stops after \
            the preview and writes nothing, not even a new store. Importing the same file again adds nothing; a \
            dive that looks like one already in your log (another program's copy: seconds cut, depth or duration \
            rounded) is shown as a likely duplicate and skipped unless --keep-duplicates. Files of any size are \
            read dive by dive. Dates are read as the wall-clock times the file gives. For CSV, columns are mapped from their headers; fix a column with --map COLUMN=FIELD \
            (COLUMN is a header name or a number from 1; FIELDs: \(CSVField.allCases.map(\.rawValue).joined(separator: ", "))) \
            and confirm day/month order with --date-format (\(CSVDateFormat.allCases.map(\.rawValue).joined(separator: ", "))). \
            Units are judged per file from all its values (UDDF tank pressures in psi, CSV numbers in feet, °F, psi) \
            and the preview says what it assumed; --csv-units sets them for a CSV file.
            """
    )
    @Argument(help: "The log file.") var file: String
    @Option(name: .long, help: "subsurface, uddf, csv or json (default: from the content).") var format: LogbookFormat?
    @Flag(name: .customLong("dry-run"), help: "Show the preview; write nothing.") var dryRun = false
    @Option(name: .long, help: "CSV: map a column to a field, COLUMN=FIELD (repeat for more).") var map: [String] = []
    @Option(name: .customLong("date-format"), help: "CSV: the date format, e.g. mm/dd/yy or dd.mm.yyyy.") var dateFormat: CSVDateFormat?
    @Option(name: .customLong("duration-format"), help: "CSV: mm:ss, h:mm:ss, h:mm or min.") var durationFormat: CSVDurationFormat?
    @Option(name: .customLong("csv-units"), help: "CSV: numbers without a unit are metric or imperial (default: judged from the file).")
    var csvUnits: UnitSystem?

    @Flag(name: .customLong("keep-duplicates"), help: "Import dives that look like one already in your log (another program's copy).")
    var keepDuplicates = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw ValidationError("Couldn't read \(file): no such file, or it is not readable.")
        }
        // The file is read dive by dive, once for the preview and once more for the import.
        let source = try LogbookFiles.open(
            url,
            options: LogbookReadOptions(
                format: format, csvAssignments: map, csvDateFormat: dateFormat, csvDurationFormat: durationFormat,
                csvUnits: csvUnits
            )
        )
        let options = LogbookImportOptions(keepDuplicates: keepDuplicates)
        // A dry run writes nothing, not even a new store: without one it previews against a
        // fresh in-memory store.
        let services = dryRun ? try await global.previewServices() : try await global.services()
        let preview = try await services.importer.preview(source, at: global.storeOptions.clock(), options: options)
        let summary = dryRun ? nil : try await services.importer.commit(source, at: global.storeOptions.clock(), options: options)
        let report = ImportReport(file: url.lastPathComponent, source: source, preview: preview, summary: summary)
        if global.json { return try TerminalOutput.json(report) }
        report.printText(units: global.units, dateFormatConfirmed: dateFormat != nil)
    }
}

/// `umilog export --format F --out FILE`.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export your dives as UDDF 3.2, Subsurface XML, CSV or UmiLog JSON (everything, sign-offs included)."
    )
    @Option(name: .long, help: "uddf, subsurface, csv or json.") var format: LogbookFormat
    @Option(name: .long, help: "The file to write (- for standard output).") var out: String
    @Option(name: .long, help: "Only dives at this site (id or exact name).") var site: String?
    @Option(name: .long, help: "Only dives from this date.") var from: DateTimeArgument?
    @Option(name: .long, help: "Only dives up to this date.") var to: DateTimeArgument?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        var filter = DiveFilter(from: from?.date, to: to?.date)
        if let site { filter.siteID = try await services.sites.find(site).id }
        let logbook = try await services.exporter.logbook(filter)
        var signoffs: [LogbookJSON.ExportedSignoff] = []
        if format == .json {
            for dive in logbook.dives {
                guard let id = dive.id else { continue }
                signoffs += try await services.signoffs.signoffs(of: id).map {
                    LogbookJSON.ExportedSignoff(
                        diveID: id, receipt: $0.receipt.rawCBOR.base64EncodedString(), signature: $0.receipt.signatureBase64
                    )
                }
            }
        }
        let text = try LogbookFiles.write(
            logbook, format: format, signoffs: signoffs,
            generatedAt: LocalDateTime(global.storeOptions.clock(), in: services.timeZone)
        )
        if out == "-" {
            return FileHandle.standardOutput.write(Data(text.utf8))
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw ValidationError("Couldn't write \(out): \(error.localizedDescription)")
        }
        if global.json {
            struct ExportOutput: Encodable {
                let file: String
                let format: String
                let dives: Int
                let sites: Int
                let bytes: Int
            }
            return try TerminalOutput.json(
                ExportOutput(
                    file: out, format: format.rawValue, dives: logbook.dives.count, sites: logbook.sites.count, bytes: text.utf8.count
                ))
        }
        let dives = logbook.dives.count
        let sites = logbook.sites.count
        print("Exported \(Wording.counted(dives, "dive")) at \(Wording.counted(sites, "site")) to \(out) as \(format.displayName).")
    }
}

extension LogbookFormat: ExpressibleByArgument {}
extension CSVDateFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}
extension CSVDurationFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}
