import ArgumentParser
import Foundation
import KilroyCore
import Validation

struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete a memory and its photo; an uploaded kilroy is deleted from the cloud too (queued)."
    )

    @Argument(help: "The memory's id, or its first \(IDPrefix.minimumLength)+ characters.") var id: String
    @OptionGroup var options: GlobalOptions

    /// What happened on the cloud.
    private enum CloudDelete: String, Encodable {
        /// The memory was never uploaded.
        case none
        /// Waiting in the upload queue.
        case queued
        /// Done.
        case deleted
    }

    private struct Result: Encodable {
        let id: String
        let deleted: Bool
        let cloudDelete: CloudDelete
    }

    func run() async throws {
        let services = try options.services()
        let (memory, queued) = try await services.memories.delete(id)
        var cloudDelete: CloudDelete = queued ? .queued : .none
        if queued, let cloud = try await options.cloudClient(services) {
            let report = try await services.queue.sync(using: cloud)
            if report.deleted > 0, try await !services.queue.items().contains(where: { $0.memoryID == memory.id }) {
                cloudDelete = .deleted
            } else if let problem = report.errors.first {
                Output.warning(problem)
            }
        }
        let result = Result(id: memory.id.uuidString.lowercased(), deleted: true, cloudDelete: cloudDelete)
        if options.json { return try Output.json(result) }
        print("Deleted \(result.id)")
        switch cloudDelete {
        case .queued: print("Cloud   delete queued; run `kilroy sync --cloud URL`")
        case .deleted: print("Cloud   deleted")
        case .none: break
        }
    }
}
