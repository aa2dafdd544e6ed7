public import ArgumentParser
public import Foundation

/// One app's command line, as the options every app shares need to know it.
public protocol CommandLineApp {
    /// The executable's name, e.g. `umilog`: the store's default folder is
    /// `~/.local/share/<name>` and its variable `$<NAME>_HOME`.
    static var name: String { get }
    /// What the person calls the store in help text ("journal" for Buds); "store" by default.
    static var storeNoun: String { get }
}

extension CommandLineApp {
    public static var storeNoun: String { "store" }

    /// `UMILOG_HOME` for `umilog`.
    public static var homeVariable: String { name.uppercased() + "_HOME" }
}

/// `--store DIR` and `--now DATE`, which every app's commands take: where the store is
/// (``StoreDirectory``) and what time it is, so a run can be reproduced. Include it with
/// `@OptionGroup var storeOptions: StoreOptions<MyApp>` and hand ``directory`` and ``clock`` to
/// the app's composition root.
public struct StoreOptions<App: CommandLineApp>: ParsableArguments, Sendable {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The \(App.storeNoun) folder (default: $\(App.homeVariable) or ~/.local/share/\(App.name))."
        )
    )
    public var store: String?

    @Option(
        name: .long,
        help: "Use this time as now (ISO 8601 date or date-time, e.g. 2026-12-01 or 2026-12-01T09:30:00Z)."
    )
    public var now: DateTimeArgument?

    public init() {}

    /// The store folder: `--store`, else `$<APP>_HOME`, else `~/.local/share/<app>`.
    public var directory: URL {
        StoreDirectory.resolve(option: store, environmentVariable: App.homeVariable, appName: App.name)
    }

    /// What `--now` says, else the real time.
    public var clock: @Sendable () -> Date {
        if let fixed = now?.date { return { fixed } }
        return Date.init
    }
}
