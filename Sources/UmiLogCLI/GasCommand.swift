import ArgumentParser
import CommandLineKit
import DecoKit
import Foundation
import UmiLogCore
import Validation

/// `umilog gas …`: gas maths for planning a dive — MOD, best mix, EAD, END, density and partial
/// pressures — from DecoKit. Nothing here reads or writes the store.
struct Gas: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gas",
        abstract: "Gas maths: MOD, best mix, EAD, END, density and partial pressures.",
        discussion: """
            Gases are written as divers write them: air, oxygen, ean32, 32, tx18/45, 18/45 (O₂/He %), heliox10/90. \
            By default depths become pressures as a dive computer does it (sea water at 1013 mbar, MOD rounded down \
            to the 3 m stop grid); --water, --altitude and --convention textbook (1 bar, 10 m per bar, exact) change \
            that. Every answer names the convention it was computed in.
            """,
        subcommands: [MOD.self, BestMix.self, EAD.self, END.self, Density.self, PartialPressures.self, Oxygen.self]
    )
}

/// `--json` and `--units` for the gas commands. `--store` is accepted, as by every `umilog`
/// command, so scripts can pass it everywhere; gas maths never open the log.
struct GasOutputOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions<UmiLog>
    @OptionGroup var output: JSONOutputFlag<SIUnitsJSONHelp>

    @Option(name: .long, help: "Units to show: metric or imperial.")
    var units: UnitSystem = .metric

    var json: Bool { output.json }
}

/// The checks every gas command makes of its numbers, so that each says the same thing.
enum GasInput {
    /// The deepest depth any gas command answers for, as `umilog log` accepts (the record is
    /// 332 m).
    static let depthRange = 0.0...330
    /// No planning limit is above 3 bar of oxygen; a bigger number is a typo (140 for 1.40).
    static let oxygenLimitRange = 0.0...3

    static func check(depth meters: Double, option: String) throws {
        guard meters.isFinite, depthRange.contains(meters) else {
            throw ValidationError("\(option) must be from 0 to 330 m, not \(Wording.number(meters)) m.")
        }
    }

    static func check(oxygenLimit bar: Double) throws {
        guard bar.isFinite, bar > oxygenLimitRange.lowerBound, bar <= oxygenLimitRange.upperBound else {
            throw ValidationError("--po2 must be more than 0 and at most 3 bar, not \(Wording.number(bar)).")
        }
    }

    /// `help` for a `--gas` option.
    static let gasHelp = ArgumentHelp("The gas: air, oxygen, ean32, tx18/45 or 18/45 (O₂/He %), heliox10/90.", valueName: "gas")
}

/// Why a gas command has no answer for valid input.
enum GasCommandError: LocalizedError, Equatable {
    /// The pO₂ limit leaves less than 1 % oxygen at the depth.
    case noBestMix(depthMeters: Double, oxygenLimit: Double)

    var errorDescription: String? {
        switch self {
        case .noBestMix(let depth, let limit):
            "No mix: pO₂ \(Wording.number(limit)) at \(Wording.number(depth)) m leaves less than 1 % oxygen."
        }
    }
}

/// `--gas` and `--depth`, for the commands that answer for one gas at one depth.
struct GasAtDepthOptions: ParsableArguments {
    @Option(name: .long, help: GasInput.gasHelp, transform: { try GasArgument.parse($0) }) var gas: GasArgument
    @Option(name: .long, help: "The depth (metres, or e.g. 100ft).") var depth: LengthArgument

    func validate() throws {
        try GasInput.check(depth: depth.meters, option: "--depth")
    }
}

/// A gas as `--json` prints it.
struct GasOutput: Encodable {
    let name: String
    let oxygenPercent: Double
    let heliumPercent: Double
    let nitrogenPercent: Double

    init(_ mix: GasMix) {
        name = mix.name
        oxygenPercent = Double(mix.oxygenPermille) / 10
        heliumPercent = Double(mix.heliumPermille) / 10
        nitrogenPercent = Double(mix.nitrogenPermille) / 10
    }
}

/// Number formatting of the gas commands' text.
enum GasText {
    /// `value` to at most `places` decimals, without needless zeros: `1.4`, `1.36`, `2`.
    static func decimal(_ value: Double, places: Int = 2) -> String {
        let scale = pow(10, Double(places))
        return Wording.number((value * scale).rounded() / scale)
    }

