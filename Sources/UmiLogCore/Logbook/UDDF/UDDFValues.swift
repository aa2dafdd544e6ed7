import Foundation
import XMLKit

/// One value as the file wrote it: an element's text or an attribute, and where it was.
struct UDDFRaw {
    var text: String
    var line: Int

    /// The element's text without surrounding whitespace; `nil` when absent or blank.
    init?(_ element: XMLTree?) {
        guard let element, let text = element.trimmedText else { return nil }
        self.text = text
        line = element.line
    }

    /// An attribute of `element`; `nil` when absent or blank.
    init?(attribute name: String, of element: XMLTree?) {
        guard let element, let value = element.attribute(name)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !value.isEmpty
        else { return nil }
        text = value
        line = element.line
    }
}

/// Reads the values of one UDDF record (a site, a dive) in the log's units.
///
/// A value that is not a number, or one that cannot be true (a negative tank volume), is left
/// out and reported in `log`; the record is kept. A value whose size shows the file uses the
/// wrong unit (a "temperature" of 25, a "tank pressure" of 200) throws `wrongUnit`: then every
/// value of that kind in the file is suspect, so nothing is imported.
struct UDDFValues {
    /// "dive 3", "site Lake Coleridge".
    let record: String
    var log: LogbookIssueLog
    /// The units the file turned out to use (see ``UDDFFileUnits``).
    var units = UDDFFileUnits()

    /// Temperatures are kelvin; below this the file wrote Celsius or Fahrenheit.
    static let lowestKelvin = 150.0
    /// Pressures are pascal; a tank pressure or ppO₂ below this was written in bar.
    static let lowestPascal = 1000.0
    /// Tank volumes are m³; above this the file wrote litres.
    static let largestCubicMetres = 1.0
    /// Depths are metres; deeper than this was written in something else (millimetres, feet).
    static let deepestMeters = 1000.0

    /// The number as written; `nil` (and reported) when it is not one.
    mutating func decimal(_ raw: UDDFRaw?, _ field: String) -> UDDFDecimal? {
        guard let raw else { return nil }
        guard let value = UDDFDecimal(raw.text) else {
            drop(field, line: raw.line, "\(field) \"\(raw.text.prefix(40))\" is not a number")
            return nil
        }
        return value
    }

    /// A plain number in UDDF's own unit (degrees, kg/m³).
    mutating func number(_ raw: UDDFRaw?, _ field: String) -> Double? {
        guard let raw, let value = decimal(raw, field) else { return nil }
        guard let double = value.doubleValue else {
            drop(field, line: raw.line, "\(field) \(raw.text.prefix(40)) is too large")
            return nil
        }
        return double
    }

    /// A number that must not be negative (visibility, lead, CNS, heart rate…).
    mutating func nonNegative(_ raw: UDDFRaw?, _ field: String) -> Double? {
        guard let raw, let value = number(raw, field) else { return nil }
        guard value >= 0 else {
            drop(field, line: raw.line, "\(field) \(value) is negative")
            return nil
        }
        return value
    }

    /// A whole number (dive number, rating value, heart rate); `nil` and reported otherwise.
    mutating func integer(_ raw: UDDFRaw?, _ field: String) -> Int? {
        guard let raw, let value = number(raw, field) else { return nil }
        guard let integer = Int(exactly: value), abs(integer) < 1_000_000_000 else {
            drop(field, line: raw.line, "\(field) \(raw.text.prefix(40)) is not a whole number")
            return nil
        }
        return integer
    }

    /// Seconds, rounded to whole seconds as the log keeps them.
    mutating func seconds(_ raw: UDDFRaw?, _ field: String) -> Int? {
        guard let raw, let value = nonNegative(raw, field) else { return nil }
        guard value < 100_000_000 else {
            drop(field, line: raw.line, "\(field) \(raw.text.prefix(40)) s is longer than three years")
            return nil
        }
        return Int(value.rounded())
    }

    /// Metres; a depth beyond 1000 m means the file is not in metres.
    mutating func meters(_ raw: UDDFRaw?, _ field: String) throws(LogbookReadError) -> Double? {
        guard let raw, let value = number(raw, field) else { return nil }
        guard value <= Self.deepestMeters else {
            throw wrongUnit(field, raw, expected: "metres")
        }
        return value
    }

