import Foundation
import TestSupport
import Testing

/// `umilog gas` keeps no store, so it runs without `--store`.
private func gasCLI() -> CLIProcess {
    CLIProcess(program: "umilog", homeVariable: "UMILOG_HOME", passesStore: false)
}

private func gasJSON(_ arguments: [String]) throws -> [String: Any] {
    try gasCLI().jsonObject("gas", arguments)
}

private func number(_ object: [String: Any], _ key: String) -> Double {
    object[key] as? Double ?? (object[key] as? Int).map(Double.init) ?? .nan
}

@Suite("umilog gas: gas maths from a terminal")
struct GasCommandTests {
    @Test("mod: the computer convention by default, the textbook on request, water and altitude")
    func mod() throws {
        let computer = try gasJSON(["mod", "--gas", "ean32", "--po2", "1.4"])
        #expect(abs(number(computer, "modMeters") - 33.27) < 0.005)
        #expect(number(computer, "roundedModMeters") == 33)
        #expect(computer["rounding"] as? String == "downToGrid")
        #expect((computer["gas"] as? [String: Any])?["name"] as? String == "EAN32")
        let model = try #require(computer["pressureModel"] as? [String: Any])
        #expect(model["convention"] as? String == "computer")
        #expect(model["water"] as? String == "salt")
        #expect(abs(number(model, "surfacePressureBar") - 1.01325) < 1e-9)

        let textbook = try gasJSON(["mod", "--gas", "ean32", "--po2", "1.4", "--convention", "textbook"])
        #expect(abs(number(textbook, "modMeters") - 33.75) < 1e-9)
        #expect(textbook["rounding"] as? String == "exact")

        let oxygen = try gasJSON(["mod", "--gas", "o2", "--po2", "1.6"])
        #expect(number(oxygen, "roundedModMeters") == 6)
        let lake = try gasJSON(["mod", "--gas", "ean32", "--po2", "1.4", "--water", "fresh", "--altitude", "1000"])
        #expect(abs(number(lake, "modMeters") - 35.44) < 0.005)
        #expect(number(lake, "modMeters") > number(computer, "modMeters"))

        let hypoxic = try gasJSON(["mod", "--gas", "tx10/70", "--po2", "1.4", "--convention", "textbook"])
        #expect(abs(number(hypoxic, "minimumOperatingDepthMeters") - 6) < 1e-9)
    }

    @Test("mod in words names the rounding and the convention; imperial shows feet")
    func modText() throws {
        let cli = gasCLI()
        let text = try cli.run(["gas", "mod", "--gas", "ean32", "--po2", "1.4"]).text
        #expect(text == "MOD 33.27 m (33 m on the 3 m grid) for EAN32 at pO₂ 1.4, sea water at 1013 mbar\n")
        let textbook = try cli.run(["gas", "mod", "--gas", "EAN 36", "--po2", "1.6", "--convention", "textbook"]).text
        #expect(textbook == "MOD 34.44 m for EAN36 at pO₂ 1.6, textbook convention (1 bar at the surface, 10 m per bar)\n")
        let feet = try cli.run(["gas", "mod", "--gas", "ean32", "--po2", "1.4", "--units", "imperial"]).text
        #expect(feet.hasPrefix("MOD 109 ft (108 ft on the 3 m grid) for EAN32"))
        let altitude = try cli.run(["gas", "mod", "--gas", "ean32", "--water", "fresh", "--altitude", "1000"]).text
        #expect(altitude.contains("fresh water at 899 mbar (1000 m altitude)"))
        let surface = try cli.run(["gas", "mod", "--gas", "oxygen", "--po2", "0.9"])
        #expect(surface.status == 0)
        #expect(surface.text.hasPrefix("No MOD: Oxygen is above pO₂ 0.9 already at the surface"))
    }

    @Test("bestmix: O₂ down to a whole percent, helium up for the END")
    func bestMix() throws {
        let textbook = try gasJSON(["bestmix", "--depth", "40", "--po2", "1.4", "--end", "30", "--convention", "textbook"])
        #expect((textbook["gas"] as? [String: Any])?["name"] as? String == "Tx28/20")
        #expect(number(textbook, "endMeters") <= 30)
        let computer = try gasJSON(["bestmix", "--depth", "40", "--po2", "1.4", "--end", "30"])
        // 1.4 / 5.055 bar = 27.7 % → 27 %; 1 − 4.045 / 5.055 = 19.99 % → 20 %.
        #expect((computer["gas"] as? [String: Any])?["name"] as? String == "Tx27/20")
        #expect(number(computer, "oxygenPressureBar") <= 1.4)
        let nitrox = try gasJSON(["bestmix", "--depth", "30", "--po2", "1.4", "--no-helium", "--convention", "textbook"])
        #expect((nitrox["gas"] as? [String: Any])?["name"] as? String == "EAN35")
        #expect(nitrox["narcoticLimitMeters"] is NSNull || nitrox["narcoticLimitMeters"] == nil)
        let nitrogenOnly = try gasJSON([
            "bestmix", "--depth", "60", "--po2", "1.3", "--o2-not-narcotic", "--convention", "textbook",
        ])
        #expect((nitrogenOnly["gas"] as? [String: Any])?["name"] as? String == "Tx18/37")
        let text = try gasCLI().run(["gas", "bestmix", "--depth", "40", "--convention", "textbook"]).text
        #expect(text.hasPrefix("Best mix for 40 m at pO₂ 1.4 (END ≤ 30 m, O₂ counted as narcotic): Tx28/20, textbook convention"))
    }

