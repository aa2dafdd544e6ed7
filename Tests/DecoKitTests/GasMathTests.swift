import DecoKit
import Testing

/// The dive computer's model the brief's check values use: 1013 mbar, sea water of 1.030 kg/l.
private let computer = PressureModel(surfacePressure: 1.013, barPerMeter: 0.101043)

private func mix(_ text: String) throws -> GasMix {
    try GasMix(parsing: text)
}

private func rounded(_ value: Double, places: Int = 2) -> Double {
    let scale = places == 2 ? 100.0 : 10.0
    return (value * scale).rounded() / scale
}

@Suite("GasMath: MOD, best mix, EAD, END, density")
struct GasMathTests {
    @Test(
        "MOD in the textbook convention",
        arguments: [
            ("ean32", 1.4, 33.75), ("ean32", 1.6, 40.00), ("ean36", 1.4, 28.89), ("ean36", 1.6, 34.44), ("air", 1.4, 56.67),
            ("ean50", 1.6, 22.0), ("oxygen", 1.6, 6.0),
        ])
    func textbookMOD(gas: String, limit: Double, expected: Double) throws {
        let depth = GasMath.maximumOperatingDepth(of: try mix(gas), oxygenLimit: limit, model: .textbook)
        #expect(rounded(depth) == expected)
    }

    @Test(
        "MOD in the computer convention: down to the 3 m grid with a 0.1 step allowance",
        arguments: [
            // The brief's values, then computed ones: EAN32 at 1.4 is 33.27 m, at 1.6 39.46 m;
            // air at 1.4 is 55.95 m; EAN80 at 1.6 is 9.77 m; EAN40 at 1.4 is 24.61 m.
            ("oxygen", 1.6, 6.0), ("ean50", 1.6, 21.0), ("ean36", 1.6, 33.0), ("ean32", 1.4, 33.0), ("ean32", 1.6, 39.0),
            ("air", 1.4, 54.0), ("ean80", 1.6, 9.0), ("ean40", 1.4, 24.0),
        ])
    func computerMOD(gas: String, limit: Double, expected: Double) throws {
        let depth = GasMath.maximumOperatingDepth(of: try mix(gas), oxygenLimit: limit, model: computer, rounding: .computerGrid)
        #expect(depth == expected)
    }

    @Test("the computer convention's exact values before rounding")
    func computerExact() throws {
        #expect(rounded(GasMath.maximumOperatingDepth(of: .oxygen, oxygenLimit: 1.6, model: computer), places: 1) == 5.8)
        #expect(abs(GasMath.maximumOperatingDepth(of: .oxygen, oxygenLimit: 1.6, model: computer) - 5.809) < 0.001)
        #expect(rounded(GasMath.maximumOperatingDepth(of: try mix("ean50"), oxygenLimit: 1.6, model: computer)) == 21.64)
        #expect(rounded(GasMath.maximumOperatingDepth(of: try mix("ean36"), oxygenLimit: 1.6, model: computer)) == 33.96)
        #expect(rounded(GasMath.maximumOperatingDepth(of: try mix("ean32"), oxygenLimit: 1.4, model: computer)) == 33.27)
    }

    @Test("the allowance keeps a MOD a hair short of a stop on that stop")
    func allowance() {
        #expect(DepthRounding.computerGrid.apply(to: 20.75) == 21)
        #expect(DepthRounding.computerGrid.apply(to: 20.69) == 18)
        #expect(DepthRounding.computerGrid.apply(to: 5.809) == 6)
        #expect(DepthRounding.downToGrid(step: 1, allowance: 0).apply(to: 33.99) == 33)
        #expect(DepthRounding.exact.apply(to: 33.99) == 33.99)
    }

    @Test("fresh water and altitude give a deeper MOD than the sea at sea level")
    func freshWaterAndAltitude() throws {
        let ean32 = try mix("ean32")
        let sea = GasMath.maximumOperatingDepth(of: ean32, oxygenLimit: 1.4, model: PressureModel(water: .salt))
        let fresh = GasMath.maximumOperatingDepth(of: ean32, oxygenLimit: 1.4, model: PressureModel(water: .fresh))
        let lake = GasMath.maximumOperatingDepth(of: ean32, oxygenLimit: 1.4, model: PressureModel(water: .fresh, altitude: 1000))
        // (4.375 − 1.01325) / 0.0981 = 34.27 m; at 1000 m the surface is 0.8988 bar: 35.44 m.
        #expect(rounded(sea) == 33.27)
        #expect(rounded(fresh) == 34.27)
        #expect(rounded(lake) == 35.44)
        #expect(sea < fresh && fresh < lake)
        #expect(DepthRounding.computerGrid.apply(to: fresh) == 33)
        #expect(DepthRounding.computerGrid.apply(to: lake) == 33)
        let oxygenLake = GasMath.maximumOperatingDepth(
            of: .oxygen, oxygenLimit: 1.6, model: PressureModel(water: .fresh, altitude: 1000), rounding: .computerGrid)
        // (1.6 − 0.8988) / 0.0981 = 7.15 m: 6 m on the grid.
        #expect(oxygenLake == 6)
    }

