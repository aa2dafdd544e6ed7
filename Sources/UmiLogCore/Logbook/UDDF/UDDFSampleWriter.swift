import XMLKit

/// Writes a profile as `samples/waypoint`s in the schema's element order.
///
/// Depth and time go into every waypoint; the other values only when they change, which is how
/// computers record them and how ``UDDFSampleReader`` carries them forward again. The first
/// waypoint names the dive mode and switches to the first cylinder's gas, the gas a dive
/// starts on (Subsurface's convention).
enum UDDFSampleWriter {
    static func write(_ samples: [DiveSample], mode: DiveMode, firstMix: String?, to xml: inout XMLWriter) {
        guard !samples.isEmpty else { return }
        xml.open("samples")
        // What a reader carries forward at each point.
        var carried = DiveSample(timeSeconds: 0, depthMeters: 0)
        for (position, sample) in samples.enumerated() {
            xml.open("waypoint")
            if let cns = changed(sample.cnsPercent, from: carried.cnsPercent).flatMap(UDDFUnits.text) {
                xml.element("cns", text: cns)
            }
            if let depth = sample.stopDepthMeters, let time = sample.stopTimeSeconds,
                depth != carried.stopDepthMeters || time != carried.stopTimeSeconds,
                let depthText = UDDFUnits.text(depth)
            {
                xml.element("decostop", [("kind", "mandatory"), ("decodepth", depthText), ("duration", String(time))])
                carried.stopDepthMeters = depth
                carried.stopTimeSeconds = time
            }
            if let po2 = changed(sample.po2Bar, from: carried.po2Bar).flatMap(UDDFUnits.pascalText(bar:)) {
                xml.element("calculatedpo2", text: po2)
            }
            xml.element("depth", text: UDDFUnits.text(sample.depthMeters) ?? "0")
            xml.element("divetime", text: String(sample.timeSeconds))
            // 3.2.2's name for it; 3.3 renamed it heartrate, which the reader also accepts.
            if let rate = changed(sample.heartRate, from: carried.heartRate) {
                xml.element("pulserate", text: String(rate))
            }
            if position == 0, let firstMix {
                xml.element("switchmix", [("ref", firstMix)])
            }
            if let pressure = changed(sample.tankPressureBar, from: carried.tankPressureBar)
                .flatMap(UDDFUnits.pascalText(bar:))
            {
                xml.element("tankpressure", text: pressure)
            }
            if let temperature = changed(sample.temperatureCelsius, from: carried.temperatureCelsius)
                .flatMap(UDDFUnits.kelvinText(celsius:))
            {
                xml.element("temperature", text: temperature)
            }
            if position == 0 {
                xml.element("divemode", [("type", UDDFVocabulary.divemodeType(for: mode))])
            }
            if let ndl = changed(sample.ndlSeconds, from: carried.ndlSeconds) {
                xml.element("nodecotime", text: String(ndl))
            }
            xml.close()
            carried.cnsPercent = sample.cnsPercent ?? carried.cnsPercent
            carried.po2Bar = sample.po2Bar ?? carried.po2Bar
            carried.heartRate = sample.heartRate ?? carried.heartRate
            carried.tankPressureBar = sample.tankPressureBar ?? carried.tankPressureBar
            carried.temperatureCelsius = sample.temperatureCelsius ?? carried.temperatureCelsius
            carried.ndlSeconds = sample.ndlSeconds ?? carried.ndlSeconds
        }
        xml.close()
    }

    /// The value when it is given and differs from what the reader carries.
    private static func changed<Value: Equatable>(_ value: Value?, from carried: Value?) -> Value? {
        guard let value, value != carried else { return nil }
        return value
    }
}
