import ArgumentParser
import CommandLineKit
import Foundation
import UmiLogCore

/// `umilog page ID`: a printable logbook page for one dive.
struct Page: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a printable HTML logbook page for a dive: fields, depth profile and sign-offs."
    )
    @Argument(help: "The dive's id (or its first 4+ characters).") var id: String
    @Option(name: .long, help: "The HTML file to write (- for standard output).") var out: String = "-"
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        let logged = try await services.dives.find(id)
        var site: DiveSite?
        if let siteID = logged.dive.siteID { site = try await services.sites.fetch(id: siteID) }
        let samples = try await services.dives.samples(of: logged.dive.id)
        let signatures = try await services.signoffs.verify(logged.dive.id).map { signoff, status in
            DiveLogbookPage.Signature(
                instructor: signoff.payload.instructor, signer: signoff.signerDID, signedAt: signoff.signedAt, status: status
            )
        }
        let html = DiveLogbookPage.html(
            logged, site: site, samples: samples, signatures: signatures, units: global.units, timeZone: services.timeZone
        )
        if out == "-" { return FileHandle.standardOutput.write(Data(html.utf8)) }
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw ValidationError("Couldn't write \(out): \(error.localizedDescription)")
        }
        print("Wrote the logbook page to \(out).")
    }
}
