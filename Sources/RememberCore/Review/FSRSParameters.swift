public import Foundation

/// The 21 model weights of FSRS-6 (w0...w20).
///
/// The defaults are those of py-fsrs 6.3.2, trained on a large body of Anki reviews; a person's
/// own history can later be used to fit better ones, which is why they are a value and not constants.
public struct FSRSParameters: Sendable, Hashable {
    /// The weights w0...w20, in the order of the FSRS-6 paper and py-fsrs.
    public let weights: [Double]

    /// FSRS-6 defaults (py-fsrs 6.3.2 `DEFAULT_PARAMETERS`).
    public static let `default` = FSRSParameters(uncheckedWeights: [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ])

    /// Weights to use instead of the defaults, for example from an optimiser.
    ///
    /// - Throws: ``FSRSParametersError`` when there are not exactly 21 weights or one lies outside
    ///   the range py-fsrs accepts (ranges outside which the formulas stop making sense).
    public init(weights: [Double]) throws(FSRSParametersError) {
        guard weights.count == Self.bounds.count else {
            throw .wrongCount(expected: Self.bounds.count, actual: weights.count)
        }
        for (index, (weight, range)) in zip(weights, Self.bounds).enumerated() where !range.contains(weight) {
            throw .outOfRange(index: index, value: weight, allowed: range)
        }
        self.weights = weights
    }

    private init(uncheckedWeights: [Double]) {
        weights = uncheckedWeights
    }

    /// The allowed range of each weight (py-fsrs 6.3.2 `LOWER_BOUNDS_PARAMETERS`/`UPPER_BOUNDS_PARAMETERS`).
    private static let bounds: [ClosedRange<Double>] = [
        0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4,
        0.001...0.75, 0...4.5, 0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9,
        0...4, 0...1, 1...6, 0...2, 0...2, 0...0.8, 0.1...0.8,
    ]
}

/// Why a set of FSRS weights was refused.
public enum FSRSParametersError: LocalizedError, Equatable, Sendable {
    /// The list does not hold one weight per FSRS-6 parameter.
    case wrongCount(expected: Int, actual: Int)
    /// Weight `w<index>` lies outside the range the model is defined for.
    case outOfRange(index: Int, value: Double, allowed: ClosedRange<Double>)

    public var errorDescription: String? {
        switch self {
        case let .wrongCount(expected, actual):
            "FSRS-6 needs exactly \(expected) weights (w0...w\(expected - 1)); got \(actual). Use the defaults or export all weights from the optimiser."
        case let .outOfRange(index, value, allowed):
            "FSRS weight w\(index) is \(value), outside \(allowed.lowerBound)...\(allowed.upperBound). Check the weights' order or re-run the optimiser."
        }
    }
}
