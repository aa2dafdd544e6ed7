import Foundation
import TestSupport
import Testing

/// `umilog show`'s decompression view on real dive-computer logs (Subsurface's test dives).
@Suite("umilog show: the model's view of a logged dive")
struct ShowDecoTests {
    @Test("an 80 m trimix dive whose log lists a deco gas first is breathed on its gases in order")
    func trimixDiveOnItsGases() throws {
        let cli = CLIProcess.umilog()
        try cli.run(["import", DiveLogFixtures.url("test40-42.xml").path])
        let dives = try cli.jsonArray(["list"])
        let id = try #require(dives.first { ($0["number"] as? Int) == 417 }?["id"] as? String)
        let shown = try cli.jsonObject("show", [id])
        let deco = try #require(shown["deco"] as? [String: Any])
        // Cylinders 50/6, 16/55, 25/26, 16/55, 25/26, 50/6, O₂ to 79.6 m: only Tx16/55 reaches
        // the bottom, then each richer gas from its MOD.
        #expect(deco["gas"] as? String == "Tx16/55")
        let switches = try #require(deco["assumedSwitches"] as? [[String: Any]])
        #expect(switches.compactMap { $0["gas"] as? String } == ["Tx25/26", "Tx50/6", "Oxygen"])
        #expect(deco["brokeCeiling"] as? Bool == false)
        // The OSTC's own dose for this dive: CNS 54 %, 138 OTU.
        let otu = try #require(deco["otu"] as? Double)
        #expect(abs(otu - 138) < 20, "\(otu) OTU")
        let cns = try #require(deco["cnsPercent"] as? Double)
        #expect(cns > 40 && cns < 80, "CNS \(cns) %")

        let text = try cli.run(["show", id]).text
        #expect(text.contains("on Tx16/55, then Tx25/26 from"))
        #expect(text.contains("switches assumed at MOD"))
    }

    @Test("a closed-circuit dive is breathed on its loop at the pO₂ its computer recorded")
    func rebreatherDiveOnItsLoop() throws {
        let cli = CLIProcess.umilog()
        try cli.run(["import", DiveLogFixtures.url("test40-42.xml").path])
        let dives = try cli.jsonArray(["list"])
        // Dive 1 of 2014-04-01: an OSTC 3 in CCR mode, Dil2 (air) and Oxy2.
        let dive = try #require(dives.first { ($0["startTime"] as? String)?.hasPrefix("2014-04-01") == true })
        let id = try #require(dive["id"] as? String)
        let deco = try #require(try cli.jsonObject("show", [id])["deco"] as? [String: Any])
        let loop = try #require(deco["loop"] as? [String: Any])
        #expect(loop["diluent"] as? String == "Air")
        #expect(loop["recorded"] as? Bool == true)
        #expect(loop["maximumOxygenPressureBar"] as? Double == 1.2)
        // On open circuit on the diluent the model reported a broken ceiling and a fifth of the
        // oxygen; the computer's own figures for this dive are CNS 34 % and 95 OTU.
        #expect(deco["brokeCeiling"] as? Bool == false)
        let cns = try #require(deco["cnsPercent"] as? Double)
        #expect(abs(cns - 34) < 8, "CNS \(cns) %")
        let otu = try #require(deco["otu"] as? Double)
        #expect(abs(otu - 95) < 15, "\(otu) OTU")
        let text = try cli.run(["show", id]).text
        #expect(text.contains("on the rebreather's loop, diluent Air, pO₂ 0.7–1.2 bar as recorded"))
    }
}
