public import Foundation

/// Binary form of a ``SealedEnvelope``, version 1.
///
/// ```
/// envelope  = version senderKey payload count *recipient
/// version   = 0x01
/// senderKey = bytes            ; the sender's X25519 public key
/// payload   = bytes            ; encryptedPayload
/// count     = uvarint          ; number of recipients
/// recipient = deviceId bytes   ; deviceId: UTF-8, wrapped key follows
/// deviceId  = bytes
/// bytes     = uvarint length, then that many bytes
/// uvarint   = unsigned LEB128 (7 bits per byte, low group first), minimal, at most 64 bits
/// ```
///
/// Recipients are written in ascending order of their device id's UTF-8 bytes, so an envelope
/// has exactly one encoding. Parsing is strict: input that ends early throws
/// ``EnvelopeError/truncated``; an unknown version, a non-minimal varint, invalid UTF-8, device
/// ids out of order or repeated, or bytes after the last recipient throw
/// ``EnvelopeError/malformed(_:)``. Lengths are checked against the bytes actually present before
/// anything is allocated, so hostile input cannot make the parser reserve large buffers.
extension SealedEnvelope {
    /// The format version written by ``serialized()``.
    public static let serializationVersion: UInt8 = 1

    /// The binary form described above.
    public func serialized() -> Data {
        var output = Data()
        output.reserveCapacity(1 + 10 + senderAgreementKey.count + 10 + encryptedPayload.count + 10 + wrappedKeys.count * 80)
        output.append(Self.serializationVersion)
        Self.appendBytes(senderAgreementKey, to: &output)
        Self.appendBytes(encryptedPayload, to: &output)
        Self.appendVarint(UInt64(wrappedKeys.count), to: &output)
        for deviceId in recipientDeviceIds {
            Self.appendBytes(Data(deviceId.utf8), to: &output)
            Self.appendBytes(wrappedKeys[deviceId] ?? Data(), to: &output)
        }
        return output
    }

    /// Parses the binary form described above.
    ///
    /// - Throws: ``EnvelopeError/truncated`` or ``EnvelopeError/malformed(_:)``; never traps.
    public init(serialized: some DataProtocol) throws {
        var reader = ByteReader(bytes: Array(serialized))
        let version = try reader.readByte()
        guard version == Self.serializationVersion else {
            throw EnvelopeError.malformed("unsupported envelope version \(version) (expected \(Self.serializationVersion))")
        }
        let senderKey = try reader.readLengthPrefixed()
        let payload = try reader.readLengthPrefixed()
        let count = try reader.readVarint()
        // Each recipient takes at least two bytes (two zero lengths).
        guard count <= UInt64(reader.remaining / 2) else {
            throw EnvelopeError.truncated
        }

        var wrappedKeys: [String: Data] = [:]
        var previousId: [UInt8]?
        for _ in 0..<count {
            let idBytes = try reader.readLengthPrefixed()
            let wrapped = try reader.readLengthPrefixed()
            if let previousId {
                guard previousId.lexicographicallyPrecedes(idBytes) else {
                    throw EnvelopeError.malformed("recipient device ids are repeated or not in ascending order")
                }
            }
            // String(validating:) needs iOS 18; decoding repairs invalid bytes, so compare back.
            let deviceId = String(decoding: idBytes, as: UTF8.self)
            guard deviceId.utf8.elementsEqual(idBytes) else {
                throw EnvelopeError.malformed("a recipient device id is not valid UTF-8")
            }
            // Distinct byte strings can still be equal Swift strings (canonical equivalence).
            guard wrappedKeys.updateValue(Data(wrapped), forKey: deviceId) == nil else {
                throw EnvelopeError.malformed("recipient device id \"\(deviceId)\" appears twice")
            }
            previousId = idBytes
        }
        guard reader.remaining == 0 else {
            throw EnvelopeError.malformed("\(reader.remaining) unexpected bytes after the last recipient")
        }
        self.init(encryptedPayload: Data(payload), wrappedKeys: wrappedKeys, senderAgreementKey: Data(senderKey))
    }

    // MARK: - Private

    private static func appendBytes(_ bytes: Data, to output: inout Data) {
        appendVarint(UInt64(bytes.count), to: &output)
        output.append(bytes)
    }

    private static func appendVarint(_ value: UInt64, to output: inout Data) {
        var remaining = value
        while remaining >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        output.append(UInt8(truncatingIfNeeded: remaining))
    }
}

/// A cursor over untrusted bytes; every read is bounds-checked.
private struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    mutating func readByte() throws -> UInt8 {
        guard offset < bytes.count else { throw EnvelopeError.truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readVarint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            let group = UInt64(byte & 0x7F)
            // The tenth byte may only carry the top bit of a 64-bit value.
            guard shift < 63 || (shift == 63 && group <= 1) else {
                throw EnvelopeError.malformed("a length does not fit in 64 bits")
            }
            value |= group << shift
            if byte & 0x80 == 0 {
                guard byte != 0 || shift == 0 else {
                    throw EnvelopeError.malformed("a length is not minimally encoded")
                }
                return value
            }
            shift += 7
        }
    }

    mutating func readLengthPrefixed() throws -> [UInt8] {
        let length = try readVarint()
        guard length <= UInt64(remaining) else { throw EnvelopeError.truncated }
        let count = Int(length)
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }
}
