/// A measured value in a cell, converted to SI: the unit written after the number wins,
/// otherwise the mapping's unit system decides (`18` is metres in metric, feet in imperial).
///
/// Each quantity also knows the range a real dive can have. A value outside it is usually a
/// unit mistake (feet read as metres, °F as °C, psi as bar), so it is reported with a hint
/// instead of being stored.
enum CSVQuantity: Hashable, Sendable {
    case depth
    case distance
    case temperature
    case pressure
    case weight
    /// Cylinder water volume: litres in both unit systems (imperial cubic feet depend on the
    /// working pressure, which a CSV row does not carry).
    case volume
    case percent

    enum Failure: Error, Hashable {
        case notANumber
        case unknownUnit(String)
        case outOfRange
    }

    /// The SI value of `cell`.
    func value(of cell: String, units: UnitSystem, decimalComma: Bool) -> Result<Double, Failure> {
        guard let number = CSVNumber(cell, decimalComma: decimalComma) else { return .failure(.notANumber) }
        guard let value = convert(number, units: units) else { return .failure(.unknownUnit(number.unit)) }
        return plausibleRange.contains(value) ? .success(value) : .failure(.outOfRange)
    }

    /// What a readable value looks like, for messages.
    var expectation: String {
        switch self {
        case .depth: "a depth between 0 and 350 m"
        case .distance: "a distance up to 500 m"
        case .temperature: "a temperature between −5 and 45 °C"
        case .pressure: "a pressure up to 450 bar"
        case .weight: "a weight up to 60 kg"
        case .volume: "a volume up to 100 l"
        case .percent: "a percentage between 0 and 100"
        }
    }

    private var plausibleRange: ClosedRange<Double> {
        switch self {
        case .depth: 0...350
        case .distance: 0...500
        case .temperature: -5...45
        case .pressure: 0...450
        case .weight: 0...60
        case .volume: 0...100
        case .percent: 0...100
        }
    }

    private func convert(_ number: CSVNumber, units: UnitSystem) -> Double? {
        let unit = number.unit
        let value = number.value
        switch self {
        case .depth, .distance:
            switch unit {
            case "m", "meter", "meters", "metre", "metres": return value
            case "ft", "feet", "foot", "'": return value / UnitSystem.feetPerMeter
            case "": return units == .imperial ? value / UnitSystem.feetPerMeter : value
            default: return nil
            }
        case .temperature:
            switch unit {
            case "c", "°c", "celsius", "° c": return value
            case "f", "°f", "fahrenheit", "° f": return (value - 32) * 5 / 9
            case "": return units == .imperial ? (value - 32) * 5 / 9 : value
            default: return nil
            }
        case .pressure:
            switch unit {
            case "bar": return value
            case "psi": return value / UnitSystem.psiPerBar
            case "": return units == .imperial ? value / UnitSystem.psiPerBar : value
            default: return nil
            }
        case .weight:
            switch unit {
            case "kg": return value
            case "lb", "lbs": return value * Self.kilogramsPerPound
            case "": return units == .imperial ? value * Self.kilogramsPerPound : value
            default: return nil
            }
        case .volume:
            switch unit {
            case "", "l", "liter", "liters", "litre", "litres": return value
            default: return nil
            }
        case .percent:
            switch unit {
            case "", "%": return value
            default: return nil
            }
        }
    }

    private static let kilogramsPerPound = 0.453_592_37
}
