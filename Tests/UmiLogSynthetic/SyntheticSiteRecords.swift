public import Foundation

/// A deterministic, generated pipeline input with known answers: dive-site, dive and sighting
/// records in JSON Lines, with planted duplicates (name variants by case, accents, a "Dive
/// Site" suffix, punctuation and transpositions, 50–900 m apart; chains; pairs across the
/// antimeridian and at the poles), non-dive places (by name, type and description, plus marine
/// parks that must be kept), out-of-range depth, visibility and temperature, invalid lines,
/// restricted licences, and dives and sightings with dangling references.
///
/// ``truth`` says exactly what the pipeline must find. The test suite checks that on 20,000
/// lines; the benchmark runs the pipeline on 1,000,000.
public struct SyntheticSiteRecords: Sendable {
    /// The input, one JSON object per line.
    public let lines: [String]
    public let truth: PlantedTruth

    /// The largest `count` the generator's lattices have room for.
    public static let maximumCount = 2_000_000

    /// Generates `count` lines (about 80 % sites, 13 % dives, 7 % sightings); the same
    /// `count` and `seed` always give the same lines.
    public static func generate(count: Int, seed: UInt64 = 0x5EED) -> SyntheticSiteRecords {
        precondition((1...maximumCount).contains(count), "count must be 1…\(maximumCount)")
        var builder = SyntheticBuilder(count: count, seed: seed)
        return builder.build()
    }

    /// The lines joined with line feeds, as a file holds them.
    public var jsonLines: Data {
        var data = Data()
        data.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            data.append(contentsOf: line.utf8)
            data.append(0x0A)
        }
        return data
    }

    public func write(to url: URL) throws {
        try jsonLines.write(to: url)
    }
}
