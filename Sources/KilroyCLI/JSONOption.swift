import CommandLineKit

/// `--json` for the geohash commands, which need no store: the flag every CLI shares.
typealias JSONOption = JSONOutputOption
