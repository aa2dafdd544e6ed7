import Foundation

/// Appends canonical DAG-CBOR items to a byte buffer: shortest heads, 64-bit floats, tag 42 links.
///
/// A thin value wrapper over `[UInt8]` so that the encoders write straight into one growable buffer.
struct CBORWriter {
    var bytes: [UInt8]

    /// An empty writer that has not allocated yet.
    init() {
        bytes = []
    }

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The item head: major type and argument in the shortest form.
    @inline(__always)
    mutating func writeHead(_ major: MajorType, _ argument: UInt64) {
        let high = major.rawValue << 5
        if argument < 24 {
            bytes.append(high | UInt8(argument))
        } else if argument <= 0xff {
            bytes.append(high | 24)
            bytes.append(UInt8(argument))
        } else if argument <= 0xffff {
            bytes.append(high | 25)
            appendBigEndian(UInt16(argument))
        } else if argument <= 0xffff_ffff {
            bytes.append(high | 26)
            appendBigEndian(UInt32(argument))
        } else {
            bytes.append(high | 27)
            appendBigEndian(argument)
        }
    }

    /// Byte by byte: for two to eight bytes this beats the generic `append(contentsOf:)` of a raw buffer.
    @inline(__always)
    private mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        var shift = T.bitWidth - 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
            shift -= 8
        }
    }

    mutating func writeUnsigned(_ value: UInt64) { writeHead(.unsigned, value) }

    /// The integer −1 − `n`.
    mutating func writeNegative(_ n: UInt64) { writeHead(.negative, n) }

    mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        if value >= 0 {
            writeHead(.unsigned, UInt64(truncatingIfNeeded: value))
        } else {
            // For a negative two's-complement value, −1 − value == ~value, which cannot overflow.
            writeHead(.negative, UInt64(truncatingIfNeeded: ~value))
        }
    }

    @inline(__always)
    mutating func writeText(_ string: String) {
        let utf8 = string.utf8
        writeHead(.text, UInt64(utf8.count))
        // Native strings are contiguous UTF-8: copy them in one block.
        let copied: Void? = utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: utf8) }
    }

    mutating func writeBytes(_ data: some DataProtocol) {
        writeHead(.bytes, UInt64(data.count))
        bytes.append(contentsOf: data)
    }

    mutating func writeBool(_ value: Bool) { bytes.append(value ? 0xf5 : 0xf4) }

    mutating func writeNull() { bytes.append(0xf6) }

    /// Always binary64 (`fb`); NaN and ±infinity are refused.
    mutating func writeDouble(_ value: Double) throws(DAGCBORError) {
        guard value.isFinite else { throw .nonFiniteFloat(offset: nil) }
        bytes.append(0xfb)
        appendBigEndian(value.bitPattern)
    }

    /// Tag 42 (`d8 2a`) around a byte string of `00` + the binary CID.
    mutating func writeLink(_ cid: CID) {
        bytes.append(0xd8)
        bytes.append(42)
        writeHead(.bytes, UInt64(cid.bytes.count + 1))
        bytes.append(0)
        bytes.append(contentsOf: cid.bytes)
    }
}
