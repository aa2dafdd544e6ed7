import XMLKit

/// Writes `DiveSample`s as Subsurface `<sample>`s: time and depth always, tank pressure whenever
/// there is a reading, and every other value only when it differs from the last one written —
/// Subsurface's delta encoding, which `SubsurfaceSampleReader` undoes by carrying values forward.
enum SubsurfaceSampleWriter {
    static func write(_ samples: [DiveSample], into xml: inout XMLWriter) {
        var last = DiveSample(timeSeconds: 0, depthMeters: 0)
        for sample in samples where sample.timeSeconds >= 0 {
            var attributes = [
                ("time", SubsurfaceFormat.clock(sample.timeSeconds) + " min"),
                ("depth", SubsurfaceFormat.decimal(sample.depthMeters) + " m"),
            ]
            func changed<T: Equatable>(_ value: T?, _ previous: T?, _ name: String, _ text: (T) -> String) {
                if let value, value != previous { attributes.append((name, text(value))) }
            }
            changed(sample.temperatureCelsius, last.temperatureCelsius, "temp") { SubsurfaceFormat.decimal($0) + " C" }
            if let pressure = sample.tankPressureBar, pressure != 0 {
                attributes.append(("pressure0", SubsurfaceFormat.decimal(pressure) + " bar"))
            }
            changed(nonNegative(sample.ndlSeconds), last.ndlSeconds, "ndl") { SubsurfaceFormat.clock($0) + " min" }
            changed(nonNegative(sample.stopTimeSeconds), last.stopTimeSeconds, "stoptime") { SubsurfaceFormat.clock($0) + " min" }
            changed(sample.stopDepthMeters, last.stopDepthMeters, "stopdepth") { SubsurfaceFormat.decimal($0) + " m" }
            changed(sample.cnsPercent, last.cnsPercent, "cns") { SubsurfaceFormat.trimmedDecimal($0) + "%" }
            changed(sample.po2Bar, last.po2Bar, "po2") { SubsurfaceFormat.decimal($0) + " bar" }
            changed(sample.heartRate, last.heartRate, "heartbeat") { String($0) }
            xml.element("sample", attributes)
            last = DiveSample(
                timeSeconds: sample.timeSeconds, depthMeters: sample.depthMeters,
                temperatureCelsius: sample.temperatureCelsius ?? last.temperatureCelsius,
                ndlSeconds: nonNegative(sample.ndlSeconds) ?? last.ndlSeconds,
                stopDepthMeters: sample.stopDepthMeters ?? last.stopDepthMeters,
                stopTimeSeconds: nonNegative(sample.stopTimeSeconds) ?? last.stopTimeSeconds,
                cnsPercent: sample.cnsPercent ?? last.cnsPercent, po2Bar: sample.po2Bar ?? last.po2Bar,
                heartRate: sample.heartRate ?? last.heartRate
            )
        }
    }

    private static func nonNegative(_ value: Int?) -> Int? {
        value.flatMap { $0 >= 0 ? $0 : nil }
    }
}
