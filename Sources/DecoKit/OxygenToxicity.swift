import Foundation

/// Which CNS oxygen clock to run. The two agree within a few per cent up to 1.5 bar and differ
/// most just above 1.6 bar, where the NOAA table ends; a planner says which it used.
public enum CNSModel: String, CaseIterable, Codable, Sendable {
    /// The NOAA Diving Manual's single-exposure limits (table 15-1), interpolated linearly.
    case noaaTable
    /// Subsurface's exponential fit to the same table, defined above 1.6 bar as well.
    case subsurfaceFit
}

/// Oxygen toxicity: the CNS clock (per cent of the single-exposure limit) and the pulmonary
/// dose in OTU (oxygen tolerance units).
public enum OxygenToxicity {
    /// A row of a NOAA oxygen exposure table: at `oxygenPressure` bar, `minutes` of exposure.
    public struct Limit: Hashable, Sendable, Codable {
        public let oxygenPressure: Double
        public let minutes: Double

        public init(oxygenPressure: Double, minutes: Double) {
            self.oxygenPressure = oxygenPressure
            self.minutes = minutes
        }
    }

    /// The NOAA Diving Manual's single-exposure limits (table 15-1), the basis of the CNS clock:
    /// 100 % is reached after the limit's minutes at that pO₂.
    public static let singleExposureLimits: [Limit] = table([720, 570, 450, 360, 300, 240, 210, 180, 150, 120, 45])

    /// The NOAA Diving Manual's 24-hour limits (table 15-1): the most minutes at a pO₂ in a day,
    /// however they are split into dives.
    public static let dailyLimits: [Limit] = table([720, 570, 450, 360, 300, 270, 240, 210, 180, 180, 150])

    private static func table(_ minutes: [Double]) -> [Limit] {
        // Tenths as 6/10, 7/10 … so that each row's pressure is the same Double as the literal 0.6, 0.7 …
        minutes.enumerated().map { Limit(oxygenPressure: Double(6 + $0.offset) / 10, minutes: $0.element) }
    }

    /// The limit in minutes at `oxygenPressure` bar in `limits`, interpolated linearly between
    /// rows; the 0.6 bar row between 0.5 and 0.6 bar; nil at or below 0.5 bar (no limit) and above
    /// the last row (the table does not say).
    public static func limitMinutes(atOxygenPressure oxygenPressure: Double, in limits: [Limit] = singleExposureLimits) -> Double? {
        guard oxygenPressure > 0.5, let first = limits.first, let last = limits.last, oxygenPressure <= last.oxygenPressure + 1e-12
        else { return nil }
        if oxygenPressure <= first.oxygenPressure { return first.minutes }
        for (lower, upper) in zip(limits, limits.dropFirst()) where oxygenPressure <= upper.oxygenPressure + 1e-12 {
            let share = min(1, (oxygenPressure - lower.oxygenPressure) / (upper.oxygenPressure - lower.oxygenPressure))
            return lower.minutes + share * (upper.minutes - lower.minutes)
        }
        return last.minutes
    }

    /// How fast the CNS clock runs at `oxygenPressure` bar, per cent of the limit per minute.
    ///
    /// - ``CNSModel/noaaTable``: 100 / limit, the limit interpolated linearly between the rows of
    ///   ``singleExposureLimits``; nothing at or below 0.5 bar; the 0.6 bar row between 0.5 and
    ///   0.6. Above 1.6 bar the table has no row, so the fit's rate is used, but never less than
    ///   the 1.6 bar row's: exposure beyond the table must not look safer than at its end.
    /// - ``CNSModel/subsurfaceFit``: a fraction per second of `exp(−11.7853 + 0.00193873 · mbar)`
    ///   up to 1500 mbar and `exp(−23.6349 + 0.00980829 · mbar)` above; nothing at or below 500
    ///   mbar.
    public static func cnsPercentPerMinute(atOxygenPressure oxygenPressure: Double, model: CNSModel) -> Double {
        guard oxygenPressure > 0.5 else { return 0 }
        switch model {
        case .subsurfaceFit:
            let millibar = oxygenPressure * 1000
            let perSecond = millibar <= 1500 ? exp(-11.7853 + 0.00193873 * millibar) : exp(-23.6349 + 0.00980829 * millibar)
            return perSecond * 60 * 100
        case .noaaTable:
            if let limit = limitMinutes(atOxygenPressure: oxygenPressure) { return 100 / limit }
            let lastRow = 100 / (singleExposureLimits.last?.minutes ?? 45)
            return max(lastRow, cnsPercentPerMinute(atOxygenPressure: oxygenPressure, model: .subsurfaceFit))
        }
    }

