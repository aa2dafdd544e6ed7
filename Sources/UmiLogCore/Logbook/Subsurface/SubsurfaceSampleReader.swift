import XMLKit

/// Reads the `<sample>`s of one `<divecomputer>` into `DiveSample`s.
///
/// Subsurface writes most sample values only when they change (`save_sample` compares with the
/// previous sample, and its reader starts each sample as a copy of the one before), so temperature,
/// NDL, stop depth and time, CNS, pO₂ and heart rate are carried forward here. Tank pressure is
/// the exception: it is written on every sample that has a reading, and a sample without one
/// means "no reading" (Subsurface's `sample_start` clears it and interpolates), so it is not
/// carried — carrying it would invent readings across a transmitter drop-out.
///
/// Time and depth are the profile: a depth with a non-metric unit refuses the file, like any
/// header value. The other values are auxiliary: one that is unreadable or in another unit
/// (`temp='50 F'`) is left out, and reported once per dive and attribute with how often it
/// occurred, so a damaged profile neither sinks the file nor floods the preview.
enum SubsurfaceSampleReader {
    /// The samples of `computer` in file order. A sample without a readable time or depth is
    /// skipped and reported; an unreadable optional value is reported and not carried.
    static func samples(of computer: XMLTree, record: String, issues: inout [LogbookIssue]) throws(LogbookReadError) -> [DiveSample] {
        var samples: [DiveSample] = []
        var carried = DiveSample(timeSeconds: 0, depthMeters: 0)
        var log = LogbookIssueLog()
        defer { issues += log.issues }
        for element in computer.children("sample") {
            var sample = SampleAttributes(reader: SubsurfaceAttributeReader(element: element, record: record + ", sample"))
            defer { sample.report(to: &log) }
            guard let time = try sample.reader.seconds("time") else {
                sample.skip("time", "it has no readable time")
                continue
            }
            sample.attribute("time")
            guard let depth = try sample.reader.number("depth", .depth) else {
                sample.skip("depth", "it has no readable depth")
                continue
            }
            sample.attribute("depth")
            if let temperature = sample.auxiliary("temp", { reader throws(LogbookReadError) in try reader.temperature("temp") }) {
                carried.temperatureCelsius = temperature
            }
            if let ndl = sample.auxiliary("ndl", { reader throws(LogbookReadError) in try reader.seconds("ndl") }) {
                carried.ndlSeconds = ndl
            }
            if let stopTime = sample.auxiliary("stoptime", { reader throws(LogbookReadError) in try reader.seconds("stoptime") }) {
                carried.stopTimeSeconds = stopTime
            }
            if let stopDepth = sample.auxiliary("stopdepth", { reader throws(LogbookReadError) in try reader.number("stopdepth", .depth) }) {
                carried.stopDepthMeters = stopDepth
            }
            if let cns = sample.auxiliary("cns", { reader throws(LogbookReadError) in try reader.number("cns", .percent) }) {
                carried.cnsPercent = cns
            }
            if let po2 = sample.auxiliary("po2", { reader throws(LogbookReadError) in try reader.number("po2", .pressure) }) {
                carried.po2Bar = po2
            }
            if let heartbeat = sample.auxiliary("heartbeat", { reader throws(LogbookReadError) in try reader.number("heartbeat", .count) }) {
                if (0...400).contains(heartbeat) {
                    carried.heartRate = Int(heartbeat.rounded())
                } else {
                    sample.reader.drop("heart rate \(heartbeat) is impossible")
                    sample.attribute("heartbeat")
                }
            }
            var point = carried
            point.timeSeconds = time
            point.depthMeters = depth
            point.tankPressureBar =
                sample.auxiliary("pressure0", { reader throws(LogbookReadError) in try reader.pressure("pressure0") })
                ?? sample.auxiliary("pressure", { reader throws(LogbookReadError) in try reader.pressure("pressure") })
            samples.append(point)
        }
        return samples
    }
}

/// One `<sample>`'s attributes being read, with each issue the reader notes filed under the
/// attribute it is about, so the dive's log can group repeats.
private struct SampleAttributes {
    var reader: SubsurfaceAttributeReader
    /// The attribute of each of `reader.issues`, by position.
    private var fields: [String] = []

    init(reader: SubsurfaceAttributeReader) {
        self.reader = reader
    }

    /// An auxiliary value: a wrong unit drops it instead of refusing the file.
    mutating func auxiliary<Value>(
        _ name: String, _ read: (inout SubsurfaceAttributeReader) throws(LogbookReadError) -> Value?
    ) -> Value? {
        do {
            let value = try read(&reader)
            attribute(name)
            return value
        } catch {
            let text = reader.text(name) ?? ""
            let expected = if case .wrongUnit(_, _, let unit, _) = error { unit } else { "its unit" }
            reader.drop("\(name) '\(text)' is not in \(expected); the dive is kept without these values")
            attribute(name)
            return nil
        }
    }

    /// Notes that the sample was left out (the dive is kept).
    mutating func skip(_ name: String, _ message: String) {
        reader.leaveOut(message)
        attribute(name)
    }

    /// Files the issues noted since the last call under `name`.
    mutating func attribute(_ name: String) {
        while fields.count < reader.issues.count { fields.append(name) }
    }

    /// Moves the sample's issues into the dive's log.
    func report(to log: inout LogbookIssueLog) {
        for (index, issue) in reader.issues.enumerated() {
            let field = index < fields.count ? fields[index] : "sample"
            log.add(record: issue.record, field: field, line: issue.line, message: issue.message, outcome: issue.outcome)
        }
    }
}
