import XMLKit

/// Reads the `<sample>`s of one `<divecomputer>` into `DiveSample`s.
///
/// Subsurface writes most sample values only when they change (`save_sample` compares with the
/// previous sample, and its reader starts each sample as a copy of the one before), so temperature,
/// NDL, stop depth and time, CNS, pO₂ and heart rate are carried forward here. Tank pressure is
/// the exception: it is written on every sample that has a reading, and a sample without one
/// means "no reading" (Subsurface's `sample_start` clears it and interpolates), so it is not
/// carried — carrying it would invent readings across a transmitter drop-out.
enum SubsurfaceSampleReader {
    /// The samples of `computer` in file order. A sample without a readable time or depth is
    /// skipped and reported; an unreadable optional value is reported and not carried.
    static func samples(of computer: XMLTree, record: String, issues: inout [LogbookIssue]) throws(LogbookReadError) -> [DiveSample] {
        var samples: [DiveSample] = []
        var carried = DiveSample(timeSeconds: 0, depthMeters: 0)
        for element in computer.children("sample") {
            var reader = SubsurfaceAttributeReader(element: element, record: record + ", sample")
            defer { issues += reader.issues }
            guard let time = try reader.seconds("time") else {
                reader.skip("it has no readable time")
                continue
            }
            guard let depth = try reader.number("depth", .depth) else {
                reader.skip("it has no readable depth")
                continue
            }
            if let temperature = try reader.temperature("temp") { carried.temperatureCelsius = temperature }
            if let ndl = try reader.seconds("ndl") { carried.ndlSeconds = ndl }
            if let stopTime = try reader.seconds("stoptime") { carried.stopTimeSeconds = stopTime }
            if let stopDepth = try reader.number("stopdepth", .depth) { carried.stopDepthMeters = stopDepth }
            if let cns = try reader.number("cns", .percent) { carried.cnsPercent = cns }
            if let po2 = try reader.number("po2", .pressure) { carried.po2Bar = po2 }
            if let heartbeat = try reader.number("heartbeat", .count) {
                if (0...400).contains(heartbeat) {
                    carried.heartRate = Int(heartbeat.rounded())
                } else {
                    reader.drop("heart rate \(heartbeat) is impossible")
                }
            }
            var sample = carried
            sample.timeSeconds = time
            sample.depthMeters = depth
            if let pressure = try reader.pressure("pressure0") {
                sample.tankPressureBar = pressure
            } else {
                sample.tankPressureBar = try reader.pressure("pressure")
            }
            samples.append(sample)
        }
        return samples
    }
}
