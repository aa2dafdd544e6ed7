import TestSupport

/// The draws the synthetic dataset makes from TestSupport's seeded generator, so the same seed
/// gives the same records on every machine.
extension SplitMix64 {
    /// Uniform in `low..<high`.
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        uniform(0, 1) < probability
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int(next() % UInt64(values.count))]
    }
}
