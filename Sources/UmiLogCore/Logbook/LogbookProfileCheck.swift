import Validation

/// The last check every imported profile passes, whatever format it came in: what the store
/// keeps must be a profile in time order with values a dive can have.
///
/// - **Time order.** A dive computer records forwards; a sample whose time goes back is a defect
///   of the file (a glitch, two downloads pasted together), and sorting would splice it into
///   the wrong place of the dive. So the profile is never sorted and never stored out of order:
///   the longest run of samples already in time order is kept (equal times are in order) and
///   the others are left out with one issue per dive. One garbage sample at the start costs that
///   sample, not the whole profile; a negative time is left out the same way.
/// - **Auxiliary values.** Time and depth are the profile. Every other value (temperature,
///   tank pressure, NDL, deco stop, CNS, ppO₂, heart rate) is auxiliary: one outside what a
///   dive can have is dropped from its sample, reported once per dive and value with how many
///   samples had it, and the sample is kept. The readers apply the same rule to values in the
///   wrong unit, so a doubtful auxiliary value never sinks a dive or a file.
enum LogbookProfileCheck {
    /// A per-sample value other than time and depth, with the range a real dive can have.
    enum AuxiliaryValue: CaseIterable {
        case temperature
        case tankPressure
        case noDecompressionLimit
        case stopDepth
        case stopTime
        case cns
        case po2
        case heartRate

        var name: String {
            switch self {
            case .temperature: "temperature"
            case .tankPressure: "tank pressure"
            case .noDecompressionLimit: "no-deco limit"
            case .stopDepth: "stop depth"
            case .stopTime: "stop time"
            case .cns: "CNS"
            case .po2: "ppO₂"
            case .heartRate: "heart rate"
            }
        }

        /// What a dive can have; the same bounds the readers and the wizard use where they exist.
        var range: ClosedRange<Double> {
            switch self {
            // Subsurface drops sample temperatures outside −40…70 °C too (a computer in the sun
            // on deck reads far above any water).
            case .temperature: -40...70
            // The highest-rated scuba cylinders hold 300 bar; 450 leaves room for any reading.
            case .tankPressure: 0...450
            case .noDecompressionLimit, .stopTime: 0...Double(Self.day)
            case .stopDepth: DiveDraft.depthRange
            // Beyond 1000 % of the daily limit no computer reports; above 100 % is real but rare.
            case .cns: 0...1_000
            // Pure oxygen at 50 m is 6 bar; nobody breathes more.
            case .po2: 0...6
            case .heartRate: 0...400
            }
        }

        var unit: String {
            switch self {
            case .temperature: " °C"
            case .tankPressure, .po2: " bar"
            case .noDecompressionLimit, .stopTime: " s"
            case .stopDepth: " m"
            case .cns: " %"
            case .heartRate: " bpm"
            }
        }

        private static let day = 86_400

        func value(in sample: DiveSample) -> Double? {
            switch self {
            case .temperature: sample.temperatureCelsius
            case .tankPressure: sample.tankPressureBar
            case .noDecompressionLimit: sample.ndlSeconds.map(Double.init)
            case .stopDepth: sample.stopDepthMeters
            case .stopTime: sample.stopTimeSeconds.map(Double.init)
            case .cns: sample.cnsPercent
            case .po2: sample.po2Bar
            case .heartRate: sample.heartRate.map(Double.init)
            }
        }

        func remove(from sample: inout DiveSample) {
            switch self {
            case .temperature: sample.temperatureCelsius = nil
            case .tankPressure: sample.tankPressureBar = nil
            case .noDecompressionLimit: sample.ndlSeconds = nil
            case .stopDepth: sample.stopDepthMeters = nil
            case .stopTime: sample.stopTimeSeconds = nil
            case .cns: sample.cnsPercent = nil
            case .po2: sample.po2Bar = nil
            case .heartRate: sample.heartRate = nil
            }
        }
    }

    /// `samples` as the store may keep them, and what was left out of them, for `record`.
    static func check(_ samples: [DiveSample], record: String) -> (samples: [DiveSample], issues: [LogbookIssue]) {
        var issues: [LogbookIssue] = []
        let negative = samples.filter { $0.timeSeconds < 0 }.count
        var ordered = samples.filter { $0.timeSeconds >= 0 }
        if negative > 0 {
            issues.append(
                LogbookIssue(
                    record: record, message: "\(Wording.counted(negative, "profile point")) with a time before the dive",
                    outcome: .partLeftOut
                ))
        }
        let inOrder = longestRunInTimeOrder(ordered)
        if inOrder.count < ordered.count {
            let backwards = ordered.count - inOrder.count
            let first = firstOutOfOrder(ordered, keeping: inOrder)
            issues.append(
                LogbookIssue(
                    record: record,
                    message:
                        "\(Wording.counted(backwards, "profile point")) going back in time (first at \(first) s); the profile is kept in time order without them",
                    outcome: .partLeftOut
                ))
            ordered = inOrder.map { ordered[$0] }
        }
        for value in AuxiliaryValue.allCases {
            var dropped = 0
            var example: Double?
            for index in ordered.indices {
                guard let reading = value.value(in: ordered[index]), !(reading.isFinite && value.range.contains(reading)) else {
                    continue
                }
                if example == nil { example = reading }
                dropped += 1
                value.remove(from: &ordered[index])
            }
            if let example {
                let bounds = "\(Wording.number(value.range.lowerBound))…\(Wording.number(value.range.upperBound))\(value.unit)"
                issues.append(
                    LogbookIssue(
                        record: record,
                        message:
                            "\(value.name) \(Wording.number(example))\(value.unit) is outside \(bounds) (in \(Wording.counted(dropped, "profile point")))",
                        outcome: .valueDropped
                    ))
            }
        }
        return (ordered, issues)
    }

    /// The indices of a longest subsequence of `samples` whose times never decrease, in order
    /// (patience sorting, O(n log n)).
    static func longestRunInTimeOrder(_ samples: [DiveSample]) -> [Int] {
        // tails[k]: index of the sample ending the best run of length k + 1 found so far.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: samples.count)
        for index in samples.indices {
            let time = samples[index].timeSeconds
            // The first run whose last time is greater than this one (upper bound: ties extend).
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if samples[tails[middle]].timeSeconds <= time { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.append(cursor)
            cursor = previous[cursor]
        }
        return run.reversed()
    }

    private static func firstOutOfOrder(_ samples: [DiveSample], keeping kept: [Int]) -> Int {
        let keptSet = Set(kept)
        return samples.indices.first { !keptSet.contains($0) }.map { samples[$0].timeSeconds } ?? 0
    }
}