    @Test("ead, end, density and po2 in the textbook convention")
    func equivalents() throws {
        let ead = try gasJSON(["ead", "--gas", "ean32", "--depth", "30", "--convention", "textbook"])
        #expect(abs(number(ead, "eadMeters") - 24.43) < 0.005)
        let end = try gasJSON(["end", "--gas", "tx18/45", "--depth", "60", "--convention", "textbook"])
        #expect(abs(number(end, "endMeters") - 28.5) < 1e-9)
        #expect(end["oxygenIsNarcotic"] as? Bool == true)
        let nitrogen = try gasJSON(["end", "--gas", "tx18/45", "--depth", "60", "--o2-not-narcotic", "--convention", "textbook"])
        #expect(abs(number(nitrogen, "endMeters") - 22.78) < 0.005)
        let density = try gasJSON(["density", "--gas", "air", "--depth", "30", "--convention", "textbook"])
        #expect(abs(number(density, "densityGramsPerLiter") - 5.085) < 0.001)
        #expect(number(density, "recommendedLimitGramsPerLiter") == 5.2)
        let partial = try gasJSON(["po2", "--gas", "ean32", "--depth", "100ft", "--convention", "textbook"])
        #expect(abs(number(partial, "depthMeters") - 30.48) < 0.001)
        #expect(abs(number(partial, "oxygenPressureBar") - 0.32 * 4.048) < 1e-9)

        let cli = gasCLI()
        #expect(
            try cli.run(["gas", "end", "--gas", "tx18/45", "--depth", "60", "--convention", "textbook"]).text
                == "END 28.5 m for Tx18/45 at 60 m (O₂ counted as narcotic), textbook convention (1 bar at the surface, 10 m per bar)\n")
        let heavy = try cli.run(["gas", "density", "--gas", "air", "--depth", "45"]).text
        #expect(heavy.contains("Above the 6.2 g/l maximum"))
        let feet = try cli.run(["gas", "ead", "--gas", "ean32", "--depth", "100ft", "--units", "imperial", "--convention", "textbook"]).text
        #expect(feet.hasPrefix("EAD 82 ft for EAN32 at 100 ft"))
    }

    @Test(
        "bad input fails with exit 2 and says why",
        arguments: [
            (["mod", "--gas", "tx50/60"], "add up to more than 100 %"),
            (["mod", "--gas", "nitrox"], "is not a gas"),
            (["mod", "--gas", "0"], "Oxygen must be from 1 % to 100 %"),
            (["mod", "--gas", "ean32", "--po2", "0"], "--po2 must be more than 0 and at most 3 bar"),
            (["mod", "--gas", "ean32", "--po2", "3.5"], "--po2 must be more than 0 and at most 3 bar"),
            (["mod", "--gas", "ean32", "--po2", "-1"], "--po2 must be more than 0 and at most 3 bar"),
            (["ead", "--gas", "ean32", "--depth", "-5"], "--depth must be from 0 to 330 m"),
            (["end", "--gas", "ean32", "--depth", "deep"], "'--depth <depth>'"),
            (["bestmix", "--depth", "40", "--end", "-3"], "--end must be from 0 to 330 m"),
            (["mod", "--gas", "ean32", "--altitude", "-10"], "--altitude must be from 0 to 6000 m"),
            (["mod", "--gas", "ean32", "--altitude", "7000"], "--altitude must be from 0 to 6000 m"),
            (["mod", "--gas", "ean32", "--water", "brine"], "--water"),
            (["mod", "--gas", "ean32", "--convention", "tables"], "--convention"),
            (["po2", "--gas", "ean32"], "--depth"),
        ])
    func badInput(arguments: [String], reason: String) throws {
        let result = try gasCLI().run(["gas"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(result.text.isEmpty)
    }

    @Test("a best mix below 1 % oxygen is refused with exit 1")
    func impossibleBestMix() throws {
        let result = try gasCLI().run(["gas", "bestmix", "--depth", "300", "--po2", "0.2"])
        #expect(result.status == 1)
        #expect(result.stderr == "umilog: No mix: pO₂ 0.2 at 300 m leaves less than 1 % oxygen.\n")
    }

    @Test("oxygen: CNS by both models and OTU, decayed over a surface interval")
    func oxygen() throws {
        let dose = try gasJSON(["oxygen", "--po2", "1.4", "--time", "30"])
        #expect(abs(number(dose, "cnsPercentNOAATable") - 20.0) < 0.05)
        #expect(abs(number(dose, "cnsPercentSubsurfaceFit") - 20.69) < 0.05)
        #expect(abs(number(dose, "otu") - 30 * 1.632) < 0.05)
        #expect(number(dose, "singleExposureLimitMinutes") == 150)
        let later = try gasJSON(["oxygen", "--po2", "1.4", "--time", "30", "--surface-interval", "1:30"])
        #expect(abs(number(later, "cnsPercentNOAATable") - 10.0) < 0.05)
        #expect(number(later, "otu") == number(dose, "otu"))
        let refused = try gasCLI().run(["gas", "oxygen", "--po2", "14", "--time", "30"])
        #expect(refused.status == 2 && refused.stderr.contains("--po2"))
    }
}
