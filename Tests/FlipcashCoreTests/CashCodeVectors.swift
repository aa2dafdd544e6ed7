import Foundation
import TestSupport

/// Section F of `Tests/Fixtures/vectors/flipcash.json` ("Cash code payload, Kik code and
/// rendezvous", its `cashCode` object), read from the file itself so the reference data, not only
/// its transcription, must pass.
struct CashCodeVectors {
    struct Code {
        let label: String
        let payload: [UInt8]
        let code: [UInt8]
    }

    struct Rendezvous {
        /// The payload as the notes abbreviate it: first and last bytes around "…".
        let payloadPrefix: String
        let payloadSuffix: String
        let seedHex: String
        let publicKeyHex: String?
        let publicKeyBase58: String
    }

    let codes: [Code]
    let generatorHex: String
    let correctedPositions: [Int]
    let finderBits: String
    let finderRuns: Int
    let renderedPrefixHex: String
    let rendezvous: [Rendezvous]

    /// The JSON as written: hex as text, separated by spaces where the notes separate it.
    private struct File: Decodable {
        struct Section: Decodable {
            struct Code: Decodable {
                let label: String
                let payload: String
                let code35: String
            }

            struct Rendezvous: Decodable {
                let payloadPrefix: String
                let payloadSuffix: String
                let seed: String
                let publicKeyHex: String?
                let publicKeyBase58: String
            }

            let codes: [Code]
            let generatorCoefficients: String
            let correctedFlipPositions: [Int]
            let finderBitsLSBFirst: String
            let finderRuns: Int
            let renderedPrefix: String
            let rendezvous: [Rendezvous]
        }

        let cashCode: Section
    }

    static func load() throws -> CashCodeVectors {
        let path = "vectors/flipcash.json"
        let section: File.Section
        do {
            section = try JSONDecoder().decode(File.self, from: try Fixtures.data(path)).cashCode
        } catch let failure as Fixtures.Failure {
            throw failure
        } catch {
            throw Fixtures.Failure.malformed(file: path, reason: "section F (cashCode): \(error)")
        }
        return CashCodeVectors(
            codes: try section.codes.map { Code(label: $0.label, payload: try bytes($0.payload), code: try bytes($0.code35)) },
            generatorHex: section.generatorCoefficients.replacingOccurrences(of: " ", with: ""),
            correctedPositions: section.correctedFlipPositions, finderBits: section.finderBitsLSBFirst,
            finderRuns: section.finderRuns, renderedPrefixHex: section.renderedPrefix,
            rendezvous: section.rendezvous.map {
                Rendezvous(
                    payloadPrefix: $0.payloadPrefix, payloadSuffix: $0.payloadSuffix, seedHex: $0.seed,
                    publicKeyHex: $0.publicKeyHex, publicKeyBase58: $0.publicKeyBase58
                )
            }
        )
    }

    private static func bytes(_ text: String) throws -> [UInt8] {
        let hex = text.filter { !$0.isWhitespace }
        guard hex.count.isMultiple(of: 2), hex.allSatisfy(\.isHexDigit) else {
            throw Fixtures.Failure.malformed(file: "vectors/flipcash.json", reason: "“\(text)” is not hex")
        }
        return Array(Data(hex: hex))
    }
}

/// Hex helpers for the cash-code suites (named apart from other suites' helpers in this target).
enum CashCodeHex {
    /// Lower-case hex of `bytes`.
    static func string(_ bytes: some Sequence<UInt8>) -> String { Data(bytes).hex }

    /// The bytes of a hex string (white space ignored); traps on malformed hex, for literals only.
    static func bytes(_ hex: String) -> [UInt8] { Array(Data(hex: hex)) }
}
