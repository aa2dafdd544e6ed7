import Crypto
public import Foundation

/// An encrypted backup of a log that restores without any server: the header (in the clear)
/// carries the key slots, and the body is the payload sealed under the backup key (HKDF of the
/// master key, `"umilog backup v1"`).
///
/// Layout (all integers big-endian):
///
///     "UMILOGBK"                      8 bytes, the magic
///     format version                  UInt16, 1
///     header length                   UInt32, 1…64 KiB
///     header                          BackupHeader as JSON
///     chunks, one or more:
///       sealed length                 UInt32, 28…1 MiB + 28
///       sealed chunk                  ChaChaPoly nonce ‖ ciphertext ‖ tag
///
/// The payload is cut into chunks of at most 1 MiB (an empty payload is one empty chunk), so a
/// reader never has to trust a length bigger than that. Each chunk's associated data is
/// `"umilog-backup-v1"` ‖ SHA-256 of everything before the first chunk ‖ the chunk's index
/// (UInt64) ‖ 1 for the last chunk, else 0. The digest ties the body to its header (slots cannot
/// be swapped), the index fixes the order (chunks cannot be reordered, dropped from the middle or
/// repeated), and the final flag marks the end (a file cut at a chunk boundary, or with bytes
/// appended, is told apart from a whole one). Every failure is an
/// `UmiLogKeyError.corruptBackup` saying what is wrong, never a crash.
///
/// To restore: `readHeader`, unlock the master key with a slot (`BackupHeader.unlock(with:)`),
/// then `open`.
public enum BackupFile {
    /// The first 8 bytes of every backup.
    public static let magic = Data("UMILOGBK".utf8)
    /// The most plaintext in one chunk.
    public static let chunkByteCount = 1 << 20
    /// The largest header accepted.
    public static let maximumHeaderByteCount = 64 << 10

    /// ChaChaPoly's nonce and tag, around each chunk's ciphertext.
    static let sealOverhead = 12 + 16
    /// Magic, format version and header length.
    static let prefixByteCount = 8 + 2 + 4

    /// `payload` sealed under `master`'s backup key, with `slots` and `accountID` in the header.
    ///
    /// - Throws: `UmiLogKeyError.invalidKeySlot` if the slots do not fit in a 64 KiB header,
    ///   `.sealingFailed` if encryption fails.
    public static func seal(
        payload: Data, slots: [KeySlot], accountID: UUID?, master: MasterKey, createdAt: Date = Date()
    ) throws(UmiLogKeyError) -> Data {
        let headerJSON: Data
        do {
            headerJSON = try encoder.encode(BackupHeader(slots: slots, accountID: accountID, createdAt: createdAt))
        } catch {
            throw .sealingFailed
        }
        guard headerJSON.count <= maximumHeaderByteCount else { throw .invalidKeySlot("too many key slots to fit in a backup") }
        var file = magic
        append(UInt16(BackupHeader.currentFormatVersion), to: &file)
        append(UInt32(headerJSON.count), to: &file)
        file.append(headerJSON)
        let digest = Data(SHA256.hash(data: file))
        let key = master.backupKey
        let starts = Array(stride(from: payload.startIndex, to: payload.endIndex, by: chunkByteCount))
        let chunkStarts = starts.isEmpty ? [payload.startIndex] : starts
        for (index, start) in chunkStarts.enumerated() {
            let chunk = payload[start..<min(start + chunkByteCount, payload.endIndex)]
            let isFinal = index == chunkStarts.count - 1
            let aad = associatedData(digest: digest, index: UInt64(index), isFinal: isFinal)
            do {
                let sealed = try ChaChaPoly.seal(chunk, using: key, authenticating: aad).combined
                append(UInt32(sealed.count), to: &file)
                file.append(sealed)
            } catch {
                throw .sealingFailed
            }
        }
        return file
    }

    /// The header of `file`, read without any key.
    ///
    /// - Throws: `UmiLogKeyError.corruptBackup` for a file that is not a backup, of another
    ///   format version, or whose header is cut or unreadable; `.unsupportedKeyParameters` or
    ///   `.invalidKeySlot` for slots this version cannot use.
    public static func readHeader(_ file: Data) throws(UmiLogKeyError) -> BackupHeader {
        try parseHeader(file).header
    }

