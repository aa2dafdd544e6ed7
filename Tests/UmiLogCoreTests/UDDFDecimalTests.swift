import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

/// The exact unit conversions between UDDF's SI units and the log's units.
@Suite("UDDF unit conversions")
struct UDDFDecimalTests {
    @Test("every °C with up to two decimals from −60 to 60 goes to kelvin and back unchanged")
    func celsiusTwoDecimals() throws {
        var failures: [Double] = []
        for hundredths in -6000...6000 {
            let celsius = Double(hundredths) / 100
            let kelvin = try #require(UDDFUnits.kelvinText(celsius: celsius).flatMap(UDDFDecimal.init))
            if UDDFUnits.celsius(kelvin: kelvin) != celsius { failures.append(celsius) }
        }
        #expect(failures == [])
    }

    @Test("kelvin text is the decimal sum, and reading subtracts on the digits")
    func kelvinExamples() throws {
        let cases: [(Double, String)] = [(12.2, "285.35"), (0, "273.15"), (-2.5, "270.65"), (4.3, "277.45"), (-273.15, "0"), (10, "283.15")]
        for (celsius, kelvin) in cases {
            #expect(UDDFUnits.kelvinText(celsius: celsius) == kelvin)
        }
        let readings: [(String, Double)] = [("287.1", 13.95), ("283.1", 9.95), ("285.35", 12.2), ("283.15", 10), ("273.15", 0)]
        for (kelvin, celsius) in readings {
            #expect(UDDFUnits.celsius(kelvin: try #require(UDDFDecimal(kelvin))) == celsius)
        }
    }

    @Test("random values of any magnitude survive every conversion and back exactly")
    func randomRoundTrips() throws {
        var generator = SplitMix64(seed: 0x0DDF_0201)
        var failures: [Double] = []
        for _ in 0..<3000 {
            let value =
                Double.random(in: 1..<10, using: &generator) * pow(10, Double(Int.random(in: -7...7, using: &generator)))
                * (Bool.random(using: &generator) ? 1 : -1)
            let trips: [(String?, (UDDFDecimal) -> Double?)] = [
                (UDDFUnits.pascalText(bar: value), UDDFUnits.bar(pascal:)),
                (UDDFUnits.cubicMetreText(liters: value), UDDFUnits.liters(cubicMetres:)),
                (UDDFUnits.fractionText(percent: value), UDDFUnits.percent(fraction:)),
                (UDDFUnits.kelvinText(celsius: value), UDDFUnits.celsius(kelvin:)),
                (UDDFUnits.text(value), { $0.doubleValue }),
            ]
            for (text, back) in trips where text.flatMap(UDDFDecimal.init).flatMap(back) != value {
                failures.append(value)
            }
        }
        #expect(failures == [])
    }

    @Test("SI texts for the usual values, never with an exponent")
    func plainTexts() {
        #expect(UDDFUnits.pascalText(bar: 207) == "20700000")
        #expect(UDDFUnits.pascalText(bar: 1.013) == "101300")
        #expect(UDDFUnits.cubicMetreText(liters: 11.1) == "0.0111")
        #expect(UDDFUnits.fractionText(percent: 32) == "0.32")
        #expect(UDDFUnits.fractionText(percent: 100) == "1")
        #expect(UDDFUnits.text(1e-7) == "0.0000001")
        #expect(UDDFUnits.text(2e20) == "200000000000000000000")
        #expect(UDDFUnits.text(-0.0) == "0")
        #expect(UDDFUnits.text(.nan) == nil)
        #expect(UDDFUnits.text(.infinity) == nil)
    }

    @Test("numbers as XML Schema writes them are read; anything else is not a number")
    func parsing() {
        let accepted: [(String, Double)] = [
            ("2.0E7", 2e7), (".5", 0.5), ("-0", 0), ("+3", 3), (" 12.50 ", 12.5), ("1,5", 1.5), ("0.210", 0.21),
            ("1e-3", 0.001), ("007", 7), ("5.", 5),
        ]
        for (text, value) in accepted {
            #expect(UDDFDecimal(text)?.doubleValue == value, "\(text)")
        }
        let rejected = [
            "", " ", "INF", "NaN", "-INF", "1e", "--1", "1.2.3", "1e+", "abc", "１２", "1 2", "0x10", "1e9999999",
            String(repeating: "7", count: 100),
        ]
        for text in rejected {
            #expect(UDDFDecimal(text) == nil, "\(text)")
        }
    }

    @Test("adding and subtracting on the digits is exact across signs and magnitudes")
    func arithmetic() throws {
        func decimal(_ text: String) throws -> UDDFDecimal { try #require(UDDFDecimal(text)) }
        #expect(try (decimal("0.1") + decimal("0.2")).plainText == "0.3")
        #expect(try (decimal("273.15") - decimal("273.15")).plainText == "0")
        #expect(try (decimal("-5") + decimal("3.25")).plainText == "-1.75")
        #expect(try (decimal("3.25") - decimal("5")).plainText == "-1.75")
        #expect(try (decimal("999.999") + decimal("0.001")).plainText == "1000")
        #expect(try (decimal("1e-20") + decimal("1e20")).plainText == "100000000000000000000.00000000000000000001")
        #expect(try decimal("12.5").shifted(by: 5).plainText == "1250000")
    }
}