    /// "O₂ counted as narcotic" or "only N₂ counted as narcotic".
    static func narcosis(oxygenIsNarcotic: Bool) -> String {
        oxygenIsNarcotic ? "O₂ counted as narcotic" : "only N₂ counted as narcotic"
    }
}

extension Gas {
    /// `umilog gas mod --gas ean32 --po2 1.4`.
    struct MOD: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mod",
            abstract: "The maximum operating depth of a gas at a pO₂ limit (and the minimum of a hypoxic one)."
        )
        @Option(name: .long, help: GasInput.gasHelp, transform: { try GasArgument.parse($0) }) var gas: GasArgument
        @Option(name: .customLong("po2"), help: "The oxygen limit, bar (1.4 working, 1.6 deco).") var oxygenLimit = 1.4
        @OptionGroup var pressure: PressureModelOptions
        @OptionGroup var display: GasOutputOptions

        func validate() throws {
            try GasInput.check(oxygenLimit: oxygenLimit)
        }

        struct Output: Encodable {
            let gas: GasOutput
            let oxygenLimitBar: Double
            /// Negative when the limit is exceeded at the surface already.
            let modMeters: Double
            let roundedModMeters: Double
            /// `downToGrid` or `exact`.
            let rounding: String
            let gridStepMeters: Double?
            let minimumOperatingDepthMeters: Double
            let pressureModel: PressureModelOutput
        }

        func run() throws {
            let model = pressure.model
            let mix = gas.mix
            let exact = GasMath.maximumOperatingDepth(of: mix, oxygenLimit: oxygenLimit, model: model)
            let rounded = pressure.modRounding.apply(to: exact)
            let minimum = GasMath.minimumOperatingDepth(of: mix, model: model)
            let step: Double? =
                switch pressure.modRounding {
                case .exact: nil
                case .downToGrid(let step, _): step
                }
            if display.json {
                return try TerminalOutput.json(
                    Output(
                        gas: GasOutput(mix), oxygenLimitBar: oxygenLimit, modMeters: exact, roundedModMeters: rounded,
                        rounding: step == nil ? "exact" : "downToGrid", gridStepMeters: step, minimumOperatingDepthMeters: minimum,
                        pressureModel: pressure.output))
            }
            let units = display.units
            let limit = GasText.decimal(oxygenLimit)
            if exact < 0 {
                let surface = GasMath.partialPressure(ofOxygenIn: mix, atDepth: 0, model: model)
                print(
                    "No MOD: \(mix.name) is above pO₂ \(limit) already at the surface (pO₂ \(GasText.decimal(surface)) there), \(pressure.summary)"
                )
                return
            }
            let grid = step.map { " (\(units.length(max(0, rounded))) on the \(Wording.number($0)) m grid)" } ?? ""
            print("MOD \(units.length(exact))\(grid) for \(mix.name) at pO₂ \(limit), \(pressure.summary)")
            if minimum > 0 {
                print("\(mix.name) is hypoxic: breathe it from \(units.length(minimum)) down (pO₂ 0.16 there).")
            }
        }
    }

    /// `umilog gas bestmix --depth 40 --po2 1.4 --end 30`.
    struct BestMix: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bestmix",
            abstract: "The richest mix for a depth: O₂ at the pO₂ limit (rounded down), helium for the END (rounded up)."
        )
        @Option(name: .long, help: "The planned maximum depth (metres, or e.g. 130ft).") var depth: LengthArgument
        @Option(name: .customLong("po2"), help: "The oxygen limit at that depth, bar.") var oxygenLimit = 1.4
        @Option(name: .long, help: "The deepest END to allow (metres, or e.g. 100ft; default 30 m).") var end: LengthArgument?
        @Flag(name: .customLong("no-helium"), help: "Nitrox only: no helium, whatever the END.") var noHelium = false
        @Flag(name: .customLong("o2-not-narcotic"), help: "Count only nitrogen as narcotic (the default counts O₂ too).")
        var oxygenNotNarcotic = false
        @OptionGroup var pressure: PressureModelOptions
        @OptionGroup var display: GasOutputOptions

        /// The END limit in metres; 30 m unless `--end` says otherwise.
        var narcoticLimit: Double { end?.meters ?? 30 }

        func validate() throws {
            try GasInput.check(depth: depth.meters, option: "--depth")
            try GasInput.check(depth: narcoticLimit, option: "--end")
            try GasInput.check(oxygenLimit: oxygenLimit)
        }

        struct Output: Encodable {
            let depthMeters: Double
            let oxygenLimitBar: Double
            let narcoticLimitMeters: Double?
            let oxygenIsNarcotic: Bool
            let gas: GasOutput
            let oxygenPressureBar: Double
            let endMeters: Double
            let densityGramsPerLiter: Double
            let pressureModel: PressureModelOutput
        }

        func run() throws {
            let model = pressure.model
            let meters = depth.meters
            let narcotic = !oxygenNotNarcotic
            let limit = noHelium ? nil : narcoticLimit
            let mix: GasMix
            do {
                mix = try GasMath.bestMix(
                    forDepth: meters, oxygenLimit: oxygenLimit, narcoticLimit: limit, oxygenIsNarcotic: narcotic, model: model)
            } catch {
                throw GasCommandError.noBestMix(depthMeters: meters, oxygenLimit: oxygenLimit)
            }
            let oxygen = GasMath.partialPressure(ofOxygenIn: mix, atDepth: meters, model: model)
            let endDepth = GasMath.equivalentNarcoticDepth(of: mix, atDepth: meters, oxygenIsNarcotic: narcotic, model: model)
            let density = GasMath.density(of: mix, atDepth: meters, model: model)
            if display.json {
                return try TerminalOutput.json(
                    Output(
                        depthMeters: meters, oxygenLimitBar: oxygenLimit, narcoticLimitMeters: limit, oxygenIsNarcotic: narcotic,
                        gas: GasOutput(mix), oxygenPressureBar: oxygen, endMeters: endDepth, densityGramsPerLiter: density,
                        pressureModel: pressure.output))
            }
            let units = display.units
            let endLimit = limit.map { "END ≤ \(units.length($0)), \(GasText.narcosis(oxygenIsNarcotic: narcotic))" } ?? "no helium"
            print(
                "Best mix for \(units.length(meters)) at pO₂ \(GasText.decimal(oxygenLimit)) (\(endLimit)): \(mix.name), \(pressure.summary)"
            )
            print(
                "  at \(units.length(meters)): pO₂ \(GasText.decimal(oxygen)) bar, END \(units.length(endDepth)), density \(GasText.decimal(density, places: 1)) g/l"
            )
            if let warning = Density.warning(density) { print("  \(warning)") }
        }
    }

    /// `umilog gas ead --gas ean32 --depth 30`.
    struct EAD: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ead",
            abstract: "The equivalent air depth: where air has the gas's nitrogen pressure (for reading air tables)."
        )
        @OptionGroup var input: GasAtDepthOptions
        @OptionGroup var pressure: PressureModelOptions
        @OptionGroup var display: GasOutputOptions
        var gas: GasArgument { input.gas }
        var depth: LengthArgument { input.depth }

        struct Output: Encodable {
            let gas: GasOutput
            let depthMeters: Double
            let eadMeters: Double
            let pressureModel: PressureModelOutput
        }

        func run() throws {
            let ead = GasMath.equivalentAirDepth(of: gas.mix, atDepth: depth.meters, model: pressure.model)
            if display.json {
                return try TerminalOutput.json(
                    Output(gas: GasOutput(gas.mix), depthMeters: depth.meters, eadMeters: ead, pressureModel: pressure.output))
            }
            let units = display.units
            print("EAD \(units.length(ead)) for \(gas.mix.name) at \(units.length(depth.meters)), \(pressure.summary)")
        }
    }

    /// `umilog gas end --gas tx18/45 --depth 60 [--o2-not-narcotic]`.
    struct END: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "end",
            abstract: "The equivalent narcotic depth: where air is as narcotic as the gas (O₂ counted as narcotic unless told)."
        )
        @OptionGroup var input: GasAtDepthOptions
        @Flag(name: .customLong("o2-not-narcotic"), help: "Count only nitrogen as narcotic (the END is then the EAD).")
        var oxygenNotNarcotic = false
        @OptionGroup var pressure: PressureModelOptions
        @OptionGroup var display: GasOutputOptions
        var gas: GasArgument { input.gas }
        var depth: LengthArgument { input.depth }

        struct Output: Encodable {
            let gas: GasOutput
            let depthMeters: Double
            let oxygenIsNarcotic: Bool
            let endMeters: Double
            let pressureModel: PressureModelOutput
        }

        func run() throws {
            let narcotic = !oxygenNotNarcotic
            let end = GasMath.equivalentNarcoticDepth(of: gas.mix, atDepth: depth.meters, oxygenIsNarcotic: narcotic, model: pressure.model)
            if display.json {
                return try TerminalOutput.json(
                    Output(
                        gas: GasOutput(gas.mix), depthMeters: depth.meters, oxygenIsNarcotic: narcotic, endMeters: end,
                        pressureModel: pressure.output))
            }
            let units = display.units
            print(
                "END \(units.length(end)) for \(gas.mix.name) at \(units.length(depth.meters)) (\(GasText.narcosis(oxygenIsNarcotic: narcotic))), \(pressure.summary)"
            )
        }
    }

    /// `umilog gas density --gas air --depth 40`.
    struct Density: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "density",
            abstract: "The gas's density at a depth, against the 5.2 g/l recommended and 6.2 g/l maximum (Anthony & Mitchell 2016)."
        )
        @OptionGroup var input: GasAtDepthOptions
        @OptionGroup var pressure: PressureModelOptions
        @OptionGroup var display: GasOutputOptions
        var gas: GasArgument { input.gas }
        var depth: LengthArgument { input.depth }

        struct Output: Encodable {
            let gas: GasOutput
            let depthMeters: Double
            let densityGramsPerLiter: Double
            let recommendedLimitGramsPerLiter: Double
            let maximumLimitGramsPerLiter: Double
            let pressureModel: PressureModelOutput
        }

        /// What a diver must hear about a density over a limit; nil within the recommendation.
        static func warning(_ density: Double) -> String? {
            if density > GasMath.maximumDensityLimit {
                return "Above the \(Wording.number(GasMath.maximumDensityLimit)) g/l maximum: breathing this hard risks CO₂ build-up."
            }
            if density > GasMath.recommendedDensityLimit {
                return "Above the recommended \(Wording.number(GasMath.recommendedDensityLimit)) g/l: add helium or go shallower."
            }
            return nil
        }

        func run() throws {
            let density = GasMath.density(of: gas.mix, atDepth: depth.meters, model: pressure.model)
            if display.json {
                return try TerminalOutput.json(
                    Output(
                        gas: GasOutput(gas.mix), depthMeters: depth.meters, densityGramsPerLiter: density,
                        recommendedLimitGramsPerLiter: GasMath.recommendedDensityLimit,
                        maximumLimitGramsPerLiter: GasMath.maximumDensityLimit, pressureModel: pressure.output))
            }
            let units = display.units
            print(
                "Density \(GasText.decimal(density)) g/l for \(gas.mix.name) at \(units.length(depth.meters)) (ideal gas at 0 °C), \(pressure.summary)"
            )
            print(Self.warning(density) ?? "Within the recommended \(Wording.number(GasMath.recommendedDensityLimit)) g/l.")
        }
    }

    /// `umilog gas po2 --gas ean32 --depth 30`.
    struct PartialPressures: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "po2",
            abstract: "The partial pressures of O₂, N₂ and He at a depth."
        )
        @OptionGroup var input: GasAtDepthOptions
        @OptionGroup var pressure: PressureModelOptions
        @OptionGroup var display: GasOutputOptions
        var gas: GasArgument { input.gas }
        var depth: LengthArgument { input.depth }

        struct Output: Encodable {
            let gas: GasOutput
            let depthMeters: Double
            let ambientPressureBar: Double
            let oxygenPressureBar: Double
            let nitrogenPressureBar: Double
            let heliumPressureBar: Double
            let pressureModel: PressureModelOutput
        }

        func run() throws {
            let model = pressure.model
            let meters = depth.meters
            let mix = gas.mix
            let oxygen = GasMath.partialPressure(ofOxygenIn: mix, atDepth: meters, model: model)
            let nitrogen = GasMath.partialPressure(ofNitrogenIn: mix, atDepth: meters, model: model)
            let helium = GasMath.partialPressure(ofHeliumIn: mix, atDepth: meters, model: model)
            let ambient = model.ambientPressure(atDepth: meters)
            if display.json {
                return try TerminalOutput.json(
                    Output(
                        gas: GasOutput(mix), depthMeters: meters, ambientPressureBar: ambient, oxygenPressureBar: oxygen,
                        nitrogenPressureBar: nitrogen, heliumPressureBar: helium, pressureModel: pressure.output))
            }
            let units = display.units
            print(
                "pO₂ \(GasText.decimal(oxygen)) bar, pN₂ \(GasText.decimal(nitrogen)), pHe \(GasText.decimal(helium)) for \(mix.name) at \(units.length(meters)) (ambient \(GasText.decimal(ambient)) bar), \(pressure.summary)"
            )
            if oxygen > 1.6 {
                print("Above 1.6 bar of oxygen, the highest limit of any table.")
            } else if oxygen < 0.16 {
                print("Below 0.16 bar of oxygen: hypoxic, unconsciousness without warning.")
            }
        }
    }

    /// `umilog gas oxygen --po2 1.4 --time 30 [--surface-interval 1:30]`: the oxygen dose of an
    /// exposure, by both CNS models side by side, so a diver sees which one a number is in.
    struct Oxygen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "oxygen",
            abstract: "The oxygen dose of breathing a pO₂ for a time: CNS % (NOAA table and Subsurface's fit) and OTU."
        )
        @Option(name: .customLong("po2"), help: "The oxygen partial pressure breathed, bar.") var oxygenPressure: Double
        @Option(name: .long, help: "How long (minutes, h:mm, or 90s).") var time: TimeArgument
        @Option(name: .customLong("surface-interval"), help: "Time at the surface afterwards (CNS halves every 90 min).")
        var surfaceInterval: TimeArgument?
        @OptionGroup var display: GasOutputOptions

        func validate() throws {
            try GasInput.check(oxygenLimit: oxygenPressure)
        }

        struct Output: Encodable {
            let oxygenPressureBar: Double
            let seconds: Int
            let surfaceIntervalSeconds: Int
            let cnsPercentNOAATable: Double
            let cnsPercentSubsurfaceFit: Double
            let otu: Double
            let singleExposureLimitMinutes: Double?
        }

        func run() throws {
            let interval = surfaceInterval?.seconds ?? 0
            var exposures: [OxygenExposure] = []
            for model in [CNSModel.noaaTable, .subsurfaceFit] {
                var exposure = OxygenExposure.none
                exposure.add(
                    seconds: Double(time.seconds), fromOxygenPressure: oxygenPressure, toOxygenPressure: oxygenPressure, model: model)
                exposure.surfaceInterval(seconds: Double(interval))
                exposures.append(exposure)
            }
            let limit = OxygenToxicity.limitMinutes(atOxygenPressure: oxygenPressure)
            if display.json {
                return try TerminalOutput.json(
                    Output(
                        oxygenPressureBar: oxygenPressure, seconds: time.seconds, surfaceIntervalSeconds: interval,
                        cnsPercentNOAATable: exposures[0].cnsPercent, cnsPercentSubsurfaceFit: exposures[1].cnsPercent,
                        otu: exposures[0].otu, singleExposureLimitMinutes: limit))
            }
            let after = interval > 0 ? ", after \(ImportReport.clock(interval)) at the surface" : ""
            print(
                "pO₂ \(GasText.decimal(oxygenPressure)) bar for \(ImportReport.clock(time.seconds))\(after): CNS \(GasText.decimal(exposures[0].cnsPercent)) % (NOAA table), \(GasText.decimal(exposures[1].cnsPercent)) % (Subsurface's fit); \(GasText.decimal(exposures[0].otu)) OTU"
            )
            if let limit {
                print("NOAA single-exposure limit at this pO₂: \(Wording.number(limit.rounded())) min.")
            } else if oxygenPressure > 1.6 {
                print("Above 1.6 bar the NOAA table has no limit: no dive plan should breathe this.")
            }
        }
    }
}
