/// The conversions between UDDF's SI units and the log's units, done on decimal digits so that
/// writing and reading back gives the very same `Double` (see ``UDDFDecimal``).
enum UDDFUnits {
    /// 0 °C in kelvin.
    static let zeroCelsius = UDDFDecimal(significand: 27315, exponent: -2)

    // MARK: Log → UDDF text

    /// `12.2` → `285.35`.
    static func kelvinText(celsius: Double) -> String? {
        UDDFDecimal(celsius).map { ($0 + zeroCelsius).plainText }
    }

    /// `207` bar → `20700000` Pa.
    static func pascalText(bar: Double) -> String? { shiftedText(bar, by: 5) }

    /// `11.1` l → `0.0111` m³.
    static func cubicMetreText(liters: Double) -> String? { shiftedText(liters, by: -3) }

    /// `32` % → `0.32`.
    static func fractionText(percent: Double) -> String? { shiftedText(percent, by: -2) }

    /// A value already in UDDF's unit (metres, seconds, kg), without an exponent.
    static func text(_ value: Double) -> String? { UDDFDecimal(value)?.plainText }

    private static func shiftedText(_ value: Double, by places: Int) -> String? {
        UDDFDecimal(value)?.shifted(by: places).plainText
    }

    // MARK: UDDF value → log

    static func celsius(kelvin: UDDFDecimal) -> Double? { (kelvin - zeroCelsius).doubleValue }
    static func bar(pascal: UDDFDecimal) -> Double? { pascal.shifted(by: -5).doubleValue }
    static func liters(cubicMetres: UDDFDecimal) -> Double? { cubicMetres.shifted(by: 3).doubleValue }
    static func percent(fraction: UDDFDecimal) -> Double? { fraction.shifted(by: 2).doubleValue }
}
