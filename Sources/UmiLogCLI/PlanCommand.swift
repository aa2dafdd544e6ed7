import ArgumentParser
import CommandLineKit
import DecoKit
import Foundation
import UmiLogCore
import Validation

/// `umilog plan`: a dive plan — Bühlmann ZH-L16C with gradient factors, runtime table, oxygen
/// dose and gas plan — for a square profile, alone or after a logged dive.
struct Plan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plan a dive: decompression stops, run time, CNS/OTU and gas (Bühlmann ZH-L16C with gradient factors).",
        discussion: """
            --time is the run time at which the ascent starts, descent included. The first --gas is the bottom gas; \
            the others are deco gases, switched to at their MOD for pO₂ 1.6 (rounded down to the stop grid) or at \
            the depth after @ (ean50@21). Stops end on whole minutes of run time. \
            A planner is a tool, not a dive computer: dive your computer and your training.
            """)

    @Option(name: .long, help: "Bottom depth (metres, or e.g. 130ft).") var depth: LengthArgument
    @Option(name: .long, help: "Run time at the end of the bottom phase (minutes, h:mm, or 1500s), descent included.") var time: TimeArgument
    @Option(name: .long, help: "A gas, MIX[@SWITCH-DEPTH] (air, ean32, tx18/45, o2@6); repeat for deco gases.") var gas: [String] = []
    @Option(name: .long, help: "A cylinder for the gas in the same position, LITRES[/BAR] (12/232); default 12 l at 200 bar.")
    var cylinder: [String] = []
    @Option(name: .long, help: "Gradient factors low/high.") var gf: String = "30/75"
    @Option(name: .long, help: "Bottom SAC, litres per minute.") var sac: Double = 20
    @Option(name: .customLong("deco-sac"), help: "Deco SAC, litres per minute.") var decoSAC: Double = 17
    @Option(name: .customLong("descent-rate"), help: "Descent rate, metres (or feet, e.g. 60ft) per minute; default 18.")
    var descentRate: LengthArgument?
    @Option(name: .customLong("ascent-rate"), help: "Ascent rate, metres (or feet) per minute, everywhere; default 9.")
    var ascentRate: LengthArgument?

    private var descentRateMeters: Double { descentRate?.meters ?? PlanSettings().descentRate }
    private var ascentRateMeters: Double { ascentRate?.meters ?? AscentRates.standard.stops }
    @Option(name: .customLong("last-stop"), help: "Last stop depth: 3 or 6 (metres; 10 or 20 ft).") var lastStop: Int = 3
    @Flag(name: .long, help: "No-stop dive: refuse a plan past the no-decompression limit; add a 3-minute stop at 5 m.")
    var recreational = false
    @Option(name: .long, help: "A logged dive this one follows (its id or first 4+ characters).") var after: String?
    @Option(name: .customLong("surface-interval"), help: "Time at the surface since --after's dive (h:mm or minutes).")
    var surfaceInterval: TimeArgument?
    @Option(name: .long, help: "CNS model: noaaTable (NOAA single-exposure limits) or subsurfaceFit (Subsurface's exponential fit).")
    var cns: CNSChoice = .noaaTable
    @OptionGroup var pressure: PressureModelOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard !gas.isEmpty else { throw ValidationError("Give at least one --gas (the bottom gas), e.g. --gas ean32.") }
        guard (after == nil) == (surfaceInterval == nil) else {
            throw ValidationError("--after and --surface-interval go together: the dive before, and the time since it.")
        }
        guard lastStop == 3 || lastStop == 6 || lastStop == 10 || lastStop == 20 else {
            throw ValidationError("--last-stop must be 3 or 6 (10 or 20 in feet), not \(lastStop).")
        }
        guard depth.meters > 0 else { throw ValidationError("--depth must be more than 0, not \(Wording.number(depth.meters)).") }
        for (option, rate) in [("--descent-rate", descentRateMeters), ("--ascent-rate", ascentRateMeters)] where !(rate >= 1 && rate <= 60) {
            throw ValidationError("\(option) must be 1–60 m/min, not \(Wording.number(rate)).")
        }
        guard sac > 0, sac <= 100, decoSAC > 0, decoSAC <= 100 else { throw ValidationError("--sac and --deco-sac must be 1–100 l/min.") }
    }

    func run() async throws {
        let units = global.units
        let model = pressure.model
        let factors = try GradientFactors(parsing: gf)
        var settings = PlanSettings(
            mode: recreational ? .recreational : .decompression, gradientFactors: factors,
            stopGrid: units == .imperial ? .imperial : .metric, lastStopAtSixMeters: lastStop == 6 || lastStop == 20,
            bottomSAC: sac, decoSAC: decoSAC)
        settings.descentRate = descentRateMeters
        let rate = ascentRateMeters
        settings.ascentRates = AscentRates(below75Percent: rate, below50Percent: rate, stops: rate, last6Meters: rate)
        settings.cnsModel = cns.model
        let cylinders = try gas.enumerated().map { index, text in
            try Self.makeCylinder(text, size: index < cylinder.count ? cylinder[index] : nil, isBottom: index == 0)
        }
        var start: (tissues: TissueState, oxygen: OxygenExposure)?
        var afterDive: LoggedDive?
        if let after, let surfaceInterval {
            let services = try await global.services()
            let logged = try await services.dives.find(after)
            afterDive = logged
            start = try await services.deco.start(after: logged.dive, surfaceInterval: TimeInterval(surfaceInterval.seconds), factors: factors)
        }
        let request: DivePlanRequest
        let plan: DecoPlan
        do {
            request = try DivePlanRequest.square(
                depth: (depth.meters * 1000).rounded() / 1000, bottomTime: time.seconds, cylinders: cylinders, pressureModel: model,
                settings: settings,
                startTissues: start?.tissues, startExposure: start?.oxygen ?? .none)
            plan = try DecoPlanner.plan(request)
        } catch {
            throw PlanRefusal(reason: error.message(depth: units.length))
        }
        let report = PlanReport(
            plan: plan, request: request, pressure: pressure, units: units, after: afterDive, surfaceInterval: surfaceInterval?.seconds)
        if global.json { return try TerminalOutput.json(report.output) }
        report.lines.forEach { print($0) }
    }

    /// `MIX[@DEPTH]` with its cylinder `LITRES[/BAR]`.
    static func makeCylinder(_ text: String, size: String?, isBottom: Bool) throws -> PlanCylinder {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let mix = try GasMix(parsing: String(parts[0]))
        var switchDepth: PlanCylinder.SwitchDepth = isBottom ? .never : .maximumOperatingDepth
        if parts.count == 2 {
            guard let depth = LengthArgument(argument: String(parts[1])), depth.meters >= 0, depth.meters.isFinite else {
                throw ValidationError("\"\(text)\": the switch depth after @ must be a depth, e.g. ean50@21 or ean50@70ft.")
            }
            switchDepth = .depth(depth.meters)
        }
        var liters = isBottom ? 12.0 : 11.1
        var fill = 200.0
        if let size {
            let pieces = size.split(separator: "/", omittingEmptySubsequences: false)
            guard (1...2).contains(pieces.count), let value = Double(pieces[0]), value > 0, value <= 50 else {
                throw ValidationError("--cylinder \"\(size)\" must be LITRES[/BAR], e.g. 12/232, with 0 < litres ≤ 50.")
            }
            liters = value
            if pieces.count == 2 {
                guard let bar = PressureArgument(argument: String(pieces[1]))?.bar, bar > 0, bar <= 350 else {
                    throw ValidationError("--cylinder \"\(size)\": the fill must be a pressure up to 350 bar, e.g. 232 or 3000psi.")
                }
                fill = bar
            }
        }
        return PlanCylinder(mix: mix, switchDepth: switchDepth, size: liters, fillPressure: fill)
    }
}

