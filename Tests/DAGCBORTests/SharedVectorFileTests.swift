import DAGCBOR
import Foundation
import Testing

/// Reads `shared/vectors/formats-and-algorithms.md` in place (beside the repository, or at
/// `$SHARED_DIR`), so the reference file itself — not a transcription — is what must pass.
enum SharedVectorFile {
    static let url: URL = {
        if let shared = ProcessInfo.processInfo.environment["SHARED_DIR"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("vectors/formats-and-algorithms.md")
        }
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/vectors/formats-and-algorithms.md")
    }()

    /// The table rows (cells trimmed, without the outer pipes) of the section whose heading
    /// starts with `heading`, up to the next heading.
    static func rows(inSection heading: String) throws -> [[String]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var inSection = false
        var rows: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                inSection = line.drop { $0 == "#" || $0 == " " }.hasPrefix(heading)
                continue
            }
            guard inSection, line.hasPrefix("|"), !line.hasPrefix("|---") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return rows.dropFirst().map { $0 }  // the header row
    }

    /// The text inside the first pair of backticks in a cell.
    static func code(_ cell: String) -> String? {
        guard let start = cell.firstIndex(of: "`") else { return nil }
        let rest = cell[cell.index(after: start)...]
        guard let end = rest.firstIndex(of: "`") else { return nil }
        return String(rest[..<end])
    }
}

@Suite("Reference vectors read from shared/vectors in place")
struct SharedVectorFileTests {
    @Test("section 2: every C-row's bytes decode, re-encode identically and hash to its CID")
    func cidTable() throws {
        let rows = try SharedVectorFile.rows(inSection: "2. CIDv1").filter { $0.first?.hasPrefix("C") == true }
        #expect(rows.count == 17)
        for row in rows {
            let bytes = Data(hex: try #require(SharedVectorFile.code(row[3])))
            let value = try DAGCBORValue.decode(bytes)
            #expect(try value.encoded() == bytes, "\(row[0])")
            #expect(CID(codec: .dagCBOR, hashing: bytes).string == SharedVectorFile.code(row[4]), "\(row[0])")
        }
    }

    @Test("section 1.4: DAG-CBOR rows marked yes round-trip, rows marked no are rejected")
    func appendixA() throws {
        let rows = try SharedVectorFile.rows(inSection: "1.4")
        #expect(rows.count > 60)
        for row in rows {
            let bytes = Data(hex: try #require(SharedVectorFile.code(row[1])))
            if row[3] == "yes" {
                #expect(try DAGCBORValue.decode(bytes).encoded() == bytes, "\(row[0])")
            } else {
                #expect(throws: DAGCBORError.self, "\(row[0])") { try DAGCBORValue.decode(bytes) }
            }
        }
    }

    @Test("sections 1.2 and 1.5: key-order rows round-trip; every strict-decode row is rejected")
    func orderingAndRejections() throws {
        let ordering = try SharedVectorFile.rows(inSection: "1.2").compactMap { row in
            row.count == 3 ? SharedVectorFile.code(row[1]) : nil
        }
        #expect(ordering.count == 3)
        for hex in ordering {
            #expect(try DAGCBORValue.decode(Data(hex: hex)).encoded() == Data(hex: hex))
        }
        let rejections = try SharedVectorFile.rows(inSection: "1.5")
        #expect(rejections.count == 14)
        for row in rejections {
            let bytes = Data(hex: try #require(SharedVectorFile.code(row[1])))
            #expect(throws: DAGCBORError.self, "\(row[0])") { try DAGCBORValue.decode(bytes) }
        }
    }

    @Test("section 3: every Base58 row encodes and decodes")
    func base58Table() throws {
        let rows = try SharedVectorFile.rows(inSection: "3. Base58").filter { $0.count == 2 }
        #expect(rows.count >= 17)
        for row in rows {
            let expected = SharedVectorFile.code(row[1]) ?? ""
            let bytes: Data
            if row[0] == "(empty)" {
                bytes = Data()
            } else if row[0].hasPrefix("ASCII") {
                // "ASCII `text` (`hex`)": the text's UTF-8 bytes.
                bytes = Data((SharedVectorFile.code(row[0]) ?? "").utf8)
            } else {
                bytes = Data(hex: try #require(SharedVectorFile.code(row[0])))
            }
            #expect(Base58.encode(bytes) == expected, "\(row[0])")
            #expect(try Base58.decode(expected) == bytes, "\(row[0])")
        }
    }
}
