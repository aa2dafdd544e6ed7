public import Foundation

/// Why a plan could not be made. Every case names what was wrong and, where it helps, what
/// would be accepted.
public enum PlanError: Error, Hashable, Sendable, LocalizedError {
    case gradientFactorsOutOfRange(low: Int, high: Int)
    case gradientFactorLowAboveHigh(low: Int, high: Int)
    case unreadableGradientFactors(String)
    case noGas
    case noSegments
    case negativeTime(seconds: Int)
    case profileTooLong(seconds: Int)
    case depthOutOfRange(meters: Double)
    case bottomTimeShorterThanDescent(bottomSeconds: Int, descentSeconds: Int)
    /// The depth is deeper than the MOD of every gas at the bottom pO₂ limit.
    case depthBeyondEveryMOD(depth: Double, deepestMOD: Double, oxygenLimit: Double)
    /// The bottom gas cannot be breathed there, but another listed gas could.
    case bottomGasBeyondMOD(gas: String, depth: Double, mod: Double, oxygenLimit: Double)
    case switchDepthBeyondMOD(gas: String, switchDepth: Double, mod: Double, oxygenLimit: Double)
    case invalidRate(name: String, value: Double)
    case invalidSetting(name: String, value: Double)
    /// Recreational mode: the dive needs decompression stops. `limitSeconds` is how long the
    /// diver could have stayed at that depth (nil when not even the descent fits).
    case exceedsNoDecompressionLimit(depth: Double, bottomSeconds: Int, limitSeconds: Int?)
    /// The model asks for a stop longer than two days: the plan is not diveable.
    case decompressionDoesNotConverge(depth: Double)

    public var errorDescription: String? { message(depth: Self.meters) }

    /// The reason, with depths written by `depth` (feet for an imperial reader).
    public func message(depth meters: (Double) -> String) -> String {
        switch self {
        case .gradientFactorsOutOfRange(let low, let high):
            "Gradient factors must be 1–100 %, not \(low)/\(high)."
        case .gradientFactorLowAboveHigh(let low, let high):
            "GF low (\(low)) cannot be above GF high (\(high)); write them low/high, e.g. 30/75."
        case .unreadableGradientFactors(let text):
            "\"\(text.prefix(20))\" is not a pair of gradient factors; write low/high, e.g. 30/75."
        case .noGas:
            "A plan needs at least one gas."
        case .noSegments:
            "A plan needs a depth and a time."
        case .negativeTime(let seconds):
            "Times must be positive (\(seconds) s)."
        case .profileTooLong(let seconds):
            "The planned profile lasts \(Self.minutes(seconds)); a plan covers at most \(DecoPlanner.maximumProfileSeconds / 3600) hours before the ascent."
        case .depthOutOfRange(let value):
            "Depth must be more than 0 and at most \(meters(DecoPlanner.maximumDepth)), not \(meters(value))."
        case .bottomTimeShorterThanDescent(let bottom, let descent):
            "The time (\(bottom / 60) min) is shorter than the descent (\(Self.minutes(descent)))."
        case .depthBeyondEveryMOD(let depth, let deepest, let limit):
            "\(meters(depth)) is deeper than the MOD of every gas listed (the deepest is \(meters(deepest)) at pO₂ \(limit))."
        case .bottomGasBeyondMOD(let gas, let depth, let mod, let limit):
            "\(gas) cannot be breathed at \(meters(depth)): its MOD at pO₂ \(limit) is \(meters(mod)). List the bottom gas first."
        case .switchDepthBeyondMOD(let gas, let depth, let mod, let limit):
            "\(gas) cannot be switched to at \(meters(depth)): its MOD at pO₂ \(limit) is \(meters(mod))."
        case .invalidRate(let name, let value):
            "The \(name) rate must be more than 0 m/min, not \(value)."
        case .invalidSetting(let name, let value):
            "\(name) cannot be \(value)."
        case .exceedsNoDecompressionLimit(let depth, let bottom, let limit):
            if let limit {
                "\(bottom / 60) min at \(meters(depth)) needs decompression stops; the no-decompression limit there is \(limit / 60) min of run time. Plan a shorter dive or without --recreational."
            } else {
                "\(meters(depth)) needs decompression stops even without bottom time; plan without --recreational."
            }
        case .decompressionDoesNotConverge(let depth):
            "The model asks for a stop of more than two days at \(meters(depth)); this dive cannot be planned."
        }
    }

    static func meters(_ value: Double) -> String {
        "\((value * 10).rounded() / 10) m"
    }

    private static func minutes(_ seconds: Int) -> String {
        "\(seconds / 60):\(String(format: "%02d", seconds % 60)) min"
    }
}
