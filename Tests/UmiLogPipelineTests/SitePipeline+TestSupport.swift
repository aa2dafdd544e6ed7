import Foundation
import Logging

@testable import UmiLogPipeline

extension SitePipeline {
    /// A pipeline with a fixed clock, for reproducible output.
    static func testing(parallelism: Int = 2, exampleLimit: Int = 20) -> SitePipeline {
        var options = PipelineOptions()
        options.generatedAt = Date(timeIntervalSince1970: 1_760_000_000)
        options.parallelism = parallelism
        options.exampleLimit = exampleLimit
        return SitePipeline(options: options, logger: Logger(label: "test"))
    }

    /// Stages 1–6 on in-memory lines.
    func process(lines: [String]) -> ProcessedDataset {
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        return bytes.withUnsafeBufferPointer { process($0) }
    }
}

/// One site line with sensible defaults; `extra` adds or overrides members (raw JSON values).
func siteLine(
    _ sourceID: String, name: String, latitude: Double, longitude: Double, source: String = "osm",
    license: String = "ODbL-1.0", extra: [String: String] = [:]
) -> String {
    var members: [(String, String)] = [
        ("source", "\"\(source)\""), ("source_id", "\"\(sourceID)\""), ("license", "\"\(license)\""),
        ("retrieved_at", "\"2025-10-18\""), ("name", jsonString(name)), ("latitude", "\(latitude)"), ("longitude", "\(longitude)"),
    ]
    for (key, value) in extra.sorted(by: { $0.key < $1.key }) {
        if let index = members.firstIndex(where: { $0.0 == key }) { members[index].1 = value } else { members.append((key, value)) }
    }
    return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
}

func jsonString(_ text: String) -> String {
    String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
}