    @Test("MOD, then pO₂ at that depth, returns the limit", arguments: [0.8, 1.2, 1.4, 1.5, 1.6, 2.0])
    func modRoundTrip(limit: Double) throws {
        for model in [PressureModel.textbook, computer, PressureModel(water: .fresh, altitude: 2500)] {
            for permille in stride(from: 100, through: 1000, by: 37) {
                let gas = try GasMix(oxygenPermille: permille, heliumPermille: min(500, 1000 - permille))
                let depth = GasMath.maximumOperatingDepth(of: gas, oxygenLimit: limit, model: model)
                #expect(abs(GasMath.partialPressure(ofOxygenIn: gas, atDepth: depth, model: model) - limit) < 1e-9)
            }
        }
    }

    @Test("the grid-rounded MOD never lets pO₂ exceed the limit by more than the allowance")
    func gridIsWithinAllowance() throws {
        for permille in 100...1000 {
            let gas = try GasMix(oxygenPermille: permille)
            let depth = GasMath.maximumOperatingDepth(of: gas, oxygenLimit: 1.4, model: computer, rounding: .computerGrid)
            let exact = GasMath.maximumOperatingDepth(of: gas, oxygenLimit: 1.4, model: computer)
            #expect(depth <= exact + 0.3 + 1e-9)
            #expect(depth > exact - 3)
        }
    }

    @Test("partial pressures add up to the ambient pressure")
    func partialPressures() throws {
        let trimix = try mix("tx18/45")
        let oxygen = GasMath.partialPressure(ofOxygenIn: trimix, atDepth: 60, model: .textbook)
        let nitrogen = GasMath.partialPressure(ofNitrogenIn: trimix, atDepth: 60, model: .textbook)
        let helium = GasMath.partialPressure(ofHeliumIn: trimix, atDepth: 60, model: .textbook)
        #expect(abs(oxygen - 1.26) < 1e-12)
        #expect(abs(nitrogen - 2.59) < 1e-12)
        #expect(abs(helium - 3.15) < 1e-12)
        #expect(abs(oxygen + nitrogen + helium - 7) < 1e-12)
    }

    @Test("best mix: oxygen rounded down to a whole percent", arguments: [(30.0, 1.4, 350), (40.0, 1.4, 280), (30.0, 1.6, 400)])
    func bestMixOxygen(depth: Double, limit: Double, permille: Int) throws {
        let best = try GasMath.bestMix(forDepth: depth, oxygenLimit: limit, narcoticLimit: nil, model: .textbook)
        #expect(best.oxygenPermille == permille)
        #expect(best.heliumPermille == 0)
    }

    @Test("best mix: helium for the END, rounded up, never negative")
    func bestMixHelium() throws {
        // 40 m, END 30 m: 1 − 4/5 = 20 % He.
        #expect(try GasMath.bestMix(forDepth: 40, oxygenLimit: 1.4, model: .textbook).name == "Tx28/20")
        // 60 m at 1.3, END 30: O₂ 1.3/7 = 18.57 → 18 %; He 1 − 4/7 = 42.86 → 43 %.
        #expect(try GasMath.bestMix(forDepth: 60, oxygenLimit: 1.3, model: .textbook).name == "Tx18/43")
        // O₂ not narcotic: 1 − 0.18 − 0.79 · 4/7 = 36.86 → 37 %.
        #expect(try GasMath.bestMix(forDepth: 60, oxygenLimit: 1.3, oxygenIsNarcotic: false, model: .textbook).name == "Tx18/37")
        // Shallower than the END: no helium.
        #expect(try GasMath.bestMix(forDepth: 20, oxygenLimit: 1.4, model: .textbook).name == "EAN46")
        // Shallow enough for pure oxygen: never above 100 %.
        #expect(try GasMath.bestMix(forDepth: 3, oxygenLimit: 1.6, model: .textbook) == .oxygen)
        // An END at the surface cannot be met with 1.4 bar of O₂: the rest is helium.
        #expect(try GasMath.bestMix(forDepth: 40, oxygenLimit: 1.4, narcoticLimit: 0, model: .textbook).name == "Heliox 28/72")
        // A limit too low for 1 % O₂ has no answer.
        #expect(throws: GasMixError.self) { try GasMath.bestMix(forDepth: 100, oxygenLimit: 0.05, model: .textbook) }
    }

