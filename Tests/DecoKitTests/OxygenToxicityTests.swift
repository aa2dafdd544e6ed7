import DecoKit
import Foundation
import TestSupport
import Testing

private func exposure(minutes: Double, at oxygenPressure: Double, model: CNSModel) -> OxygenExposure {
    var exposure = OxygenExposure.none
    exposure.add(seconds: minutes * 60, fromOxygenPressure: oxygenPressure, toOxygenPressure: oxygenPressure, model: model)
    return exposure
}

@Suite("Oxygen toxicity: the CNS clock and OTU")
struct OxygenToxicityTests {
    @Test("CNS: 30 min at 1.40 bar, 20 min at 1.60 bar, by the table and by the fit")
    func cnsCheckValues() {
        #expect(abs(exposure(minutes: 30, at: 1.4, model: .noaaTable).cnsPercent - 20.0) < 0.05)
        #expect(abs(exposure(minutes: 30, at: 1.4, model: .subsurfaceFit).cnsPercent - 20.69) < 0.05)
        #expect(abs(exposure(minutes: 20, at: 1.6, model: .noaaTable).cnsPercent - 44.4) < 0.05)
        #expect(abs(exposure(minutes: 20, at: 1.6, model: .subsurfaceFit).cnsPercent - 42.67) < 0.05)
    }

    @Test("the NOAA table: its rows, linear between them, the 0.6 row down to 0.5, nothing below")
    func table() {
        let rows: [(Double, Double)] = [
            (0.6, 720), (0.7, 570), (0.8, 450), (0.9, 360), (1.0, 300), (1.1, 240), (1.2, 210), (1.3, 180), (1.4, 150), (1.5, 120),
            (1.6, 45),
        ]
        for (pressure, minutes) in rows {
            #expect(OxygenToxicity.limitMinutes(atOxygenPressure: pressure) == minutes)
            #expect(abs(OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: pressure, model: .noaaTable) - 100 / minutes) < 1e-12)
        }
        #expect(abs((OxygenToxicity.limitMinutes(atOxygenPressure: 1.45) ?? 0) - 135) < 1e-9)
        #expect(abs((OxygenToxicity.limitMinutes(atOxygenPressure: 1.55) ?? 0) - 82.5) < 1e-9)
        #expect(OxygenToxicity.limitMinutes(atOxygenPressure: 0.55) == 720)
        #expect(OxygenToxicity.limitMinutes(atOxygenPressure: 0.5) == nil)
        #expect(OxygenToxicity.limitMinutes(atOxygenPressure: 1.7) == nil)
        #expect(OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: 0.5, model: .noaaTable) == 0)
        #expect(OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: 0.21, model: .noaaTable) == 0)
        #expect(OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: 0.5, model: .subsurfaceFit) == 0)
        #expect(OxygenToxicity.dailyLimits.map(\.minutes) == [720, 570, 450, 360, 300, 270, 240, 210, 180, 180, 150])
        #expect(OxygenToxicity.limitMinutes(atOxygenPressure: 1.1, in: OxygenToxicity.dailyLimits) == 270)
    }

