import Foundation
import TestSupport
import Testing

private func number(_ object: [String: Any], _ key: String) -> Double {
    object[key] as? Double ?? (object[key] as? Int).map(Double.init) ?? .nan
}

@Suite("umilog plan: dive plans from a terminal")
struct PlanCommandTests {
    @Test("a nitrox deco plan: switch at the given depth, stops on whole minutes, gas and oxygen totals")
    func decoPlan() throws {
        let cli = CLIProcess.umilog()
        let plan = try cli.jsonObject("plan", ["--depth", "40", "--time", "25", "--gas", "ean32", "--gas", "ean50@21", "--gf", "30/75"])
        let switches = try #require(plan["gasSwitches"] as? [[String: Any]])
        #expect(switches.map { number($0, "depthMeters") } == [21])
        let segments = try #require(plan["segments"] as? [[String: Any]])
        #expect(number(segments.last ?? [:], "endDepthMeters") == 0)
        let stops = segments.filter { $0["kind"] as? String == "stop" }
        #expect(!stops.isEmpty)
        // A stop ends on a whole minute of run time, unless it is only the minute of a gas switch.
        for stop in stops {
            let onTheMinute = Int(number(stop, "runtimeSeconds")) % 60 == 0
            let switchOnly = number(stop, "seconds") == 60 && number(stop, "startDepthMeters") == 21
            #expect(onTheMinute || switchOnly, "\(stop)")
        }
        #expect(number(plan, "runtimeSeconds") > 25 * 60)
        #expect(number(plan, "cnsPercent") > 0 && number(plan, "otu") > 0)
        let cylinders = try #require(plan["cylinders"] as? [[String: Any]])
        #expect(cylinders.count == 2 && number(cylinders[0], "minimumGasBar") > 0)

        let text = try cli.run(["plan", "--depth", "40", "--time", "25", "--gas", "ean32", "--gas", "ean50@21"])
        #expect(text.status == 0)
        #expect(text.text.contains("switch to EAN50 at 21 m"))
        // EAN32 at 40 m is within its 1.6 bar MOD (with the grid's allowance) but past 1.4.
        #expect(text.text.contains("Warning: pO₂ 1.62 bar at 40 m is above the 1.40 bar limit."))
        #expect(text.text.contains("Bühlmann ZH-L16C, GF 30/75"))
    }

    @Test("imperial units use the 10 ft grid and print feet")
    func imperial() throws {
        let cli = CLIProcess.umilog()
        let result = try cli.run(["plan", "--depth", "130ft", "--time", "25", "--gas", "ean32", "--gas", "ean50", "--units", "imperial"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("switch to EAN50 at 70 ft"))
        #expect(!result.text.contains(" m "))
        let refused = try cli.run(["plan", "--depth", "150ft", "--time", "50", "--gas", "air", "--recreational", "--units", "imperial"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("50 min at 150 ft needs decompression stops"), "\(refused.stderr)")
    }

    @Test("recreational: 20 m for 20 min on air passes with a safety stop; 50 m for 50 min is refused")
    func recreational() throws {
        let cli = CLIProcess.umilog()
        let easy = try cli.jsonObject("plan", ["--depth", "20", "--time", "20", "--gas", "air", "--recreational"])
        let kinds = (easy["segments"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.contains("safetyStop") && !kinds.contains("stop"))
        #expect(number(easy, "noDecompressionLimitSeconds") > 20 * 60)
        let deep = try cli.run(["plan", "--depth", "50", "--time", "50", "--gas", "air", "--recreational"])
        #expect(deep.status != 0)
        #expect(deep.stderr.contains("needs decompression stops"))
        #expect(deep.text.isEmpty)
    }

    @Test(
        "bad input is a clear error",
        arguments: [
            (["--depth", "30", "--time", "20", "--gas", "tx50/60"], "more than 100 %"),
            (["--depth", "60", "--time", "20", "--gas", "ean50"], "deeper than the MOD of every gas"),
            (["--depth", "40", "--time", "20", "--gas", "air", "--gf", "80/30"], "GF low (80) cannot be above GF high (30)"),
            (["--depth", "40", "--time", "-5", "--gas", "air"], "--time"),
            (["--depth", "30", "--time", "20", "--gas", "air", "--gas", "ean50@30"], "cannot be switched to at 30"),
            (["--depth", "30", "--time", "1", "--gas", "air"], "shorter than the descent"),
            (["--depth", "40", "--time", "100000", "--gas", "air"], "at most 24 hours"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let result = try CLIProcess.umilog().run(["plan"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("--after a logged dive starts with its tissues: the no-stop limit is shorter")
    func repetitive() throws {
        let cli = CLIProcess.umilog()
        // An open-circuit air dive (test42.xml's is a trimix rebreather dive, whose long
        // high-pO₂ stops leave less nitrogen than a day at the surface).
        try cli.run(["import", DiveLogFixtures.url("TestDiveDivingLog5.08.uddf").path])
        let dives = try cli.jsonArray(["list"])
        let id = try #require(dives.first?["id"] as? String)
        let fresh = try cli.jsonObject("plan", ["--depth", "18", "--time", "20", "--gas", "air", "--recreational"])
        let after = try cli.jsonObject(
            "plan", ["--depth", "18", "--time", "20", "--gas", "air", "--recreational", "--after", id, "--surface-interval", "0:15"])
        #expect(number(after, "noDecompressionLimitSeconds") < number(fresh, "noDecompressionLimitSeconds"))
        let unpaired = try cli.run(["plan", "--depth", "18", "--time", "20", "--gas", "air", "--after", id])
        #expect(unpaired.status != 0 && unpaired.stderr.contains("--surface-interval"))

        let show = try cli.run(["show", id])
        #expect(show.text.contains("deco:") && show.text.contains("ceiling:"))
    }

    @Test("oxygen after an earlier dive: CNS decays by the interval, OTU count only within the day")
    func oxygenDoseCarriedOver() throws {
        let cli = CLIProcess.umilog()
        let site = try cli.siteID("Thistlegorm")
        let logged = try cli.jsonObject(
            "log", ["--site", site, "--at", "2026-06-01T09:00:00Z", "--depth", "30", "--time", "40", "--gas", "ean32"])
        let id = try #require(logged["id"] as? String)
        let plan = ["--depth", "18", "--time", "30", "--gas", "air"]
        func oxygen(_ extra: [String]) throws -> (cns: Double, otu: Double) {
            let output = try cli.jsonObject("plan", plan + extra)
            return (number(output, "cnsPercent"), number(output, "otu"))
        }
        let fresh = try oxygen([])
        let hourLater = try oxygen(["--after", id, "--surface-interval", "1:00"])
        let nextDay = try oxygen(["--after", id, "--surface-interval", "24:00"])
        #expect(hourLater.cns > fresh.cns + 5)
        #expect(hourLater.otu > fresh.otu + 20)
        #expect(abs(nextDay.cns - fresh.cns) < 0.01)
        #expect(abs(nextDay.otu - fresh.otu) < 1e-9)
    }
}
