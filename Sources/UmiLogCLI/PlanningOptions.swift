import ArgumentParser
import DecoKit
import Foundation
import Validation

/// The water a dive is in, as `--water` names it.
enum WaterChoice: String, CaseIterable, ExpressibleByArgument {
    case salt, fresh, en13319

    var water: Water {
        switch self {
        case .salt: .salt
        case .fresh: .fresh
        case .en13319: .en13319
        }
    }

    /// "sea water", "fresh water", "EN 13319 water".
    var label: String {
        switch self {
        case .salt: "sea water"
        case .fresh: "fresh water"
        case .en13319: "EN 13319 water"
        }
    }
}

/// Which convention turns depth into pressure, as `--convention` names it.
enum PressureConvention: String, CaseIterable, ExpressibleByArgument {
    /// What dive computers and Subsurface do: the real water column over the real surface
    /// pressure, MODs rounded down to the 3 m stop grid.
    case computer
    /// What training material and tables do: 1 bar at the surface, 10 m of water per bar, exact.
    case textbook
}

/// The options that say how depth becomes pressure, shared by the gas commands and the planner:
/// `--water`, `--altitude` and `--convention`.
///
/// Every number a planning command prints depends on them, so they are options with defaults
/// that match a dive computer at sea level rather than hidden constants; the textbook convention
/// is there to reproduce a course's tables and ignores water and altitude.
struct PressureModelOptions: ParsableArguments {
    /// The ISA formula ``PressureModel`` uses is meant for the troposphere; no one dives higher.
    static let altitudeRange = 0.0...6000

    @Option(name: .long, help: "The water: salt (1.030 kg/l), fresh (1.000) or en13319 (1.020, many computers' setting).")
    var water: WaterChoice = .salt

    @Option(name: .long, help: "The dive site's altitude above sea level (metres, or e.g. 3000ft; 0 to 6000 m).")
    var altitude: LengthArgument?

    @Option(
        name: .long,
        help: "computer: real water and surface pressure, MOD rounded down to the 3 m grid; textbook: 1 bar, 10 m per bar, exact.")
    var convention: PressureConvention = .computer

    /// Metres above sea level; 0 when `--altitude` is not given.
    var altitudeMeters: Double { altitude?.meters ?? 0 }

    func validate() throws {
        guard Self.altitudeRange.contains(altitudeMeters) else {
            throw ValidationError("--altitude must be from 0 to 6000 m, not \(Wording.number(altitudeMeters)) m.")
        }
    }

    /// The pressure model these options describe.
    var model: PressureModel {
        switch convention {
        case .computer: PressureModel(water: water.water, altitude: altitudeMeters)
        case .textbook: .textbook
        }
    }

    /// How MODs are rounded in this convention: the computer's stop grid, or not at all for the
    /// textbook (whose tables print 33.75 m).
    var modRounding: DepthRounding {
        switch convention {
        case .computer: .computerGrid
        case .textbook: .exact
        }
    }

    /// "sea water at 1013 mbar", "fresh water at 899 mbar (1000 m altitude)", or the textbook
    /// convention: what a printed number was computed for.
    var summary: String {
        switch convention {
        case .textbook:
            return "textbook convention (1 bar at the surface, 10 m per bar)"
        case .computer:
            let surface = "\(water.label) at \(Int((model.surfacePressure * 1000).rounded())) mbar"
            return altitudeMeters > 0 ? "\(surface) (\(Wording.number(altitudeMeters.rounded())) m altitude)" : surface
        }
    }

    /// The same, for `--json`.
    var output: PressureModelOutput {
        PressureModelOutput(
            convention: convention.rawValue, water: convention == .computer ? water.rawValue : nil,
            altitudeMeters: convention == .computer ? altitudeMeters : nil, surfacePressureBar: model.surfacePressure,
            barPerMeter: model.barPerMeter)
    }
}

/// The pressure model as `--json` prints it.
struct PressureModelOutput: Encodable {
    let convention: String
    let water: String?
    let altitudeMeters: Double?
    let surfacePressureBar: Double
    let barPerMeter: Double
}

/// A breathing gas as divers write it (`air`, `ean32`, `tx18/45`, `18/45`, `heliox10/90`), read by
/// ``GasMix/init(parsing:)``.
///
/// `init?(argument:)` can only say that a value is invalid; declare the option with
/// `transform: GasArgument.parse` and ArgumentParser prints the reason ("Oxygen 50 % and helium
/// 60 % add up to more than 100 %.") after "The value 'tx50/60' is invalid for '--gas <gas>'".
struct GasArgument: ExpressibleByArgument {
    let mix: GasMix

    init(_ mix: GasMix) {
        self.mix = mix
    }

    init?(argument: String) {
        guard let mix = try? GasMix(parsing: argument) else { return nil }
        self.mix = mix
    }

    /// The mix `text` names, or the reason it names none.
    static func parse(_ text: String) throws(GasMixError) -> GasArgument {
        GasArgument(try GasMix(parsing: text))
    }
}
