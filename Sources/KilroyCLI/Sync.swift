import ArgumentParser
import Foundation
import KilroyCore

struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Push the upload queue to the cloud: uploads and deletions that are due."
    )

    @Flag(help: "Try items the server refused before once more.") var retryFailed = false
    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if options.cloud == nil { throw ValidationError("cloud: sync needs a server, e.g. --cloud http://127.0.0.1:8080") }
    }

    func run() async throws {
        let services = try options.services()
        guard let cloud = try await options.cloudClient(services) else { return }
        if retryFailed { try await services.queue.retryFailed() }
        let report = try await services.queue.sync(using: cloud)
        if options.json {
            try Output.json(report)
        } else {
            var line = "Uploaded \(report.uploaded), deleted \(report.deleted), failed \(report.failed), pending \(report.pending)"
            if let next = report.nextAttemptAt { line += " (next attempt \(Output.dateTime(next)))" }
            print(line + ".")
        }
        if let problem = report.errors.first {
            throw SyncError(message: problem, more: report.errors.count - 1)
        }
    }
}

/// A sync that could not push everything; the queue keeps what is left.
struct SyncError: LocalizedError {
    let message: String
    let more: Int

    var errorDescription: String? {
        message + (more > 0 ? " (and \(more) more)" : "")
    }
}