    @Test("above 1.6 bar the table takes the fit's rate, never less than the 1.6 row's")
    func aboveTheTable() {
        let lastRow = 100.0 / 45
        #expect(OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: 1.6001, model: .noaaTable) == lastRow)
        let fitAt17 = OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: 1.7, model: .subsurfaceFit)
        #expect(fitAt17 > lastRow)
        #expect(OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: 1.7, model: .noaaTable) == fitAt17)
    }

    @Test("the fit's two pieces", arguments: [0.6, 1.0, 1.4, 1.5, 1.51, 1.6, 2.0])
    func fit(oxygenPressure: Double) {
        let millibar = oxygenPressure * 1000
        let perSecond = millibar <= 1500 ? exp(-11.7853 + 0.00193873 * millibar) : exp(-23.6349 + 0.00980829 * millibar)
        #expect(abs(OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: oxygenPressure, model: .subsurfaceFit) - perSecond * 6000) < 1e-12)
    }

    @Test("CNS halves every 90 minutes at the surface; OTU stay")
    func surfaceInterval() {
        var exposure = OxygenExposure(cnsPercent: 40, otu: 120)
        exposure.surfaceInterval(seconds: 90 * 60)
        #expect(abs(exposure.cnsPercent - 20.0) < 0.05)
        exposure.surfaceInterval(seconds: 90 * 60)
        #expect(abs(exposure.cnsPercent - 10.0) < 0.05)
        #expect(exposure.otu == 120)
        exposure.surfaceInterval(seconds: 0)
        #expect(abs(exposure.cnsPercent - 10.0) < 1e-12)
    }

    @Test(
        "OTU per minute",
        arguments: [(1.0, 1.000), (1.3, 1.479), (1.4, 1.632), (1.6, 1.929), (0.6, 0.262), (0.5, 0), (0.21, 0)])
    func otuPerMinute(oxygenPressure: Double, expected: Double) {
        #expect(abs(OxygenToxicity.otuPerMinute(atOxygenPressure: oxygenPressure) - expected) <= 0.0005)
    }

    @Test("OTU: 60 minutes at 1.4 bar is 97.9")
    func otuHour() {
        #expect(abs(exposure(minutes: 60, at: 1.4, model: .noaaTable).otu - 97.9) < 0.05)
    }

    @Test(
        "a linear segment's OTU equal the sum of many small constant slices",
        arguments: [(0.21, 1.4), (1.4, 0.21), (0.3, 0.45), (0.5, 1.6), (1.2, 1.2000001), (0.9, 2.1)])
    func otuLinearSegment(start: Double, end: Double) {
        let minutes = 7.5
        let exact = OxygenToxicity.otu(minutes: minutes, fromOxygenPressure: start, toOxygenPressure: end)
        let slices = 20_000
        var sum = 0.0
        for index in 0..<slices {
            let middle = start + (end - start) * (Double(index) + 0.5) / Double(slices)
            sum += OxygenToxicity.otuPerMinute(atOxygenPressure: middle) * minutes / Double(slices)
        }
        #expect(abs(exact - sum) < 1e-4)
        #expect(exact >= 0)
    }

    @Test("a descent's CNS is the sum of its ≤ 10 s slices; a constant pO₂ is exact")
    func cnsSlices() {
        var descent = OxygenExposure.none
        descent.add(seconds: 95, fromOxygenPressure: 0.4, toOxygenPressure: 1.5, model: .noaaTable)
        var sum = 0.0
        for index in 0..<10 {
            let middle = 0.4 + 1.1 * (Double(index) + 0.5) / 10
            sum += OxygenToxicity.cnsPercentPerMinute(atOxygenPressure: middle, model: .noaaTable) * 9.5 / 60
        }
        #expect(abs(descent.cnsPercent - sum) < 1e-12)
        #expect(abs(descent.otu - OxygenToxicity.otu(minutes: 95.0 / 60, fromOxygenPressure: 0.4, toOxygenPressure: 1.5)) < 1e-12)
    }

    @Test("CNS and OTU never decrease while breathing", arguments: CNSModel.allCases)
    func monotonic(model: CNSModel) {
        var random = SplitMix64(seed: 0x6761_73)
        var exposure = OxygenExposure.none
        for _ in 0..<2_000 {
            let before = exposure
            let seconds = Double.random(in: 0..<1, using: &random) * 600
            exposure.add(
                seconds: seconds, fromOxygenPressure: Double.random(in: 0..<1, using: &random) * 2.5,
                toOxygenPressure: Double.random(in: 0..<1, using: &random) * 2.5, model: model)
            #expect(exposure.cnsPercent >= before.cnsPercent)
            #expect(exposure.otu >= before.otu)
        }
        let before = exposure
        exposure.add(seconds: -60, fromOxygenPressure: 1.4, toOxygenPressure: 1.4, model: model)
        exposure.add(seconds: .nan, fromOxygenPressure: 1.4, toOxygenPressure: 1.4, model: model)
        #expect(exposure == before)
    }

    @Test("an exposure round-trips through JSON")
    func codable() throws {
        let exposure = OxygenExposure(cnsPercent: 12.5, otu: 33.25)
        let decoded = try JSONDecoder().decode(OxygenExposure.self, from: try JSONEncoder().encode(exposure))
        #expect(decoded == exposure)
        #expect(CNSModel(rawValue: "subsurfaceFit") == .subsurfaceFit)
    }
}
