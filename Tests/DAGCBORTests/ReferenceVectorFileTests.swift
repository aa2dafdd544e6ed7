import DAGCBOR
import Foundation
import TestSupport
import Testing

/// Sections 1–3 of `Tests/Fixtures/vectors/formats-and-algorithms.json`, every row of the tables
/// the transcribed suites (`CBORVectorTests`, `CIDVectorTests`, `Base58Tests`) also cover.
@Suite("DAG-CBOR, CID and Base58 vectors read from the reference file")
struct ReferenceVectorFileTests {
    let vectors: VectorFile

    init() throws {
        vectors = try VectorFile.formatsAndAlgorithms()
    }

    @Test("section 2: every C-row's bytes decode, re-encode identically and hash to its CID")
    func cidTable() throws {
        let rows = vectors.rows(under: "2. CIDv1").filter { $0.first?.hasPrefix("C") == true }
        #expect(rows.count == 17)
        for row in rows {
            let bytes = Data(hex: try #require(VectorFile.code(row[3])))
            let value = try DAGCBORValue.decode(bytes)
            #expect(try value.encoded() == bytes, "\(row[0])")
            #expect(CID(codec: .dagCBOR, hashing: bytes).string == VectorFile.code(row[4]), "\(row[0])")
        }
    }

    @Test("section 1.4: DAG-CBOR rows marked yes round-trip, rows marked no are rejected")
    func appendixA() throws {
        let rows = vectors.rows(under: "1.4")
        #expect(rows.count > 60)
        for row in rows {
            let bytes = Data(hex: try #require(VectorFile.code(row[1])))
            if row[3] == "yes" {
                #expect(try DAGCBORValue.decode(bytes).encoded() == bytes, "\(row[0])")
            } else {
                #expect(throws: DAGCBORError.self, "\(row[0])") { try DAGCBORValue.decode(bytes) }
            }
        }
    }

    @Test("sections 1.2 and 1.5: key-order rows round-trip; every strict-decode row is rejected")
    func orderingAndRejections() throws {
        let ordering = vectors.rows(under: "1.2").compactMap { row in
            row.count == 3 ? VectorFile.code(row[1]) : nil
        }
        #expect(ordering.count == 3)
        for hex in ordering {
            #expect(try DAGCBORValue.decode(Data(hex: hex)).encoded() == Data(hex: hex))
        }
        let rejections = vectors.rows(under: "1.5")
        #expect(rejections.count == 14)
        for row in rejections {
            let bytes = Data(hex: try #require(VectorFile.code(row[1])))
            #expect(throws: DAGCBORError.self, "\(row[0])") { try DAGCBORValue.decode(bytes) }
        }
    }

    @Test("section 3: every Base58 row encodes and decodes")
    func base58Table() throws {
        let rows = vectors.rows(under: "3. Base58").filter { $0.count == 2 }
        #expect(rows.count >= 17)
        for row in rows {
            let expected = VectorFile.code(row[1]) ?? ""
            let bytes: Data
            if row[0] == "(empty)" {
                bytes = Data()
            } else if row[0].hasPrefix("ASCII") {
                // "ASCII `text` (`hex`)": the text's UTF-8 bytes.
                bytes = Data((VectorFile.code(row[0]) ?? "").utf8)
            } else {
                bytes = Data(hex: try #require(VectorFile.code(row[0])))
            }
            #expect(Base58.encode(bytes) == expected, "\(row[0])")
            #expect(try Base58.decode(expected) == bytes, "\(row[0])")
        }
    }
}