/// A plan the planner refused, said in the reader's units.
struct PlanRefusal: LocalizedError {
    let reason: String
    var errorDescription: String? { reason }
}

/// What `umilog plan` prints.
struct PlanReport {
    let plan: DecoPlan
    let request: DivePlanRequest
    let pressure: PressureModelOptions
    let units: UnitSystem
    let after: LoggedDive?
    let surfaceInterval: Int?

    var lines: [String] {
        let settings = request.settings
        var lines: [String] = []
        let gases = request.cylinders.map(\.mix.name).joined(separator: ", ")
        lines.append(
            "Plan: \(units.length(plan.maximumDepth)) until \(Self.clock(plan.bottomTime)) on \(gases) — Bühlmann ZH-L16C, GF \(settings.gradientFactors), \(pressure.summary)"
        )
        if let after, let surfaceInterval {
            lines.append("  after dive \(after.dive.id.uuidString.prefix(8).lowercased()) and \(Self.clock(surfaceInterval)) at the surface")
        }
        lines.append("")
        lines.append("  segment      depth              time    run    gas")
        for segment in plan.segments {
            let depth =
                segment.startDepth == segment.endDepth
                ? units.length(segment.endDepth) : "\(units.length(segment.startDepth)) → \(units.length(segment.endDepth))"
            lines.append(
                "  \(Self.pad(Self.kind(segment.kind), 12)) \(Self.pad(depth, 18)) \(Self.pad(Self.clock(segment.seconds), 7)) \(Self.pad(Self.clock(segment.runtime), 6)) \(segment.gas.name)"
            )
        }
        lines.append("")
        for gasSwitch in plan.gasSwitches {
            lines.append("  switch to \(gasSwitch.gas.name) at \(units.length(gasSwitch.depth)) (run \(Self.clock(gasSwitch.runtime)))")
        }
        var summary = "Run time \(Self.clock(plan.runtime))"
        if let first = plan.firstStopDepth {
            summary += "; decompression from \(units.length(first)), \(Self.clock(plan.stopTime)) of stops"
        } else {
            summary += "; no decompression stops"
        }
        if let limit = plan.noDecompressionLimit { summary += "; no-stop limit at this depth: run time \(Self.clock(limit))" }
        lines.append(summary)
        lines.append(
            "Oxygen: CNS \(Wording.number((plan.oxygen.cnsPercent * 10).rounded() / 10)) % (\(request.settings.cnsModel == .noaaTable ? "NOAA table" : "Subsurface's fit")), \(Wording.number(plan.oxygen.otu.rounded())) OTU"
        )
        for use in plan.cylinders {
            var text =
                "Gas \(use.cylinder + 1): \(use.gas.name), \(Wording.number(use.litersUsed.rounded())) l"
            if let size = request.cylinders[use.cylinder].size, let fill = use.fillPressure, let end = use.endPressure {
                text += " (\(Wording.number(size)) l: \(units.pressure(fill)) → \(units.pressure(end)))"
            }
            if let minimum = use.minimumGasPressure { text += "; minimum gas \(units.pressure(minimum))" }
            lines.append(text)
        }
        for warning in plan.warnings { lines.append("Warning: \(warning.message(depth: units.length, pressure: units.pressure))") }
        return lines
    }