    /// Kelvin → °C; a temperature below 150 K means the file wrote Celsius or Fahrenheit.
    mutating func celsius(_ raw: UDDFRaw?, _ field: String) throws(LogbookReadError) -> Double? {
        guard let raw, let kelvin = decimal(raw, field) else { return nil }
        guard let value = kelvin.doubleValue, value >= Self.lowestKelvin else {
            throw wrongUnit(field, raw, expected: "kelvin")
        }
        return UDDFUnits.celsius(kelvin: kelvin)
    }

    /// Pascal → bar. Zero means "not known" (Subsurface writes it so); a positive value below
    /// `lowest` means the file wrote bar or hectopascal.
    mutating func bar(
        _ raw: UDDFRaw?, _ field: String, lowest: Double = lowestPascal
    ) throws(LogbookReadError) -> Double? {
        guard let raw, let pascal = decimal(raw, field) else { return nil }
        guard let value = pascal.doubleValue else {
            throw wrongUnit(field, raw, expected: "pascal")
        }
        if value == 0 { return nil }
        guard value > 0 else {
            drop(field, line: raw.line, "\(field) \(raw.text.prefix(40)) Pa is negative")
            return nil
        }
        guard value >= lowest else {
            throw wrongUnit(field, raw, expected: "pascal")
        }
        return UDDFUnits.bar(pascal: pascal)
    }

    /// A tank pressure → bar: pascal as the schema says, or psi when the whole file's tank
    /// pressures are (``UDDFFileUnits``). Zero means "not known".
    mutating func tankPressure(_ raw: UDDFRaw?, _ field: String) throws(LogbookReadError) -> Double? {
        guard units.tankPressure == .psi else { return try bar(raw, field) }
        guard let raw, let psi = number(raw, field) else { return nil }
        if psi == 0 { return nil }
        guard psi > 0 else {
            drop(field, line: raw.line, "\(field) \(raw.text.prefix(40)) psi is negative")
            return nil
        }
        return psi / UnitSystem.psiPerBar
    }

    /// m³ → litres. Zero means "not known"; a volume above 1 m³ means the file wrote litres.
    mutating func liters(_ raw: UDDFRaw?, _ field: String) throws(LogbookReadError) -> Double? {
        guard let raw, let cubicMetres = decimal(raw, field) else { return nil }
        guard let value = cubicMetres.doubleValue, value <= Self.largestCubicMetres else {
            throw wrongUnit(field, raw, expected: "cubic metres")
        }
        if value == 0 { return nil }
        guard value > 0 else {
            drop(field, line: raw.line, "\(field) \(raw.text.prefix(40)) m³ is negative")
            return nil
        }
        return UDDFUnits.liters(cubicMetres: cubicMetres)
    }

    /// A gas fraction (0–1) → percent. A value above 1 is taken as a percentage already, as
    /// Subsurface does.
    mutating func percent(_ raw: UDDFRaw?, _ field: String) -> Double? {
        guard let raw, let fraction = decimal(raw, field) else { return nil }
        guard let value = fraction.doubleValue, value >= 0, value <= 100 else {
            drop(field, line: raw.line, "\(field) \(raw.text.prefix(40)) is not a gas fraction")
            return nil
        }
        return value > 1 ? value : UDDFUnits.percent(fraction: fraction)
    }

    /// Reports a value left out of the record.
    mutating func drop(_ field: String, line: Int?, _ message: String) {
        log.add(record: record, field: field, line: line, message: message, outcome: .valueDropped)
    }

    /// Reports a part of the record (a waypoint) left out; the record is kept.
    mutating func leaveOut(_ field: String, line: Int?, _ message: String) {
        log.add(record: record, field: field, line: line, message: message, outcome: .partLeftOut)
    }

    /// Reports the record (a dive) left out of the log.
    mutating func skip(_ field: String, line: Int?, _ message: String) {
        log.add(record: record, field: field, line: line, message: message, outcome: .skipped)
    }

    private func wrongUnit(_ field: String, _ raw: UDDFRaw, expected: String) -> LogbookReadError {
        .wrongUnit(field: field, value: String(raw.text.prefix(40)), expected: expected, line: raw.line)
    }
}
