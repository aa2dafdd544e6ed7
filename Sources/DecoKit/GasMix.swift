public import Foundation

/// A breathing gas: oxygen and helium in per mille, the rest nitrogen.
///
/// Fractions are whole per mille so that two mixes a diver calls the same compare equal and
/// round-trip through text exactly (Subsurface stores them the same way); 20.9 % is 209 ‰.
public struct GasMix: Hashable, Sendable, Codable {
    public let oxygenPermille: Int
    public let heliumPermille: Int

    /// A mix of `oxygenPermille` ‰ O₂ and `heliumPermille` ‰ He. O₂ must be 1–1000 ‰, He 0 or
    /// more, and the two together at most 1000 ‰.
    public init(oxygenPermille: Int, heliumPermille: Int = 0) throws(GasMixError) {
        guard (1...1000).contains(oxygenPermille) else { throw .oxygenOutOfRange(permille: oxygenPermille) }
        guard heliumPermille >= 0 else { throw .heliumOutOfRange(permille: heliumPermille) }
        guard oxygenPermille + heliumPermille <= 1000 else {
            throw .moreThanAllOfIt(oxygenPermille: oxygenPermille, heliumPermille: heliumPermille)
        }
        self.oxygenPermille = oxygenPermille
        self.heliumPermille = heliumPermille
    }

    /// A mix from percentages, rounded to the nearest per mille.
    public init(oxygenPercent: Double, heliumPercent: Double = 0) throws(GasMixError) {
        guard oxygenPercent.isFinite, heliumPercent.isFinite else { throw .notANumber }
        try self.init(oxygenPermille: Int((oxygenPercent * 10).rounded()), heliumPermille: Int((heliumPercent * 10).rounded()))
    }

    /// Air as divers fill it: 21 % O₂ (the 20.9 % of the atmosphere rounds to the 21 every
    /// analyser label and table uses). Nitrogen 79 %.
    public static let air = GasMix(checkedOxygen: 210, helium: 0)
    /// Pure oxygen.
    public static let oxygen = GasMix(checkedOxygen: 1000, helium: 0)

    /// Enriched air nitrox with `percent` % O₂.
    public static func nitrox(_ percent: Int) throws(GasMixError) -> GasMix {
        try GasMix(oxygenPermille: percent * 10)
    }

    private init(checkedOxygen: Int, helium: Int) {
        oxygenPermille = checkedOxygen
        heliumPermille = helium
    }

    public var nitrogenPermille: Int { 1000 - oxygenPermille - heliumPermille }
    public var oxygenFraction: Double { Double(oxygenPermille) / 1000 }
    public var heliumFraction: Double { Double(heliumPermille) / 1000 }
    public var nitrogenFraction: Double { Double(nitrogenPermille) / 1000 }

    /// Below 16 % O₂ a mix cannot be breathed at the surface.
    public var isHypoxic: Bool { oxygenPermille < 160 }

    /// The name divers write: "Air", "EAN32", "Oxygen", "Tx18/45", "Heliox 10/90".
    public var name: String {
        if heliumPermille == 0 {
            switch oxygenPermille {
            case 210: return "Air"
            case 1000: return "Oxygen"
            default: return "EAN\(Self.percentText(oxygenPermille))"
            }
        }
        if nitrogenPermille == 0 { return "Heliox \(Self.percentText(oxygenPermille))/\(Self.percentText(heliumPermille))" }
        return "Tx\(Self.percentText(oxygenPermille))/\(Self.percentText(heliumPermille))"
    }

    private static func percentText(_ permille: Int) -> String {
        permille % 10 == 0 ? "\(permille / 10)" : "\(permille / 10).\(permille % 10)"
    }
}

extension GasMix: CustomStringConvertible {
    public var description: String { name }
}

extension GasMix {
    /// Reads a mix as divers write it, case and spaces ignored: `air`, `oxygen`/`o2`,
    /// `ean32`/`nx32`/`nitrox32`/`32`, `tx18/45`/`trimix18/45`/`18/45`, `heliox10/90`.
    /// Percentages may have one decimal (`ean32.5`); oxygen must be at least 1 %.
    public init(parsing text: String) throws(GasMixError) {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        switch compact {
        case "air": self = .air
        case "o2", "oxygen", "ean100": self = .oxygen
        default:
            var body = Substring(compact)
            for prefix in ["ean", "eanx", "nx", "nitrox", "tx", "trimix", "heliox", "hx"] where body.hasPrefix(prefix) {
                // The longest prefix wins: "eanx" must not leave "x32".
                let candidate = body.dropFirst(prefix.count)
                if candidate.first?.isNumber == true { body = candidate }
            }
            if body.hasSuffix("%") { body = body.dropLast() }
            let parts = body.split(separator: "/", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let oxygen = Self.percent(parts[0]) else { throw .unreadable(text) }
            let helium: Double
            if parts.count == 2 {
                guard let value = Self.percent(parts[1]) else { throw .unreadable(text) }
                helium = value
            } else {
                helium = 0
            }
            // Under 1 % O₂ is a typo ("0.5" for "50"), not a gas anyone breathes.
            guard oxygen >= 1 else { throw .oxygenOutOfRange(permille: Int((oxygen * 10).rounded())) }
            try self.init(oxygenPercent: oxygen, heliumPercent: helium)
        }
    }

    /// A percentage of at most one decimal, digits only (no sign, exponent or hex).
    private static func percent(_ text: Substring) -> Double? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), let whole = pieces.first, !whole.isEmpty, whole.count <= 3,
            whole.allSatisfy(\.isASCIIDigit)
        else { return nil }
        if pieces.count == 2 {
            guard pieces[1].count == 1, pieces[1].allSatisfy(\.isASCIIDigit) else { return nil }
        }
        return Double(text)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// Why a gas mix was refused.
public enum GasMixError: Error, Hashable, Sendable, LocalizedError {
    case oxygenOutOfRange(permille: Int)
    case heliumOutOfRange(permille: Int)
    case moreThanAllOfIt(oxygenPermille: Int, heliumPermille: Int)
    case notANumber
    case unreadable(String)

    public var errorDescription: String? {
        switch self {
        case .oxygenOutOfRange(let permille):
            "Oxygen must be from 1 % to 100 %, not \(Double(permille) / 10) %."
        case .heliumOutOfRange(let permille):
            "Helium cannot be negative (\(Double(permille) / 10) %)."
        case .moreThanAllOfIt(let oxygen, let helium):
            "Oxygen \(Double(oxygen) / 10) % and helium \(Double(helium) / 10) % add up to more than 100 %."
        case .notANumber:
            "A gas fraction must be a number."
        case .unreadable(let text):
            "\"\(text.prefix(40))\" is not a gas. Write air, oxygen, ean32, tx18/45 or 18/45 (O₂/He %)."
        }
    }
}
