import CZlib

/// Gzip (RFC 1952) compression through the system zlib, for files other tools must read too:
/// the dive-site tiles the UmiLog pipeline writes and the app loads, and anything `gzip -d`
/// should open.
///
/// Decompression treats its input as untrusted: damaged or truncated data is an error, never a
/// crash, and the output is bounded so a small "zip bomb" cannot exhaust memory.
public enum Gzip {
    /// zlib's window bits for a 32 KiB window; +16 asks for a gzip header and trailer, +32 for
    /// automatic detection of gzip or zlib headers when inflating.
    private static let windowBits: Int32 = 15
    /// zlib takes at most `UInt32.max` bytes per call; larger buffers go through in slices.
    private static let sliceLimit = 1 << 30

    /// Compresses `bytes` into one gzip member.
    ///
    /// - Parameter level: 0 (store) … 9 (smallest); 6 is zlib's and gzip's default balance.
    /// - Throws: `GzipError.invalidLevel` or `.compressionFailed`.
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) throws(GzipError) -> [UInt8] {
        guard (0...9).contains(level) else { throw .invalidLevel(level) }
        var stream = z_stream()
        let initStatus = deflateInit2_(
            &stream, level, Z_DEFLATED, windowBits + 16, 8, Z_DEFAULT_STRATEGY,
            zlibVersion(), Int32(MemoryLayout<z_stream>.size)
        )
        guard initStatus == Z_OK else { throw .compressionFailed(code: initStatus) }
        defer { deflateEnd(&stream) }

        // deflateBound is exact for one call; past 4 GiB zlib's 32-bit counters cannot say, so start
        // from a slightly padded size and grow if needed.
        let bound =
            bytes.count <= Int(UInt32.max)
            ? Int(deflateBound(&stream, uLong(bytes.count))) : bytes.count + bytes.count / 1000 + 1024
        var output = [UInt8](repeating: 0, count: max(64, bound))
        var written = 0
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            var consumed = 0
            var result: Int32 = Z_OK
            while result != Z_STREAM_END {
                let slice = min(sliceLimit, input.count - consumed)
                stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0 + consumed) }
                stream.avail_in = uInt(slice)
                let flush = consumed + slice == input.count ? Z_FINISH : Z_NO_FLUSH
                if written == output.count { output.append(contentsOf: repeatElement(0, count: output.count)) }
                let room = min(sliceLimit, output.count - written)
                result = output.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress.map { $0 + written }
                    stream.avail_out = uInt(room)
                    return deflate(&stream, flush)
                }
                written += room - Int(stream.avail_out)
                consumed += slice - Int(stream.avail_in)
                // Z_BUF_ERROR only means "no room to progress": the output grows on the next turn.
                guard result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR else { return result }
            }
            return result
        }
        guard status == Z_STREAM_END else { throw .compressionFailed(code: status) }
        output.removeSubrange(written...)
        return output
    }

    /// Decompresses gzip data (one member, or several concatenated as `gzip -d` accepts).
    ///
    /// - Parameter maximumSize: the most bytes the output may hold (default 512 MiB); larger
    ///   output is refused rather than allocated.
    /// - Throws: `GzipError.invalidData` for bytes that are not gzip or are damaged,
    ///   `.truncated` when the data ends early, `.outputTooLarge` past `maximumSize`.
    public static func decompress(_ bytes: [UInt8], maximumSize: Int = 512 << 20) throws(GzipError) -> [UInt8] {
        guard !bytes.isEmpty else { throw .truncated }
        var stream = z_stream()
        let initStatus = inflateInit2_(&stream, windowBits + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { throw .decompressionFailed(code: initStatus) }
        defer { inflateEnd(&stream) }

        // One byte past the limit tells "exactly the limit" from "more than the limit".
        let capacityLimit = maximumSize < Int.max ? max(0, maximumSize) + 1 : Int.max
        var output = [UInt8](repeating: 0, count: min(capacityLimit, max(1024, bytes.count.multipliedReportingOverflow(by: 4).partialValue)))
        var written = 0
        let failure: GzipError? = bytes.withUnsafeBufferPointer { input in
            var consumed = 0
            while true {
                let slice = min(sliceLimit, input.count - consumed)
                stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0 + consumed) }
                stream.avail_in = uInt(slice)
                if written == output.count {
                    guard output.count < capacityLimit else { return .outputTooLarge(limit: maximumSize) }
                    output.append(contentsOf: repeatElement(0, count: min(output.count, capacityLimit - output.count)))
                }
                let room = min(sliceLimit, output.count - written)
                let status = output.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress.map { $0 + written }
                    stream.avail_out = uInt(room)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    written += room - Int(stream.avail_out)
                    return status
                }
                consumed += slice - Int(stream.avail_in)
                switch status {
                case Z_STREAM_END:
                    // Another gzip member may follow, as in `cat a.gz b.gz`.
                    guard consumed < input.count else { return nil }
                    guard inflateReset(&stream) == Z_OK else { return .decompressionFailed(code: Z_STREAM_ERROR) }
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    // No progress possible: either the output is full (grown above) or the input ran out.
                    if stream.avail_out == 0 { continue }
                    if consumed == input.count { return .truncated }
                    return .invalidData(reason: "zlib could not make progress")
                case Z_DATA_ERROR, Z_NEED_DICT:
                    return .invalidData(reason: stream.msg.map { String(cString: $0) } ?? "damaged data")
                default:
                    return .decompressionFailed(code: status)
                }
            }
        }
        if let failure { throw failure }
        guard written <= maximumSize else { throw .outputTooLarge(limit: maximumSize) }
        output.removeSubrange(written...)
        return output
    }
}
