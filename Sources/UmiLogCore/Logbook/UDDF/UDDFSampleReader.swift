import XMLKit

/// What a dive's `samples/waypoint` list says: the profile, the dive mode its first
/// `divemode` names, and the gas mixes it switches to (in order of first use).
struct UDDFProfile {
    var samples: [DiveSample] = []
    var mode: DiveMode?
    var switchedMixes: [String] = []
}

/// Reads waypoints into samples.
///
/// Computers write a value only when it changes, so each value is carried forward from the
/// last waypoint that had it (as Subsurface's import ends up doing). Only the first
/// `tankpressure` of a waypoint is read and its `ref` ignored, like Subsurface: the sample has
/// room for one transmitter. `cns` is read as a percentage, as Subsurface's import and
/// uddf-swift read it (the schema only says float, and no file seen writes a fraction). A
/// waypoint without a time, or without a depth before any depth was given, is skipped.
///
/// Time and depth are the profile: a depth in the wrong unit refuses the file, as a header
/// value does. Every other value of a waypoint is auxiliary, and one in a unit the schema does
/// not allow (Shearwater Cloud writes `calculatedpo2` in bar, 0.98, where UDDF says pascal) is
/// left out of the dive and counted in one issue per dive and field — a doubtful auxiliary
/// value never sinks a whole file. ``LogbookProfileCheck`` then applies the same plausibility
/// ranges to the profiles of every format.
enum UDDFSampleReader {
    static func profile(_ samples: XMLTree?, values: inout UDDFValues) throws(LogbookReadError) -> UDDFProfile {
        var profile = UDDFProfile()
        var carried = DiveSample(timeSeconds: 0, depthMeters: 0)
        var hasDepth = false
        for waypoint in samples?.children("waypoint") ?? [] {
            if profile.mode == nil, let type = waypoint.child("divemode")?.attribute("type") {
                profile.mode = UDDFVocabulary.mode(divemodeType: type)
                if profile.mode == nil {
                    values.drop("divemode", line: waypoint.line, "dive mode \"\(type.prefix(40))\" is unknown")
                }
            }
            if let ref = waypoint.child("switchmix")?.attribute("ref"), !profile.switchedMixes.contains(ref) {
                profile.switchedMixes.append(ref)
            }
            guard let time = values.seconds(UDDFRaw(waypoint.child("divetime")), "divetime") else {
                values.leaveOut("waypoint time", line: waypoint.line, "a waypoint without a time")
                continue
            }
            let depth = try values.meters(UDDFRaw(waypoint.child("depth")), "depth")
            guard depth != nil || hasDepth else {
                values.leaveOut("waypoint depth", line: waypoint.line, "a waypoint without a depth")
                continue
            }
            hasDepth = true
            carried.timeSeconds = time
            carried.depthMeters = depth ?? carried.depthMeters
            read(waypoint, into: &carried, values: &values)
            profile.samples.append(carried)
        }
        return profile
    }

    /// Overwrites the values `waypoint` gives; the others stay as carried. Only auxiliary
    /// values are read here, and none of them can refuse the file (see ``dropDoubtful(_:_:of:values:)``).
    private static func read(_ waypoint: XMLTree, into sample: inout DiveSample, values: inout UDDFValues) {
        do {
            if let temperature = try values.celsius(UDDFRaw(waypoint.child("temperature")), "temperature") {
                sample.temperatureCelsius = temperature
            }
        } catch {
            dropDoubtful("temperature", error, of: waypoint, values: &values)
        }
        do {
            if let pressure = try values.tankPressure(UDDFRaw(waypoint.child("tankpressure")), "tankpressure") {
                sample.tankPressureBar = pressure
            }
        } catch {
            dropDoubtful("tankpressure", error, of: waypoint, values: &values)
        }
        if let ndl = values.seconds(UDDFRaw(waypoint.child("nodecotime")), "nodecotime") {
            sample.ndlSeconds = ndl
        }
        if let stop = waypoint.child("decostop") {
            do {
                let depth = try values.meters(UDDFRaw(attribute: "decodepth", of: stop), "decodepth")
                let duration = values.seconds(UDDFRaw(attribute: "duration", of: stop), "decostop duration")
                if let depth, let duration {
                    sample.stopDepthMeters = depth
                    sample.stopTimeSeconds = duration
                }
            } catch {
                dropDoubtful("decodepth", error, of: waypoint, values: &values)
            }
        }
        if let cns = values.nonNegative(UDDFRaw(waypoint.child("cns")), "cns") {
            sample.cnsPercent = cns
        }
        // The computed ppO₂ sums up the sensors; without it, the first sensor (3.3 calls it ppo2).
        let po2Element = waypoint.child("calculatedpo2") ?? waypoint.child("measuredpo2") ?? waypoint.child("ppo2")
        let po2Field = po2Element?.name ?? "po2"
        do {
            if let po2 = try values.bar(UDDFRaw(po2Element), po2Field) {
                sample.po2Bar = po2
            }
        } catch {
            dropDoubtful(po2Field, error, of: waypoint, values: &values)
        }
        // 3.2.2 calls it pulserate, 3.3 heartrate.
        let heartElement = waypoint.child("pulserate") ?? waypoint.child("heartrate")
        if let rate = values.nonNegative(UDDFRaw(heartElement), heartElement?.name ?? "heartrate") {
            if rate <= 1000 {
                sample.heartRate = Int(rate.rounded())
            } else {
                values.drop("heartrate", line: heartElement?.line, "heart rate \(rate) is not beats per minute")
            }
        }
    }

    /// Reports an auxiliary value whose size shows a unit the schema does not allow, once per
    /// dive and field with how often it occurred (``LogbookIssueLog`` counts the repeats); the
    /// value is left out and the waypoint's time and depth are kept.
    private static func dropDoubtful(_ field: String, _ error: LogbookReadError, of waypoint: XMLTree, values: inout UDDFValues) {
        let message =
            switch error {
            case .wrongUnit(_, let value, let expected, _):
                "\(field) \(value) is not in \(expected), as UDDF requires; the dive is kept without these values"
            default:
                "\(field) is unreadable (\(error.errorDescription ?? "unknown problem")); the dive is kept without these values"
            }
        values.drop(field, line: waypoint.line, message)
    }
}