    @Test("best mix keeps both limits at its depth")
    func bestMixKeepsLimits() throws {
        for depth in stride(from: 0.0, through: 120, by: 1.5) {
            for limit in [1.2, 1.4, 1.6] {
                for narcotic in [true, false] {
                    let best = try GasMath.bestMix(forDepth: depth, oxygenLimit: limit, oxygenIsNarcotic: narcotic, model: computer)
                    #expect(GasMath.partialPressure(ofOxygenIn: best, atDepth: depth, model: computer) <= limit + 1e-9)
                    let end = GasMath.equivalentNarcoticDepth(of: best, atDepth: depth, oxygenIsNarcotic: narcotic, model: computer)
                    #expect(end <= 30 + 1e-9 || best.nitrogenPermille == 0)
                }
            }
        }
    }

    @Test("EAD", arguments: [("ean32", 30.0, 24.43), ("ean36", 30.0, 22.41), ("ean32", 20.0, 15.82), ("air", 30.0, 30.0)])
    func equivalentAirDepth(gas: String, depth: Double, expected: Double) throws {
        #expect(rounded(GasMath.equivalentAirDepth(of: try mix(gas), atDepth: depth, model: .textbook)) == expected)
    }

    @Test("EAD matches the textbook formula (D + 10)(1 − FO₂)/0.79 − 10 and is 0 for a mix leaner in N₂ than air at the surface")
    func equivalentAirDepthFormula() throws {
        for percent in 21...40 {
            for depth in stride(from: 10.0, through: 40, by: 5) {
                let formula = (depth + 10) * (1 - Double(percent) / 100) / 0.79 - 10
                let ead = GasMath.equivalentAirDepth(of: try .nitrox(percent), atDepth: depth, model: .textbook)
                #expect(abs(ead - max(0, formula)) < 1e-9)
            }
        }
        #expect(GasMath.equivalentAirDepth(of: .oxygen, atDepth: 6, model: .textbook) == 0)
    }

    @Test("END of Tx18/45 at 60 m: 28.5 m with O₂ narcotic, 22.78 m without")
    func equivalentNarcoticDepth() throws {
        let trimix = try mix("tx18/45")
        #expect(rounded(GasMath.equivalentNarcoticDepth(of: trimix, atDepth: 60, model: .textbook)) == 28.5)
        #expect(rounded(GasMath.equivalentNarcoticDepth(of: trimix, atDepth: 60, oxygenIsNarcotic: false, model: .textbook)) == 22.78)
        // Air is its own END, and nitrox's END with O₂ narcotic is its depth.
        #expect(abs(GasMath.equivalentNarcoticDepth(of: .air, atDepth: 40, model: computer) - 40) < 1e-9)
        #expect(abs(GasMath.equivalentNarcoticDepth(of: try .nitrox(32), atDepth: 30, model: computer) - 30) < 1e-9)
    }

    @Test("density: air at 30 m is about 5.1 g/l; trimix is lighter; limits as published")
    func density() throws {
        // (0.21 · 1.429 + 0.79 · 1.2506) · 4 / 1.01325 = 5.085 g/l.
        #expect(rounded(GasMath.density(of: .air, atDepth: 30, model: .textbook)) == 5.08)
        #expect(rounded(GasMath.density(of: .air, atDepth: 0, model: PressureModel(water: .salt))) == 1.29)
        #expect(rounded(GasMath.density(of: .oxygen, atDepth: 0, model: PressureModel(water: .salt)), places: 2) == 1.43)
        // Tx18/45 at 60 m: (0.18 · 1.429 + 0.37 · 1.2506 + 0.45 · 0.1786) · 7 / 1.01325 = 5.53 g/l.
        #expect(rounded(GasMath.density(of: try mix("tx18/45"), atDepth: 60, model: .textbook)) == 5.53)
        #expect(GasMath.density(of: .air, atDepth: 40, model: computer) > GasMath.recommendedDensityLimit)
        #expect(GasMath.recommendedDensityLimit == 5.2)
        #expect(GasMath.maximumDensityLimit == 6.2)
    }

    @Test("minimum operating depth of hypoxic mixes")
    func minimumOperatingDepth() throws {
        #expect(GasMath.minimumOperatingDepth(of: .air, model: .textbook) == 0)
        #expect(GasMath.minimumOperatingDepth(of: try GasMix(oxygenPermille: 160), model: .textbook) == 0)
        // Tx10/70: 0.16 / 0.10 = 1.6 bar → 6 m; Tx12/60 needs 1.333 bar → 3.33 m.
        #expect(rounded(GasMath.minimumOperatingDepth(of: try mix("tx10/70"), model: .textbook)) == 6)
        #expect(rounded(GasMath.minimumOperatingDepth(of: try mix("tx12/60"), model: .textbook)) == 3.33)
        #expect(rounded(GasMath.minimumOperatingDepth(of: try mix("tx10/70"), oxygenMinimum: 0.18, model: .textbook)) == 8)
    }
}
