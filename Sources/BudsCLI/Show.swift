import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation
import Validation

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show one memory (its latest version) and whether it verifies.")

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Argument(help: MemoryReference.help) var reference: String
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let (memory, history, verified) = try await load(journal)
        if output.json { return try TerminalOutput.json(memory) }
        var lines: [(String, String)] = [
            ("ID", memory.id.uuidString.lowercased()),
            ("Strain", memory.strainName),
            ("Type", memory.productType.rawValue),
            ("Rating", "\(Output.stars(memory.rating)) (\(memory.rating)/5)"),
            ("When", TextFormat.dateTime(memory.sessionAt, style: .localMinutes)),
        ]
        if let brand = memory.brand { lines.append(("Brand", brand)) }
        if let method = memory.consumptionMethod { lines.append(("Method", method.rawValue)) }
        if let thc = memory.thcPercent { lines.append(("THC", "\(Wording.number(thc)) %")) }
        if let cbd = memory.cbdPercent { lines.append(("CBD", "\(Wording.number(cbd)) %")) }
        if let grams = memory.amountGrams { lines.append(("Amount", "\(Wording.number(grams)) g")) }
        if !memory.effects.isEmpty { lines.append(("Effects", memory.effects.joined(separator: ", "))) }
        if let notes = memory.notes { lines.append(("Notes", notes)) }
        if let location = memory.location {
            let place = location.placeName.map { "\($0), " } ?? ""
            let precision = location.isExact ? "exact" : "within ~500 m"
            lines.append(("Location", "\(place)\(location.latitude), \(location.longitude) (\(precision))"))
        }
        if let image = memory.imageCID { lines.append(("Photo", image)) }
        lines.append(("Favourite", memory.isFavorited ? "yes" : "no"))
        if let sharer = memory.sharedBy {
            lines.append(("Shared", "by \(sharer.displayName) (\(sharer.did)); read-only"))
        } else if memory.isShared {
            lines.append(("Shared", "yes, with a circle"))
        }
        lines.append(("Receipt", memory.receiptCID))
        lines.append(("Versions", "\(history.count)"))
        lines.append(("Verified", verified ? "yes" : "NO — run buds history \(TextFormat.shortID(memory.id))"))
        let width = lines.map(\.0.count).max() ?? 0
        for (label, value) in lines {
            print("\(label.padding(toLength: width, withPad: " ", startingAt: 0))  \(value)")
        }
    }

    @MainActor
    private func load(_ journal: BudsServices) async throws -> (Memory, [ReceiptVersion], Bool) {
        let detail = MemoryDetailViewModel(reference: reference, repository: journal.repository)
        await detail.load()
        guard let memory = detail.memory else { throw CLIError(detail.errorMessage ?? "No memory matches \(reference).") }
        return (memory, detail.history, detail.isVerified)
    }
}
