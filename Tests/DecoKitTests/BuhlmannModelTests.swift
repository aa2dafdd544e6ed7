import DecoKit
import Foundation
import TestSupport
import Testing

/// The model's pieces against independent forms of the same maths.
@Suite("ZH-L16C: loading and the GF ceiling")
struct BuhlmannModelTests {
    static func randomTissues(_ random: inout SplitMix64) -> TissueState {
        var nitrogen = SIMD16<Double>()
        var helium = SIMD16<Double>()
        for lane in 0..<16 {
            nitrogen[lane] = Double.random(in: 0.5...4, using: &random)
            helium[lane] = Bool.random(using: &random) ? Double.random(in: 0...3, using: &random) : 0
        }
        return TissueState(nitrogen: nitrogen, helium: helium)
    }

    @Test("at GF 100/100 the ceiling is Bühlmann's M-value line, (P_t − a)·b, for the leading compartment")
    func bareModel() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<500 {
            let tissues = Self.randomTissues(&random)
            var state = DecoState(tissues: tissues, surfacePressure: 1.013)
            let tolerated = state.toleratedAmbientPressure(.bare, surfacePressure: 1.013)
            var expected = 0.0
            for lane in 0..<16 {
                let n = tissues.nitrogen[lane]
                let h = tissues.helium[lane]
                let a = (BuhlmannZHL16C.nitrogenA[lane] * n + BuhlmannZHL16C.heliumA[lane] * h) / (n + h)
                let b = (BuhlmannZHL16C.nitrogenB[lane] * n + BuhlmannZHL16C.heliumB[lane] * h) / (n + h)
                expected = max(expected, (n + h - a) * b)
            }
            #expect(abs(tolerated - expected) < 1e-9)
        }
    }

    @Test("the GF ceiling equals Subsurface's closed form of the same line (tissue_tolerance_calc)")
    func gradientFactorLine() throws {
        var random = SplitMix64(seed: 12)
        let surface = 1.013
        for _ in 0..<500 {
            let tissues = Self.randomTissues(&random)
            let high = Int.random(in: 30...100, using: &random)
            let factors = try GradientFactors(low: Int.random(in: 10...high, using: &random), high: high)
            var state = DecoState(tissues: tissues, surfacePressure: surface)
            let tolerated = state.toleratedAmbientPressure(factors, surfacePressure: surface)
            let anchor = state.lowAnchorPressure
            let (gfLow, gfHigh) = (Double(factors.low) / 100, Double(factors.high) / 100)
            var expected = 0.0
            for lane in 0..<16 {
                let n = tissues.nitrogen[lane]
                let h = tissues.helium[lane]
                let p = n + h
                let a = (BuhlmannZHL16C.nitrogenA[lane] * n + BuhlmannZHL16C.heliumA[lane] * h) / p
                let b = (BuhlmannZHL16C.nitrogenB[lane] * n + BuhlmannZHL16C.heliumB[lane] * h) / p
                // Written as Subsurface writes it: one fraction, numerator over denominator.
                let numerator =
                    -a * b * (gfHigh * anchor - gfLow * surface) - (1 - b) * (gfHigh - gfLow) * anchor * surface
                    + b * (anchor - surface) * p
                let denominator =
                    -a * b * (gfHigh - gfLow) + (1 - b) * (gfLow * anchor - gfHigh * surface) + b * (anchor - surface)
                expected = max(expected, numerator / denominator)
            }
            #expect(abs(tolerated - expected) < 1e-9, "GF \(factors)")
        }
    }

    @Test("one long exposure equals many short ones; a slope equals many small levels")
    func loadingIsExact() throws {
        let gas = try GasMix(oxygenPermille: 180, heliumPermille: 450)
        var once = TissueState(saturatedAtSurfacePressure: 1.013)
        var stepped = once
        once.breathe(gas, atAmbientPressure: 5, seconds: 600)
        for _ in 0..<300 { stepped.breathe(gas, atAmbientPressure: 5, seconds: 2) }
        #expect(abs((once.inertGas - stepped.inertGas).max()) < 1e-9)

        var slope = TissueState(saturatedAtSurfacePressure: 1.013)
        var levels = slope
        slope.breathe(gas, fromAmbientPressure: 1.013, to: 7.07, seconds: 200)
        let slices = 20_000
        for index in 0..<slices {
            let middle = 1.013 + (7.07 - 1.013) * (Double(index) + 0.5) / Double(slices)
            levels.breathe(gas, atAmbientPressure: middle, seconds: 200 / Double(slices))
        }
        #expect(abs((slope.nitrogen - levels.nitrogen).max()) < 1e-6)
        #expect(abs((slope.helium - levels.helium).max()) < 1e-6)
        #expect(abs((slope.nitrogen - levels.nitrogen).min()) < 1e-6)
    }

    @Test("a diver saturated at the surface has no ceiling, and half-times are what they say")
    func surfaceAndHalfTimes() {
        var state = DecoState(tissues: TissueState(saturatedAtSurfacePressure: 1.013), surfacePressure: 1.013)
        #expect(state.ceiling(.standard, model: PressureModel(surfacePressure: 1.013, barPerMeter: 0.101043)) == 0)
        // After one nitrogen half-time of compartment 1 (5 min), half its gradient is gone.
        var tissues = TissueState(saturatedAtSurfacePressure: 1.013)
        let start = tissues.nitrogen[0]
        let inspired = (4.0 - BuhlmannZHL16C.waterVapourPressure) * GasMix.air.nitrogenFraction
        tissues.breathe(.air, atAmbientPressure: 4, seconds: 300)
        #expect(abs(tissues.nitrogen[0] - (start + (inspired - start) / 2)) < 1e-12)
    }
}
