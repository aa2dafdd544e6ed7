/// One point of a dive computer's profile. Time is seconds from the start of the dive; depth
/// metres; values a computer did not report at this point are `nil` (logs write them only
/// when they change, so readers carry the last value forward before building samples).
public struct DiveSample: Codable, Hashable, Sendable {
    public var timeSeconds: Int
    public var depthMeters: Double
    public var temperatureCelsius: Double?
    /// Pressure of the first cylinder's transmitter.
    public var tankPressureBar: Double?
    /// No-decompression limit left.
    public var ndlSeconds: Int?
    /// The current ceiling stop, when in decompression.
    public var stopDepthMeters: Double?
    public var stopTimeSeconds: Int?
    /// Central-nervous-system oxygen toxicity, percent of the daily limit.
    public var cnsPercent: Double?
    /// Oxygen partial pressure breathed (rebreathers), bar.
    public var po2Bar: Double?
    public var heartRate: Int?

    public init(
        timeSeconds: Int, depthMeters: Double, temperatureCelsius: Double? = nil, tankPressureBar: Double? = nil,
        ndlSeconds: Int? = nil, stopDepthMeters: Double? = nil, stopTimeSeconds: Int? = nil, cnsPercent: Double? = nil,
        po2Bar: Double? = nil, heartRate: Int? = nil
    ) {
        self.timeSeconds = timeSeconds
        self.depthMeters = depthMeters
        self.temperatureCelsius = temperatureCelsius
        self.tankPressureBar = tankPressureBar
        self.ndlSeconds = ndlSeconds
        self.stopDepthMeters = stopDepthMeters
        self.stopTimeSeconds = stopTimeSeconds
        self.cnsPercent = cnsPercent
        self.po2Bar = po2Bar
        self.heartRate = heartRate
    }
}

/// What a profile says about its dive, by the rules Subsurface uses, so that imported numbers
/// agree with what divers see there.
public enum DiveProfile {
    /// Subsurface's `SURFACE_THRESHOLD`: shallower than this counts as being at the surface.
    public static let surfaceThresholdMeters = 0.75

    /// The dive time: the sum of the intervals between consecutive samples where either end is
    /// deeper than 0.75 m, the profile starting at the surface at time 0 (Subsurface's
    /// `fixup_dc_duration`). Time at the surface before, between and after the underwater parts
    /// does not count. `nil` when no interval counts.
    public static func duration(of samples: [DiveSample]) -> Int? {
        var total = 0
        var lastTime = 0
        var lastDepth = 0.0
        for sample in samples {
            if sample.depthMeters > surfaceThresholdMeters || lastDepth > surfaceThresholdMeters {
                total += max(0, sample.timeSeconds - lastTime)
            }
            lastTime = sample.timeSeconds
            lastDepth = sample.depthMeters
        }
        return total > 0 ? total : nil
    }

    /// The greatest sampled depth, `nil` without samples.
    public static func maximumDepth(of samples: [DiveSample]) -> Double? {
        samples.map(\.depthMeters).max()
    }
}
