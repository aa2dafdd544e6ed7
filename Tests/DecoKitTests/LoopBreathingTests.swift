import DecoKit
import Foundation
import Testing

/// A closed-circuit rebreather's loop: oxygen held at a set point, the rest diluent.
@Suite("ZH-L16C on a rebreather's loop")
struct LoopBreathingTests {
    static let diluent = try! GasMix(oxygenPermille: 160, heliumPermille: 450)
    static let vapour = BuhlmannZHL16C.waterVapourPressure

    @Test("at a constant depth the loop loads as open circuit on the diluent at the depth giving the same inert pressure")
    func loopEqualsOpenCircuitAtTheMatchingDepth() {
        let ambient = 5.0
        let setPoint = 1.3
        var loop = TissueState(saturatedAtSurfacePressure: 1.013)
        loop.breatheLoop(diluent: Self.diluent, oxygenPressure: setPoint, fromAmbientPressure: ambient, to: ambient, seconds: 1200)
        // Open circuit on the diluent breathes (A − vapour)·(fN₂ + fHe) of inert gas; the loop
        // breathes (ambient − vapour − set point), split in the diluent's ratio.
        let inert = Self.diluent.nitrogenFraction + Self.diluent.heliumFraction
        let matching = Self.vapour + (ambient - Self.vapour - setPoint) / inert
        var openCircuit = TissueState(saturatedAtSurfacePressure: 1.013)
        openCircuit.breathe(Self.diluent, atAmbientPressure: matching, seconds: 1200)
        #expect(abs((loop.nitrogen - openCircuit.nitrogen).max()) < 1e-12)
        #expect(abs((loop.helium - openCircuit.helium).max()) < 1e-12)
        #expect(abs((loop.nitrogen - openCircuit.nitrogen).min()) < 1e-12)
    }

    @Test("an ascent on the loop equals many small levels")
    func slopeIsExact() {
        var slope = TissueState(saturatedAtSurfacePressure: 1.013)
        slope.breathe(Self.diluent, atAmbientPressure: 7, seconds: 1800)
        var levels = slope
        slope.breatheLoop(diluent: Self.diluent, oxygenPressure: 1.2, fromAmbientPressure: 7, to: 2.5, seconds: 600)
        let slices = 20_000
        for index in 0..<slices {
            let middle = 7 + (2.5 - 7) * (Double(index) + 0.5) / Double(slices)
            levels.breatheLoop(
                diluent: Self.diluent, oxygenPressure: 1.2, fromAmbientPressure: middle, to: middle, seconds: 600 / Double(slices))
        }
        #expect(abs((slope.inertGas - levels.inertGas).max()) < 1e-6)
        #expect(abs((slope.inertGas - levels.inertGas).min()) < 1e-6)
    }

    @Test("shallower than the set point the loop is pure oxygen: inert gas only leaves")
    func setPointAboveAmbient() {
        var loop = TissueState(saturatedAtSurfacePressure: 1.013)
        loop.breatheLoop(diluent: Self.diluent, oxygenPressure: 1.3, fromAmbientPressure: 1.2, to: 1.2, seconds: 600)
        var oxygen = TissueState(saturatedAtSurfacePressure: 1.013)
        oxygen.breathe(.oxygen, atAmbientPressure: 1.2, seconds: 600)
        #expect(loop == oxygen)
    }

    @Test("the profile's oxygen dose is the set point's: 60 min at 1.3 bar is a third of the NOAA limit")
    func oxygenDoseFollowsTheSetPoint() {
        let points = [
            ProfileAnalysis.Point(time: 0, depth: 0, gas: Self.diluent, loopOxygenPressure: 1.3),
            ProfileAnalysis.Point(time: 1, depth: 30, gas: Self.diluent, loopOxygenPressure: 1.3),
            ProfileAnalysis.Point(time: 3601, depth: 30, gas: Self.diluent, loopOxygenPressure: 1.3),
        ]
        let analysis = ProfileAnalysis.analyse(points, model: .seaLevelSaltWater, factors: .standard)
        // 3,600 s at 1.3 bar (180 min allowed) and 1 s of descent.
        #expect(abs(analysis.oxygen.cnsPercent - 100.0 / 3) < 0.05, "\(analysis.oxygen.cnsPercent)")
        let openCircuit = ProfileAnalysis.analyse(
            points.map { ProfileAnalysis.Point(time: $0.time, depth: $0.depth, gas: Self.diluent) }, model: .seaLevelSaltWater,
            factors: .standard)
        // On open circuit the same diluent at 30 m gives 0.65 bar: far less oxygen, far more inert gas.
        #expect(openCircuit.oxygen.cnsPercent < analysis.oxygen.cnsPercent / 3)
        #expect((openCircuit.tissuesAtEnd.inertGas - analysis.tissuesAtEnd.inertGas).min() > 0)
    }
}