    /// The payload of `file`, opened with `master` (unlocked from one of its header's slots).
    ///
    /// - Throws: `UmiLogKeyError.corruptBackup` saying whether the file is not a backup, was made
    ///   by another log or changed, is cut short, or has bytes after its end.
    public static func open(_ file: Data, master: MasterKey) throws(UmiLogKeyError) -> Data {
        let (_, digest, bodyStart) = try parseHeader(file)
        let key = master.backupKey
        var reader = ByteReader(file, from: bodyStart)
        var payload = Data()
        var index: UInt64 = 0
        while true {
            guard let length = reader.readUInt32() else {
                throw .corruptBackup(index == 0 ? "it has no content" : "it ends early, so part of it is missing")
            }
            guard (sealOverhead...chunkByteCount + sealOverhead).contains(Int(length)) else {
                throw .corruptBackup("part \(index + 1) has an impossible length")
            }
            guard let sealed = reader.read(Int(length)) else { throw .corruptBackup("it ends early, so part of it is missing") }
            let isLast = reader.isAtEnd
            if let chunk = openChunk(sealed, key: key, digest: digest, index: index, isFinal: isLast) {
                payload.append(chunk)
                if isLast { return payload }
                index += 1
                continue
            }
            // Say why, when the cause can be told: a whole chunk that opens with the other final
            // flag means the file was cut at a chunk boundary, or has bytes after its end.
            if openChunk(sealed, key: key, digest: digest, index: index, isFinal: !isLast) != nil {
                throw .corruptBackup(isLast ? "it ends early, so part of it is missing" : "it has extra bytes after its end")
            }
            throw .corruptBackup(
                index == 0 ? "it does not open with this log's key, or it was changed" : "part \(index + 1) was changed or is out of order"
            )
        }
    }

    private static func openChunk(_ sealed: Data, key: SymmetricKey, digest: Data, index: UInt64, isFinal: Bool) -> Data? {
        guard let box = try? ChaChaPoly.SealedBox(combined: sealed) else { return nil }
        return try? ChaChaPoly.open(box, using: key, authenticating: associatedData(digest: digest, index: index, isFinal: isFinal))
    }

    /// The header, the SHA-256 of everything before the body, and where the body starts.
    private static func parseHeader(_ file: Data) throws(UmiLogKeyError) -> (header: BackupHeader, digest: Data, bodyStart: Int) {
        var reader = ByteReader(file, from: file.startIndex)
        guard reader.read(magic.count) == magic else { throw .corruptBackup("it is not an UmiLog backup") }
        guard let version = reader.readUInt16() else { throw .corruptBackup("it ends early, so part of it is missing") }
        guard Int(version) == BackupHeader.currentFormatVersion else {
            throw .corruptBackup("it was made by a newer UmiLog (format \(version)); update UmiLog")
        }
        guard let length = reader.readUInt32() else { throw .corruptBackup("it ends early, so part of it is missing") }
        guard (1...maximumHeaderByteCount).contains(Int(length)) else { throw .corruptBackup("its header has an impossible length") }
        guard let headerJSON = reader.read(Int(length)) else { throw .corruptBackup("it ends early, so part of it is missing") }
        let header: BackupHeader
        do {
            header = try JSONDecoder.backupHeader.decode(BackupHeader.self, from: headerJSON)
        } catch let error as UmiLogKeyError {
            throw error
        } catch {
            throw .corruptBackup("its header is unreadable")
        }
        guard header.formatVersion == Int(version) else { throw .corruptBackup("its header is inconsistent") }
        let digest = Data(SHA256.hash(data: file[file.startIndex..<reader.position]))
        return (header, digest, reader.position)
    }

    /// `"umilog-backup-v1"` ‖ header digest ‖ index (UInt64 BE) ‖ final flag.
    static func associatedData(digest: Data, index: UInt64, isFinal: Bool) -> Data {
        var bytes = Data("umilog-backup-v1".utf8)
        bytes.append(digest)
        append(index, to: &bytes)
        bytes.append(isFinal ? 1 : 0)
        return bytes
    }

    private static func append(_ value: some FixedWidthInteger, to data: inout Data) {
        withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension JSONDecoder {
    /// Reads a backup header's JSON (dates in ISO 8601).
    fileprivate static var backupHeader: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// Reads big-endian integers and byte runs from a `Data` (of any start index), answering `nil`
/// instead of reading past the end.
private struct ByteReader {
    let data: Data
    private(set) var position: Int

    init(_ data: Data, from position: Int) {
        self.data = data
        self.position = position
    }

    var isAtEnd: Bool { position == data.endIndex }

    mutating func read(_ count: Int) -> Data? {
        guard count >= 0, data.endIndex - position >= count else { return nil }
        defer { position += count }
        return data[position..<position + count]
    }

    mutating func readUInt16() -> UInt16? {
        read(2).map { $0.reduce(0) { $0 << 8 | UInt16($1) } }
    }

    mutating func readUInt32() -> UInt32? {
        read(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
