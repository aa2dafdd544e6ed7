/// Jaro–Winkler similarity of two byte strings, 0 (nothing alike) … 1 (equal), with Winkler's
/// standard prefix scale 0.1 over at most 4 leading characters.
///
/// The duplicate matcher's name test: it forgives the typos, transpositions and dropped letters
/// that separate one source's spelling of a dive site from another's, and weighs the start of
/// the name most, where such spellings agree. Published values: MARTHA/MARHTA 0.961,
/// DWAYNE/DUANE 0.84, DIXON/DICKSONX 0.813.
enum JaroWinkler {
    static let prefixScale = 0.1
    static let maximumPrefix = 4

    static func similarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
        if a.isEmpty, b.isEmpty { return 1 }
        if a.isEmpty || b.isEmpty { return 0 }
        if a == b { return 1 }
        let jaro = jaroSimilarity(a, b)
        var prefix = 0
        while prefix < min(maximumPrefix, a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        return jaro + Double(prefix) * prefixScale * (1 - jaro)
    }

    /// The Jaro similarity: matching characters within half the longer length, less half the
    /// transpositions among them.
    static func jaroSimilarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let window = max(0, max(a.count, b.count) / 2 - 1)
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: a.count + b.count) { flags in
            flags.initialize(repeating: false)
            var matches = 0
            for i in 0..<a.count {
                let low = max(0, i - window)
                let high = min(b.count - 1, i + window)
                guard low <= high else { continue }
                for j in low...high where !flags[a.count + j] && a[i] == b[j] {
                    flags[i] = true
                    flags[a.count + j] = true
                    matches += 1
                    break
                }
            }
            guard matches > 0 else { return 0 }
            var transpositions = 0
            var k = 0
            for i in 0..<a.count where flags[i] {
                while !flags[a.count + k] { k += 1 }
                if a[i] != b[k] { transpositions += 1 }
                k += 1
            }
            let m = Double(matches)
            return (m / Double(a.count) + m / Double(b.count) + (m - Double(transpositions / 2)) / m) / 3
        }
    }
}