    /// OTU per minute at a constant `oxygenPressure` bar, `((pO₂ − 0.5) / 0.5)^(5/6)` above 0.5
    /// bar (Lambertsen's unit pulmonary toxic dose as Baker tabulated it); nothing below, where the
    /// lung takes no harm.
    public static func otuPerMinute(atOxygenPressure oxygenPressure: Double) -> Double {
        pow(excess(oxygenPressure), 5.0 / 6.0)
    }

    /// The OTU of `minutes` during which pO₂ changes linearly from `start` to `end` bar (a
    /// descent or an ascent), integrated exactly:
    /// `t · 0.5 · (6/11) · (x₁^(11/6) − x₀^(11/6)) / (p₁ − p₀)` with `x = max(0, (p − 0.5) / 0.5)`.
    /// Clamping x at zero makes the part of the segment below 0.5 bar count nothing, as it should;
    /// a constant (or nearly constant) pO₂ is `t · x^(5/6)`.
    public static func otu(minutes: Double, fromOxygenPressure start: Double, toOxygenPressure end: Double) -> Double {
        guard minutes > 0 else { return 0 }
        let change = end - start
        // Below a micro-bar of change the quotient loses its digits; the mean is exact enough.
        guard abs(change) > 1e-6 else { return minutes * otuPerMinute(atOxygenPressure: (start + end) / 2) }
        let exponent = 11.0 / 6.0
        return minutes * 0.5 * (6.0 / 11.0) * (pow(excess(end), exponent) - pow(excess(start), exponent)) / change
    }

    /// `max(0, (p − 0.5) / 0.5)`: how far above the pulmonary threshold a pO₂ is, in half bars.
    private static func excess(_ oxygenPressure: Double) -> Double {
        max(0, (oxygenPressure - 0.5) / 0.5)
    }

    /// The CNS clock's half-time at the surface: it halves every 90 minutes.
    public static let cnsHalfTimeSeconds = 90.0 * 60
}

/// The oxygen a diver has taken: the CNS clock in per cent and the pulmonary dose in OTU.
public struct OxygenExposure: Hashable, Sendable, Codable {
    /// Per cent of the CNS single-exposure limit used (100 = the limit).
    public var cnsPercent: Double
    /// Oxygen tolerance units taken (a daily dose; 300 a day is a usual limit for repetitive
    /// diving).
    public var otu: Double

    public init(cnsPercent: Double = 0, otu: Double = 0) {
        self.cnsPercent = cnsPercent
        self.otu = otu
    }

    /// No exposure yet.
    public static let none = OxygenExposure()

    /// Longest slice over which a changing pO₂ is taken as constant for the CNS clock, seconds.
    /// The clock is not linear in pO₂, so a long descent is cut into slices at their mean pO₂.
    public static let cnsSliceSeconds = 10.0

    /// Adds `seconds` of breathing while pO₂ changes linearly from `start` to `end` bar.
    ///
    /// The CNS clock is integrated exactly for a constant pO₂ and by slices of at most 10 s at
    /// each slice's mean pO₂ otherwise; OTU are integrated exactly (see
    /// ``OxygenToxicity/otu(minutes:fromOxygenPressure:toOxygenPressure:)``). Neither ever
    /// decreases here: breathing does not undo exposure. Zero, negative or non-finite `seconds`
    /// add nothing.
    public mutating func add(
        seconds: Double, fromOxygenPressure start: Double, toOxygenPressure end: Double, model: CNSModel = .noaaTable
    ) {
        guard seconds > 0, seconds.isFinite, start.isFinite, end.isFinite else { return }
        if start == end {
            cnsPercent += OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: start, model: model) * seconds / 60
        } else {
            let slices = Int((seconds / Self.cnsSliceSeconds).rounded(.up))
            let sliceSeconds = seconds / Double(slices)
            for index in 0..<slices {
                let middle = start + (end - start) * (Double(index) + 0.5) / Double(slices)
                cnsPercent += OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: middle, model: model) * sliceSeconds / 60
            }
        }
        otu += OxygenToxicity.otu(minutes: seconds / 60, fromOxygenPressure: start, toOxygenPressure: end)
    }

    /// Spends `seconds` at the surface breathing air: the CNS clock halves every 90 minutes; the
    /// OTU stay, being a daily dose that the planner resets by the day, not by the interval.
    public mutating func surfaceInterval(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        cnsPercent *= pow(0.5, seconds / OxygenToxicity.cnsHalfTimeSeconds)
    }
}
