/// A cylinder carried on a dive, as dive logs record it. Units are SI-ish as divers use them:
/// litres of water volume, bar, percent.
public struct Cylinder: Codable, Hashable, Sendable {
    /// "AL80", "D12 232 bar".
    public var description: String?
    /// Water volume in litres (an AL80 is 11.1 l).
    public var sizeLiters: Double?
    public var workingPressureBar: Double?
    /// Oxygen in the mix, 21 for air.
    public var oxygenPercent: Double
    public var heliumPercent: Double
    public var startPressureBar: Double?
    public var endPressureBar: Double?
    /// What the cylinder was for; `nil` when the log does not say (open circuit).
    public var use: CylinderUse?

    public init(
        description: String? = nil, sizeLiters: Double? = nil, workingPressureBar: Double? = nil,
        oxygenPercent: Double = 21, heliumPercent: Double = 0, startPressureBar: Double? = nil,
        endPressureBar: Double? = nil, use: CylinderUse? = nil
    ) {
        self.description = description
        self.sizeLiters = sizeLiters
        self.workingPressureBar = workingPressureBar
        self.oxygenPercent = oxygenPercent
        self.heliumPercent = heliumPercent
        self.startPressureBar = startPressureBar
        self.endPressureBar = endPressureBar
        self.use = use
    }

    /// Air or nitrox without helium, with a whole oxygen percentage: what `BreathingGas` can say.
    public var breathingGas: BreathingGas? {
        guard heliumPercent == 0, oxygenPercent >= 21, oxygenPercent <= 100, oxygenPercent.rounded() == oxygenPercent else {
            return nil
        }
        let percent = Int(oxygenPercent)
        return percent == 21 ? .air : .nitrox(oxygenPercent: percent)
    }
}

/// The role of a cylinder, as Subsurface names them (`use='…'`).
public enum CylinderUse: String, Codable, CaseIterable, Hashable, Sendable {
    case openCircuit = "OC-gas"
    case diluent
    case oxygen
    case notUsed = "not used"
    case travel = "Travel Gas"
}

/// Weight carried: a belt, integrated pockets, trim weights.
public struct WeightSystem: Codable, Hashable, Sendable {
    public var kilograms: Double
    public var description: String?

    public init(kilograms: Double, description: String? = nil) {
        self.kilograms = kilograms
        self.description = description
    }
}

/// How the diver breathed.
public enum DiveMode: String, Codable, CaseIterable, Hashable, Sendable {
    case openCircuit = "OC"
    case closedCircuit = "CCR"
    case semiClosed = "PSCR"
    case freedive = "Freedive"
}
