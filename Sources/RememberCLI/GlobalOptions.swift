public import ArgumentParser
import CommandLineKit
import Foundation
import Logging
import RememberCore

/// The options every command takes: the store and the clock (the shared `StoreOptions`), JSON
/// output and the scheduler.
struct GlobalOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions<Remember>

    @OptionGroup var output: JSONOutputOption

    /// Whether `--json` was given.
    var json: Bool { output.json }

    @Option(name: .long, help: "The review scheduler: sm2 (the default) or fsrs. Remembered by the store once given.")
    var scheduler: SchedulerKind?

    /// What `--now` says, else the real time.
    var clock: @Sendable () -> Date { storeOptions.clock }

    /// The store's services, with the one logger `remember` makes: the libraries take theirs
    /// from here.
    func services() throws -> RememberServices {
        try RememberServices.open(at: storeOptions.directory, scheduler: scheduler, logger: Logger(label: "remember"))
    }
}

/// The store's folder is `~/.local/share/remember` or `$REMEMBER_HOME`.
extension Remember: CommandLineApp {
    static var name: String { "remember" }
}

// RememberCore does not know ArgumentParser; only this executable reads a scheduler from a flag.
// (A conformance of RememberCore's public type is public, hence the public import above.)
extension SchedulerKind: ExpressibleByArgument {}
