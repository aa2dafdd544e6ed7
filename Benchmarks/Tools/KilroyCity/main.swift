import Foundation
import Geo
import KilroyCityFixture
import KilroyCloud

/// `kilroy-city`: the city fixture outside package-benchmark, for the side-by-side near-query
/// comparison (`near-side-by-side.sh`) and the load test (`Scripts/load-test.sh`), which need
/// the same 1,000,000 drops in a server's data folder, in Redis and in PostgreSQL.
///
///     kilroy-city seed DIR            DIR/kilroy.sqlite with the 1,000,000 drops (kept if complete)
///     kilroy-city centres FILE        the 1,000 query centres, "latitude longitude" per line
///     kilroy-city tokens COUNT        COUNT device credentials, one per line (load-test devices)
///     kilroy-city photo FILE          a 200 kB JPEG the server accepts (the load test's upload)
///     kilroy-city near DIR [ROUNDS]   near queries (500 m, 100 results) on the SQLite store in DIR:
///                                     ROUNDS passes over the centres after one warm-up pass
///     kilroy-city near-postgres [ROUNDS]   the same on the PostgreSQL store at BENCH_POSTGRES_URL
///     kilroy-city seed-postgres SCHEMA   the city in SCHEMA at BENCH_POSTGRES_URL, via the store
///     kilroy-city experiment-postgres [ROUNDS]   the PostgreSQL store against variants of its query
///     kilroy-city json DIR              what writing a near answer as JSON costs (JSONEncoder vs by hand)
///     kilroy-city experiment DIR [ROUNDS]   the same for the variants of `NearExperiment`
let usage = """
    usage: kilroy-city seed DIR | centres FILE | tokens COUNT | photo FILE | near DIR [ROUNDS]
           kilroy-city near-postgres [ROUNDS] | seed-postgres SCHEMA | experiment DIR [ROUNDS] | json DIR
           kilroy-city experiment-postgres [ROUNDS]
    """

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch (arguments.first, arguments.count) {
    case ("seed", 2):
        try await CityCommands.seed(directory: URL(fileURLWithPath: arguments[1], isDirectory: true))
    case ("centres", 2):
        try CityCommands.writeCentres(to: URL(fileURLWithPath: arguments[1]))
    case ("photo", 2):
        try BenchmarkPhoto.jpeg(size: 200_004).write(to: URL(fileURLWithPath: arguments[1]))
    case ("tokens", 2):
        guard let count = Int(arguments[1]), count > 0 else { throw CityCommandError.usage(usage) }
        try CityCommands.printTokens(count: count)
    case ("near", 2), ("near", 3):
        let rounds = arguments.count == 3 ? Int(arguments[2]) : 5
        guard let rounds, rounds > 0 else { throw CityCommandError.usage(usage) }
        try await CityCommands.near(directory: URL(fileURLWithPath: arguments[1], isDirectory: true), rounds: rounds)
    case ("near-postgres", 1), ("near-postgres", 2):
        let rounds = arguments.count == 2 ? Int(arguments[1]) : 5
        guard let rounds, rounds > 0 else { throw CityCommandError.usage(usage) }
        #if KILROY_BENCH_POSTGRES
        try await PostgresCommands.near(rounds: rounds)
        #else
        throw CityCommandError.noPostgres
        #endif
    case ("seed-postgres", 2):
        #if KILROY_BENCH_POSTGRES
        try await PostgresCommands.seed(schema: arguments[1])
        #else
        throw CityCommandError.noPostgres
        #endif
    case ("experiment-postgres", 1), ("experiment-postgres", 2):
        let rounds = arguments.count == 2 ? Int(arguments[1]) : 2
        guard let rounds, rounds > 0 else { throw CityCommandError.usage(usage) }
        #if KILROY_BENCH_POSTGRES
        try await PostgresNearExperiment.run(rounds: rounds)
        #else
        throw CityCommandError.noPostgres
        #endif
    case ("json", 2):
        try await JSONCost.measure(directory: URL(fileURLWithPath: arguments[1], isDirectory: true), rounds: 5)
    case ("experiment", 2), ("experiment", 3):
        let rounds = arguments.count == 3 ? Int(arguments[2]) : 5
        guard let rounds, rounds > 0 else { throw CityCommandError.usage(usage) }
        try await CityCommands.experiment(directory: URL(fileURLWithPath: arguments[1], isDirectory: true), rounds: rounds)
    default:
        throw CityCommandError.usage(usage)
    }
} catch {
    FileHandle.standardError.write(Data("kilroy-city: \(error.localizedDescription)\n".utf8))
    exit(1)
}
