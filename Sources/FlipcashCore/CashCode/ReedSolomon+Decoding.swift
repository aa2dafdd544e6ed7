/// Error correction: syndromes, Berlekamp–Massey, Chien search and Forney, followed by a full
/// re-encoding check, so a word is either corrected to a true codeword or rejected — never
/// "corrected" to something that fails any of the code's 13 checks.
///
/// Beyond 6 errors a word could lie within distance 6 of another codeword of the 12-root code and
/// be "corrected" to it. Because the code is shortened (35 of 255 symbols), almost every locator
/// that such a word produces has roots outside the word and is rejected: a random word lies within
/// distance 6 of a codeword with probability Σ_{i≤6} C(35, i)·255ⁱ / 256¹² ≈ 5.6·10⁻⁹, the 13th
/// check leaves ≈ 2.2·10⁻¹¹ and `CashCode`'s header check ≈ 3.4·10⁻¹⁶. Measured over 10⁶ random
/// 7-error words (the test `sevenRandomErrors` with CASHCODE_MISCORRECTION_TRIALS=1000000): none
/// passed even the locator search.
extension ReedSolomon {
    /// A corrected codeword and where it was changed.
    struct Correction: Equatable, Sendable {
        /// The codeword, in polynomial order (data then parity).
        let word: [UInt8]
        /// Indices into the word that were corrected, ascending.
        let positions: [Int]
    }

    /// Corrects up to `correctableErrors` wrong symbols of `word` (data then parity).
    ///
    /// - Throws: `.wrongLength`; `.tooManyErrors` when the damage cannot be located (locator degree
    ///   above t or not matching its roots, a root outside the word, a zero magnitude) or when the
    ///   corrected word fails the re-encoding check.
    func correct(_ word: [UInt8]) throws(ReedSolomonError) -> Correction {
        guard word.count == length else { throw .wrongLength(expected: length, actual: word.count) }
        if isCodeword(word) { return Correction(word: word, positions: []) }
        var corrected = word
        guard let positions = locateAndFix(&corrected), isCodeword(corrected) else { throw .tooManyErrors }
        return Correction(word: corrected, positions: positions)
    }

    /// Whether `word` (data then parity) is divisible by g(x): its parity is its data's parity.
    func isCodeword(_ word: [UInt8]) -> Bool {
        word.count == length && parity(of: word[0..<dataCount]).elementsEqual(word[dataCount...])
    }

    /// S_j = W(αʲ) for j in 0..<syndromeCount, by Horner's rule in the log domain.
    func syndromes(of word: [UInt8]) -> [UInt8] {
        let exponents = field.exponents
        let logarithms = field.logarithms
        var syndromes = [UInt8](repeating: 0, count: syndromeCount)
        for power in 0..<syndromeCount {
            var value: UInt8 = 0
            for symbol in word { value = (value == 0 ? 0 : exponents[logarithms[Int(value)] + power]) ^ symbol }
            syndromes[power] = value
        }
        return syndromes
    }

    /// Finds the error locations and magnitudes of `word` and fixes them in place; nil when the
    /// syndromes do not describe at most t errors inside the word. (The result is not checked
    /// against the 13th parity symbol; `correct` does that.)
    func locateAndFix(_ word: inout [UInt8]) -> [Int]? {
        let syndromes = self.syndromes(of: word)
        // All 12 syndromes zero but not a codeword: only the extra (x + 1) check fails, which takes
        // at least 13 wrong symbols — nothing to locate.
        guard syndromes.contains(where: { $0 != 0 }), let locator = errorLocator(syndromes: syndromes) else { return nil }
        let errorCount = locator.count - 1
        guard errorCount >= 1, errorCount <= correctableErrors else { return nil }

        // Chien search over the word's own positions: index i is degree length − 1 − i, X = α^degree.
        var positions: [Int] = []
        positions.reserveCapacity(errorCount)
        for index in 0..<length where field.evaluate(locator, at: field.power(index - length + 1)) == 0 {
            positions.append(index)
        }
        // Fewer roots inside the word than the locator's degree: some lie in the shortened-away
        // part of the code, or the locator does not split — more than t errors.
        guard positions.count == errorCount else { return nil }

        let evaluator = errorEvaluator(syndromes: syndromes, locator: locator)
        for index in positions {
            let degree = length - 1 - index
            let inverse = field.power(-degree)
            let denominator = field.evaluateDerivative(locator, at: inverse)
            guard denominator != 0 else { return nil }
            // Forney with first root α⁰: Y = X · Ω(X⁻¹) / Λ′(X⁻¹).
            let magnitude = field.divide(field.multiply(field.power(degree), field.evaluate(evaluator, at: inverse)), denominator)
            guard magnitude != 0 else { return nil }
            word[index] ^= magnitude
        }
        return positions
    }

    /// Berlekamp–Massey: the shortest Λ(x) (lowest degree first, Λ₀ = 1, no trailing zeros)
    /// generating the syndrome sequence, or nil when its degree differs from the register length
    /// L — then the syndromes are not those of at most t errors.
    func errorLocator(syndromes: [UInt8]) -> [UInt8]? {
        let capacity = syndromes.count + 1
        var current = [UInt8](repeating: 0, count: capacity)
        var previous = current
        var saved = current
        current[0] = 1
        previous[0] = 1
        var degree = 0
        var shift = 1
        var previousDiscrepancy: UInt8 = 1
        for step in syndromes.indices {
            var discrepancy = syndromes[step]
            if degree >= 1 {
                for index in 1...min(degree, step) { discrepancy ^= field.multiply(current[index], syndromes[step - index]) }
            }
            guard discrepancy != 0 else {
                shift += 1
                continue
            }
            let factor = field.divide(discrepancy, previousDiscrepancy)
            let lengthens = 2 * degree <= step
            if lengthens { for index in 0..<capacity { saved[index] = current[index] } }
            // deg(C) ≤ L ≤ syndromeCount throughout, so nothing is cut off; the bound keeps
            // indices in range.
            for index in 0..<max(0, capacity - shift) where previous[index] != 0 {
                current[index + shift] ^= field.multiply(factor, previous[index])
            }
            if lengthens {
                degree = step + 1 - degree
                swap(&previous, &saved)
                previousDiscrepancy = discrepancy
                shift = 1
            } else {
                shift += 1
            }
        }
        let highest = current.lastIndex(where: { $0 != 0 }) ?? 0
        guard highest == degree else { return nil }
        return Array(current[0...highest])
    }

    /// Ω(x) = S(x)·Λ(x) mod x^syndromeCount, lowest degree first.
    func errorEvaluator(syndromes: [UInt8], locator: [UInt8]) -> [UInt8] {
        var evaluator = [UInt8](repeating: 0, count: syndromes.count)
        for (i, coefficient) in locator.enumerated() where coefficient != 0 && i < syndromes.count {
            for j in 0..<(syndromes.count - i) { evaluator[i + j] ^= field.multiply(coefficient, syndromes[j]) }
        }
        return evaluator
    }
}
