/// Stage 1: read every line of the JSON Lines input, keep the well-formed sites, dives and
/// sightings, and drop the rest with a reason and the line number.
///
/// Lines are read in parallel chunks; results are put back in line order, so the output is the
/// same whatever the number of cores. Blank lines are skipped without counting as records.
struct ValidationStage {
    var maximumLineBytes: Int
    var parallelism: Int

    /// A dropped line.
    struct RejectedLine: Sendable {
        var line: Int
        var failure: ValidationFailure
        var id: String?
        var detail: String?
    }

    struct Output: Sendable {
        var sites: [RawSite] = []
        var dives: [RawDive] = []
        var sightings: [RawSighting] = []
        /// Every dropped line, in line order.
        var rejected: [RejectedLine] = []
        /// Lines that were not blank.
        var records = 0
        var blankLines = 0
    }

    func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Output {
        var start = 0
        // A UTF-8 byte order mark is not part of the first record.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        let chunks = Self.chunkBoundaries(bytes, from: start, pieces: max(1, parallelism) * 4)
        // Line numbers: each chunk starts after the line breaks of the chunks before it.
        let breaks = Parallel.map(chunks.count) { index in
            UnsafeBufferPointer(rebasing: bytes[chunks[index]]).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        var firstLines = [0]
        for count in breaks.dropLast() { firstLines.append(firstLines[firstLines.count - 1] + count) }
        let parsed = Parallel.map(chunks.count) { index in
            readChunk(UnsafeBufferPointer(rebasing: bytes[chunks[index]]), linesBefore: firstLines[index])
        }
        var output = Output()
        output.sites.reserveCapacity(parsed.reduce(0) { $0 + $1.sites.count })
        for chunk in parsed {
            output.sites.append(contentsOf: chunk.sites)
            output.dives.append(contentsOf: chunk.dives)
            output.sightings.append(contentsOf: chunk.sightings)
            output.rejected.append(contentsOf: chunk.rejected)
            output.records += chunk.sites.count + chunk.dives.count + chunk.sightings.count + chunk.rejected.count
            output.blankLines += chunk.blankLines
        }
        removeDuplicateSourceIDs(&output)
        return output
    }

    /// Keeps the first site of each source id; later ones are dropped, since a dive could not
    /// tell which of them it means.
    private func removeDuplicateSourceIDs(_ output: inout Output) {
        var seen = Set<String>(minimumCapacity: output.sites.count)
        var duplicates: [RejectedLine] = []
        var duplicateIndices: [Int] = []
        for index in output.sites.indices where !seen.insert(output.sites[index].sourceID).inserted {
            duplicateIndices.append(index)
            duplicates.append(
                RejectedLine(
                    line: output.sites[index].line, failure: .duplicateSourceID, id: output.sites[index].sourceID, detail: nil
                ))
        }
        guard !duplicates.isEmpty else { return }
        // Compact in place (swaps move, they do not copy); duplicateIndices is increasing.
        var kept = 0
        var next = 0
        for index in output.sites.indices {
            if next < duplicateIndices.count, duplicateIndices[next] == index {
                next += 1
                continue
            }
            if kept != index { output.sites.swapAt(kept, index) }
            kept += 1
        }
        output.sites.removeLast(output.sites.count - kept)
        output.rejected = (output.rejected + duplicates).sorted { $0.line < $1.line }
    }

    // MARK: Chunks

    private struct Chunk {
        var sites: [RawSite] = []
        var dives: [RawDive] = []
        var sightings: [RawSighting] = []
        var rejected: [RejectedLine] = []
        var blankLines = 0
    }

    /// Reads the lines of one chunk; `linesBefore` is the number of lines in earlier chunks.
    private func readChunk(_ bytes: UnsafeBufferPointer<UInt8>, linesBefore: Int) -> Chunk {
        var chunk = Chunk()
        var reader = RecordReader()
        var lineStart = 0
        var line = linesBefore
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            line += 1
            var contentEnd = lineEnd
            if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let text = UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd])
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                chunk.blankLines += 1
            } else if text.count > maximumLineBytes {
                chunk.rejected.append(RejectedLine(line: line, failure: .lineTooLong, id: nil, detail: "\(text.count) bytes"))
            } else {
                switch reader.read(text, line: line) {
                case .success(.site(let site)): chunk.sites.append(site)
                case .success(.dive(let dive)): chunk.dives.append(dive)
                case .success(.sighting(let sighting)): chunk.sightings.append(sighting)
                case .failure(let rejection):
                    chunk.rejected.append(
                        RejectedLine(
                            line: line, failure: rejection.failure, id: rejection.id, detail: rejection.detail
                        ))
                }
            }
            lineStart = lineEnd + 1
        }
        return chunk
    }

    /// About `pieces` ranges covering `start..<bytes.count`, each ending just after a line break
    /// (or at the end of the input).
    static func chunkBoundaries(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, pieces: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var lower = start
        let size = bytes.count - start
        for piece in 1...max(1, pieces) {
            guard lower < bytes.count else { break }
            var upper = piece == pieces ? bytes.count : max(lower, start + size * piece / pieces)
            while upper < bytes.count, upper > lower, bytes[upper - 1] != 0x0A { upper += 1 }
            if upper == lower { continue }
            ranges.append(lower..<upper)
            lower = upper
        }
        if lower < bytes.count { ranges.append(lower..<bytes.count) }
        return ranges
    }
}
