import ArgumentParser

/// `--json` for the geohash commands, which need no store.
struct JSONOption: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false
}
