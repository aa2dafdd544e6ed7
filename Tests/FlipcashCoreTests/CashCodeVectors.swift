import Foundation
import TestSupport

/// Section F of `shared/vectors/flipcash.md` ("Cash code payload, Kik code and rendezvous"),
/// read from the file itself so the reference text, not only its transcription, must pass.
struct CashCodeVectors {
    struct Code {
        let label: String
        let payload: [UInt8]
        let code: [UInt8]
    }

    struct Rendezvous {
        /// The payload as the file abbreviates it: first and last bytes around "…".
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

    static func load() throws -> CashCodeVectors {
        let text = try String(contentsOf: FlipcashVectorFile.url, encoding: .utf8)
        guard let section = text.components(separatedBy: "## F. ").dropFirst().first?.components(separatedBy: "\n## ").first
        else { throw VectorError.missing("section F") }
        let lines = section.split(separator: "\n").map(String.init)

        var codes: [Code] = []
        var pendingPayload: (label: String, bytes: [UInt8])?
        for line in lines {
            if line.hasPrefix("payload"), let colon = line.firstIndex(of: ":") {
                pendingPayload = (String(line[..<colon]), try bytes(String(line[line.index(after: colon)...])))
            } else if line.hasPrefix("code35:"), let payload = pendingPayload {
                codes.append(Code(label: payload.label, payload: payload.bytes, code: try bytes(String(line.dropFirst(7)))))
                pendingPayload = nil
            }
        }

        let generator = backticked(in: try line(containing: "RS generator coefficients", in: lines)).first
        let flipLine = try line(containing: "Flipping 6 bytes (positions", in: lines)
        let positions = flipLine.components(separatedBy: "positions").last?.components(separatedBy: ")").first?
            .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? []
        let finderLine = try line(containing: "Finder bits, LSB first", in: lines)
        let runs = finderLine.components(separatedBy: "which has ").last?.split(separator: " ").first.flatMap { Int($0) }
        let renderedLine = try line(containing: "The rendered code is 39 bytes", in: lines)

        var rendezvous: [Rendezvous] = []
        for line in lines where line.hasPrefix("- Payload `") {
            let quoted = backticked(in: line)
            guard quoted.count >= 3 else { throw VectorError.missing("rendezvous fields in \(line)") }
            let ends = quoted[0].components(separatedBy: "…")
            guard ends.count == 2 else { throw VectorError.missing("abbreviated payload in \(line)") }
            rendezvous.append(Rendezvous(
                payloadPrefix: ends[0], payloadSuffix: ends[1], seedHex: quoted[1],
                publicKeyHex: quoted.count >= 4 ? quoted[2] : nil, publicKeyBase58: quoted[quoted.count - 1]
            ))
        }

        guard let generator, let runs, let rendered = backticked(in: renderedLine).first,
              let finder = backticked(in: finderLine).first
        else { throw VectorError.missing("generator, finder or rendered prefix") }
        return CashCodeVectors(
            codes: codes, generatorHex: generator.replacingOccurrences(of: " ", with: ""),
            correctedPositions: positions, finderBits: finder, finderRuns: runs,
            renderedPrefixHex: rendered, rendezvous: rendezvous
        )
    }

    enum VectorError: Error {
        case missing(String)
    }

    private static func line(containing needle: String, in lines: [String]) throws -> String {
        guard let line = lines.first(where: { $0.contains(needle) }) else { throw VectorError.missing(needle) }
        return line
    }

    private static func backticked(in line: String) -> [String] {
        line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    private static func bytes(_ text: String) throws -> [UInt8] {
        let hex = text.filter { !$0.isWhitespace }
        guard hex.count.isMultiple(of: 2), hex.allSatisfy(\.isHexDigit) else { throw VectorError.missing("hex in \(text)") }
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
