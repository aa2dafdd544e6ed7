import ArgumentParser
import CommandLineKit
import UmiLogCore

/// `umilog voice "…"`: what the voice input would fill in, before anything is saved.
struct Voice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse a spoken transcript into dive fields (nothing is saved), e.g. \"depth twenty five bottom time forty\"."
    )
    @Argument(help: "The transcript (several words are joined).") var transcript: [String]
    @OptionGroup var output: JSONOutputFlag<SIUnitsJSONHelp>
    @Option(name: .long, help: "Units to show: metric or imperial.") var units: UnitSystem = .metric

    func run() async throws {
        let result = VoiceCommandParser().parse(transcript.joined(separator: " "))
        if output.json { return try TerminalOutput.json(VoiceOutput(result)) }
        let fields = result.fields
        var lines: [String] = []
        if let value = fields.maxDepthMeters { lines.append("depth:           \(units.length(value))") }
        if let value = fields.averageDepthMeters { lines.append("average depth:   \(units.length(value))") }
        if let value = fields.bottomTimeSeconds { lines.append("bottom time:     \(Output.duration(value))") }
        if let value = fields.waterTemperatureCelsius { lines.append("temperature:     \(units.temperature(value))") }
        if let value = fields.visibilityMeters { lines.append("visibility:      \(units.length(value))") }
        if let value = fields.startPressureBar { lines.append("start pressure:  \(units.pressure(value))") }
        if let value = fields.endPressureBar { lines.append("end pressure:    \(units.pressure(value))") }
        if let value = fields.oxygenPercent { lines.append("gas:             \(value == 21 ? "air" : "EAN\(value)")") }
        if let value = fields.rating { lines.append("rating:          \(value)/5") }
        if let value = fields.buddy { lines.append("buddy:           \(value)") }
        if lines.isEmpty { lines.append("No dive fields heard.") }
        for issue in result.issues { lines.append("? \(issue.errorDescription ?? "\(issue)")") }
        lines.forEach { print($0) }
    }
}

/// `voice --json`: the fields (SI, unit in the key) and each issue's message.
private struct VoiceOutput: Encodable {
    let fields: VoiceDiveFields
    let issues: [String]

    init(_ result: VoiceParseResult) {
        fields = result.fields
        issues = result.issues.map { $0.errorDescription ?? "\($0)" }
    }
}
