import Foundation

/// One of the reference-vector files of `Tests/Fixtures/vectors/` (our reference notes as JSON;
/// `README.md` there gives their sources), so that the reference data itself, not only its
/// transcription in the suites, must pass.
///
/// Cells are the notes' text verbatim: a value in a code span keeps its backticks, which
/// ``code(_:)`` removes.
public struct VectorFile: Decodable, Sendable {
    /// A table of the notes: the heading it stands under, the paragraph above it, its header row
    /// and its body rows.
    public struct Table: Decodable, Sendable {
        public let section: String
        public let title: String
        public let columns: [String]
        public let rows: [[String]]
    }

    /// A fenced code block of the notes, line by line.
    public struct CodeBlock: Decodable, Sendable {
        public let section: String
        public let title: String
        public let lines: [String]
    }

    /// What stands under one heading.
    public struct Section: Sendable {
        public let file: String
        public let heading: String
        public let tables: [Table]
        public let codeBlocks: [CodeBlock]

        /// The first table whose title (the paragraph above it) contains `marker`.
        public func table(titled marker: String) throws(Fixtures.Failure) -> Table {
            guard let table = tables.first(where: { $0.title.contains(marker) }) else {
                throw .malformed(file: file, reason: "no table titled “\(marker)” under “\(heading)”")
            }
            return table
        }

        /// The first code block whose title contains `marker` (any block when `marker` is empty).
        public func codeBlock(titled marker: String = "") throws(Fixtures.Failure) -> CodeBlock {
            guard let block = codeBlocks.first(where: { marker.isEmpty || $0.title.contains(marker) }) else {
                throw .malformed(file: file, reason: "no code block titled “\(marker)” under “\(heading)”")
            }
            return block
        }
    }

    public let title: String
    public let tables: [Table]
    public let codeBlocks: [CodeBlock]
    /// `vectors/<name>.json`, for messages.
    public private(set) var file = ""

    private enum CodingKeys: String, CodingKey {
        case title, tables, codeBlocks
    }

    /// `Tests/Fixtures/vectors/<name>.json`, decoded.
    public static func load(_ name: String) throws(Fixtures.Failure) -> VectorFile {
        let path = "vectors/\(name).json"
        let data = try Fixtures.data(path)
        do {
            var file = try JSONDecoder().decode(VectorFile.self, from: data)
            file.file = path
            return file
        } catch {
            throw .malformed(file: path, reason: "\(error)")
        }
    }

    /// CBOR/DAG-CBOR, CID, Base58, crypto, geohash, spaced repetition, distance and similarity.
    public static func formatsAndAlgorithms() throws(Fixtures.Failure) -> VectorFile {
        try load("formats-and-algorithms")
    }

    /// Flipcash: currency codes, amounts, the bonding curves, cash codes, validators.
    public static func flipcash() throws(Fixtures.Failure) -> VectorFile {
        try load("flipcash")
    }

    /// The tables and code blocks under the first heading that starts with `start`, e.g.
    /// `"E. Discrete curve"`.
    public func section(startingWith start: String) throws(Fixtures.Failure) -> Section {
        guard let heading = (tables.map(\.section) + codeBlocks.map(\.section)).first(where: { $0.hasPrefix(start) }) else {
            throw .malformed(file: file, reason: "no section starting “\(start)”")
        }
        return Section(
            file: file, heading: heading,
            tables: tables.filter { $0.section == heading }, codeBlocks: codeBlocks.filter { $0.section == heading }
        )
    }

    /// Body rows of every table under the headings that start with `heading` (e.g. `"5.1"`,
    /// `"2. CIDv1"`), in order; none when no heading matches.
    public func rows(under heading: String) -> [[String]] {
        tables.filter { $0.section.hasPrefix(heading) }.flatMap(\.rows)
    }

    /// The text inside the first pair of backticks in a cell.
    public static func code(_ cell: String) -> String? {
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    /// The numbers of a cell like "(0, -180)" or "[0.5, 179.9999] (antimeridian)".
    public static func pair(_ cell: String) -> (Double, Double)? {
        guard let open = cell.firstIndex(where: { $0 == "(" || $0 == "[" }),
            let close = cell[open...].firstIndex(where: { $0 == ")" || $0 == "]" })
        else { return nil }
        let numbers = cell[cell.index(after: open)..<close].split(separator: ",").compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }
}