    var output: PlanOutput {
        PlanOutput(
            model: "Bühlmann ZH-L16C", gradientFactors: request.settings.gradientFactors.description,
            pressureModel: pressure.output, runtimeSeconds: plan.runtime, bottomTimeSeconds: plan.bottomTime,
            firstStopDepthMeters: plan.firstStopDepth, stopSeconds: plan.stopTime, noDecompressionLimitSeconds: plan.noDecompressionLimit,
            segments: plan.segments.map {
                PlanOutput.Segment(
                    kind: $0.kind.rawValue, startDepthMeters: $0.startDepth, endDepthMeters: $0.endDepth, seconds: $0.seconds,
                    runtimeSeconds: $0.runtime, cylinder: $0.cylinder + 1, gas: $0.gas.name)
            },
            gasSwitches: plan.gasSwitches.map {
                PlanOutput.Switch(depthMeters: $0.depth, runtimeSeconds: $0.runtime, cylinder: $0.cylinder + 1, gas: $0.gas.name)
            },
            cnsPercent: plan.oxygen.cnsPercent, cnsModel: request.settings.cnsModel.rawValue, otu: plan.oxygen.otu,
            cylinders: plan.cylinders.map {
                PlanOutput.CylinderOutput(
                    cylinder: $0.cylinder + 1, gas: $0.gas.name, litersUsed: $0.litersUsed, decoLitersUsed: $0.decoLitersUsed,
                    sizeLiters: request.cylinders[$0.cylinder].size, fillBar: $0.fillPressure, endBar: $0.endPressure,
                    minimumGasBar: $0.minimumGasPressure, minimumGasLiters: $0.minimumGasLiters)
            },
            warnings: plan.warnings.map(\.message))
    }

    static func kind(_ kind: DecoPlan.Segment.Kind) -> String {
        switch kind {
        case .descent: "descent"
        case .level: "bottom"
        case .ascent: "ascent"
        case .stop: "stop"
        case .safetyStop: "safety stop"
        }
    }

    /// m:ss, or h:mm:ss.
    static func clock(_ seconds: Int) -> String {
        let minutes = seconds / 60
        let rest = String(format: "%02d", seconds % 60)
        return minutes >= 60 ? "\(minutes / 60):\(String(format: "%02d", minutes % 60)):\(rest)" : "\(minutes):\(rest)"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

/// `umilog plan --json`: SI units, times in seconds.
struct PlanOutput: Encodable {
    struct Segment: Encodable {
        let kind: String
        let startDepthMeters: Double
        let endDepthMeters: Double
        let seconds: Int
        let runtimeSeconds: Int
        let cylinder: Int
        let gas: String
    }

    struct Switch: Encodable {
        let depthMeters: Double
        let runtimeSeconds: Int
        let cylinder: Int
        let gas: String
    }

    struct CylinderOutput: Encodable {
        let cylinder: Int
        let gas: String
        let litersUsed: Double
        let decoLitersUsed: Double
        let sizeLiters: Double?
        let fillBar: Double?
        let endBar: Double?
        let minimumGasBar: Double?
        let minimumGasLiters: Double?
    }

    let model: String
    let gradientFactors: String
    let pressureModel: PressureModelOutput
    let runtimeSeconds: Int
    let bottomTimeSeconds: Int
    let firstStopDepthMeters: Double?
    let stopSeconds: Int
    let noDecompressionLimitSeconds: Int?
    let segments: [Segment]
    let gasSwitches: [Switch]
    let cnsPercent: Double
    let cnsModel: String
    let otu: Double
    let cylinders: [CylinderOutput]
    let warnings: [String]
}

/// `--cns`: which CNS model the plan's oxygen clock uses.
enum CNSChoice: String, CaseIterable, ExpressibleByArgument {
    case noaaTable, subsurfaceFit

    var model: CNSModel {
        switch self {
        case .noaaTable: .noaaTable
        case .subsurfaceFit: .subsurfaceFit
        }
    }
}
