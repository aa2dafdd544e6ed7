/// A bill's 35-byte code: the Kik code format the Flipcash scanner reads.
///
/// Layout: 13 Reed–Solomon parity bytes, then the 22-byte data section — the header `02 00`
/// (type 2 "remote", colour 0, no extra bits) and the 20-byte payload. Up to 6 damaged bytes
/// anywhere in the 35 are corrected; more are rejected.
public enum CashCode {
    /// Bytes in a code.
    public static let byteCount = 35
    /// Reed–Solomon parity bytes at the front of a code.
    public static let parityByteCount = 13
    /// The data section's header: type 2 (remote) in the low 5 bits, colour 0, extra 0.
    public static let header: [UInt8] = [0x02, 0x00]
    /// Damaged bytes a code survives.
    public static let correctableBytes = 6

    /// What decoding found: the payload, the corrected code and which of its bytes were wrong.
    public struct Decoded: Hashable, Sendable {
        public let payload: CashCodePayload
        /// The 35 bytes after correction.
        public let code: [UInt8]
        /// Indices (0–34) of the bytes that were corrected, ascending.
        public let correctedPositions: [Int]
    }

    /// The 35 bytes of `payload`'s code.
    public static func encode(_ payload: CashCodePayload) -> [UInt8] {
        let data = header + payload.encoded()
        return ReedSolomon.kikCode.parity(of: data) + data
    }

    /// Reads a payload from 35 code bytes, correcting up to 6 damaged bytes.
    ///
    /// - Throws: `.wrongCodeLength`, `.uncorrectable`, `.unexpectedHeader`, `.invalidPayload`.
    public static func decode(_ code: some Collection<UInt8>) throws(CashCodeError) -> CashCodePayload {
        try decodeReportingCorrections(code).payload
    }

    /// `decode`, also telling which bytes were corrected (for a scanner's diagnostics).
    public static func decodeReportingCorrections(_ code: some Collection<UInt8>) throws(CashCodeError) -> Decoded {
        let code = Array(code)
        guard code.count == byteCount else { throw .wrongCodeLength(code.count) }
        // The RS code works on data then parity; the Kik code stores parity first.
        let word = Array(code[parityByteCount...]) + code[..<parityByteCount]
        let correction: ReedSolomon.Correction
        do {
            correction = try ReedSolomon.kikCode.correct(word)
        } catch {
            switch error {
            case .tooManyErrors, .wrongLength: throw .uncorrectable
            }
        }
        let data = correction.word[..<(byteCount - parityByteCount)]
        let corrected = Array(correction.word[data.count...]) + data
        guard data.starts(with: header) else { throw .unexpectedHeader(data[0], data[1]) }
        let payload: CashCodePayload
        do {
            payload = try CashCodePayload(decoding: data.dropFirst(header.count))
        } catch {
            throw .invalidPayload(error)
        }
        let dataCount = byteCount - parityByteCount
        let positions = correction.positions.map { $0 < dataCount ? $0 + parityByteCount : $0 - dataCount }.sorted()
        return Decoded(payload: payload, code: corrected, correctedPositions: positions)
    }
}
