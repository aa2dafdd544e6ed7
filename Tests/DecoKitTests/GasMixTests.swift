import DecoKit
import TestSupport
import Testing

@Suite("GasMix: reading what divers write")
struct GasMixTests {
    @Test(
        "accepted spellings",
        arguments: [
            ("air", 210, 0), ("Air", 210, 0), (" AIR ", 210, 0), ("o2", 1000, 0), ("oxygen", 1000, 0), ("ean100", 1000, 0),
            ("ean32", 320, 0), ("EAN 32", 320, 0), ("eanx32", 320, 0), ("nx32", 320, 0), ("nitrox32", 320, 0), ("32", 320, 0),
            ("32%", 320, 0), ("ean32.5", 325, 0), ("ean21", 210, 0), ("tx18/45", 180, 450), ("Trimix 18/45", 180, 450),
            ("18/45", 180, 450), ("heliox10/90", 100, 900), ("hx10/90", 100, 900), ("tx21/35", 210, 350), ("100", 1000, 0),
            ("1", 10, 0), ("tx10.5/70", 105, 700), ("50/50", 500, 500),
        ])
    func accepted(text: String, oxygenPermille: Int, heliumPermille: Int) throws {
        let mix = try GasMix(parsing: text)
        #expect(mix.oxygenPermille == oxygenPermille)
        #expect(mix.heliumPermille == heliumPermille)
    }

    @Test(
        "refused spellings",
        arguments: [
            "tx50/60", "0", "ean", "0x20", "-5", "1e2", "", "ean0", "101", "ean32.55", "32/", "/45", "18/45/10", "tx", "nitrox-32",
            "+32", "32..5", "３２", "32 %%", "air32", "ean 3 2 0", "1000", "NaN", "inf", ".5", "5.", "21/-5", "0.5", "ean0.9/10",
        ])
    func refused(text: String) {
        #expect(throws: GasMixError.self) { try GasMix(parsing: text) }
    }

    @Test("refusals say why")
    func refusalReasons() {
        #expect(throws: GasMixError.moreThanAllOfIt(oxygenPermille: 500, heliumPermille: 600)) { try GasMix(parsing: "tx50/60") }
        #expect(throws: GasMixError.oxygenOutOfRange(permille: 0)) { try GasMix(parsing: "0") }
        #expect(throws: GasMixError.oxygenOutOfRange(permille: 5)) { try GasMix(parsing: "0.5") }
        #expect(throws: GasMixError.unreadable("0x20")) { try GasMix(parsing: "0x20") }
        #expect(throws: GasMixError.unreadable("1e2")) { try GasMix(parsing: "1e2") }
        let description = GasMixError.moreThanAllOfIt(oxygenPermille: 500, heliumPermille: 600).errorDescription ?? ""
        #expect(description.contains("more than 100 %"))
    }

    @Test("names", arguments: [("air", "Air"), ("o2", "Oxygen"), ("ean32", "EAN32"), ("tx18/45", "Tx18/45"), ("10/90", "Heliox 10/90")])
    func names(text: String, name: String) throws {
        let mix = try GasMix(parsing: text)
        #expect(mix.name == name)
        #expect(try GasMix(parsing: mix.name) == mix)
    }

    /// Outside input never crashes the parser: it gives a valid mix or a `GasMixError`.
    @Test("fuzz: random strings and mutations of valid ones")
    func fuzz() {
        var random = SplitMix64(seed: 0x0D1E_5EA5)
        let alphabet = Array("0123456789./%-+eExXabcdfhilmnortsuyAEN TX\u{0}\u{FF10}٣é\n\t")
        let valid = ["air", "o2", "ean32", "nx36", "tx18/45", "trimix21/35", "heliox10/90", "50", "ean32.5", "tx10.5/70.5"]
        var accepted = 0
        for round in 0..<6_000 {
            let text: String
            if round.isMultiple(of: 2) {
                let length = Int(random.next() % 12)
                text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            } else {
                var characters = Array(valid[Int(random.next() % UInt64(valid.count))])
                for _ in 0..<(1 + Int(random.next() % 3)) {
                    let position = characters.isEmpty ? 0 : Int(random.next() % UInt64(characters.count))
                    let replacement = alphabet[Int(random.next() % UInt64(alphabet.count))]
                    switch random.next() % 3 {
                    case 0: characters.insert(replacement, at: position)
                    case 1: if !characters.isEmpty { characters.remove(at: position) }
                    default: if !characters.isEmpty { characters[position] = replacement }
                    }
                }
                text = String(characters)
            }
            do {
                let mix = try GasMix(parsing: text)
                accepted += 1
                #expect((10...1000).contains(mix.oxygenPermille), "\(text)")
                #expect(mix.heliumPermille >= 0, "\(text)")
                #expect(mix.oxygenPermille + mix.heliumPermille <= 1000, "\(text)")
            } catch {
                // Typed throws: every failure is a GasMixError with a message.
                #expect(error.errorDescription?.isEmpty == false)
            }
        }
        // The mutations must exercise both paths, or the fuzz proves nothing.
        #expect(accepted > 100)
    }
}
