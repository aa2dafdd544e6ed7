import Foundation

/// What a UDDF file declares once and its dives link to — buddies, gas mixes and the owner's
/// equipment (dive computers, lead, suits, tanks) — each with the id the writer gives it.
///
/// Declared in the order first met, so the same log always gives the same file.
struct UDDFCatalog {
    /// A declared thing: its id and name.
    struct Entry {
        let id: String
        let name: String
    }

    /// A gas as written: its fractions' text (`nil` when the percentage is not a finite number).
    struct Gas: Hashable {
        let oxygen: String?
        let helium: String?
    }

    /// A gas mix to declare.
    struct Mix {
        let id: String
        let name: String
        let gas: Gas
    }

    private(set) var people: [Entry] = []
    private(set) var diveComputers: [Entry] = []
    private(set) var leads: [Entry] = []
    private(set) var suits: [Entry] = []
    private(set) var tanks: [Entry] = []
    private(set) var mixes: [Mix] = []
    private var ids: [Key: String] = [:]
    private var mixIDs: [Gas: String] = [:]

    /// A declared thing by what it is and its name.
    private struct Key: Hashable {
        let kind: String
        let name: String
    }

    init(_ logbook: Logbook) {
        for dive in logbook.dives {
            for name in Self.buddies(dive.buddy) { add(name, kind: "buddy", to: \.people) }
            if let name = Self.nonBlank(dive.diveComputer) { add(name, kind: "dc", to: \.diveComputers) }
            if let name = Self.leadName(dive.weights) { add(name, kind: "lead", to: \.leads) }
            if let name = Self.nonBlank(dive.suit) { add(name, kind: "suit", to: \.suits) }
            for cylinder in dive.cylinders {
                if let name = Self.nonBlank(cylinder.description) { add(name, kind: "tank", to: \.tanks) }
                let gas = Self.gas(of: cylinder)
                if mixIDs[gas] == nil {
                    let id = "mix-\(mixes.count + 1)"
                    mixIDs[gas] = id
                    mixes.append(Mix(id: id, name: Self.mixName(cylinder), gas: gas))
                }
            }
        }
    }

    /// The id of a declared thing of `kind` ("buddy", "dc", "lead", "suit", "tank") named `name`.
    func id(_ kind: String, _ name: String?) -> String? {
        name.flatMap { ids[Key(kind: kind, name: $0)] }
    }

    /// The id of the mix a cylinder holds.
    func mixID(for cylinder: Cylinder) -> String? {
        mixIDs[Self.gas(of: cylinder)]
    }

    // MARK: How log values become declared things

    /// The people of a buddy field: Subsurface and the log separate them with ", ".
    static func buddies(_ buddy: String?) -> [String] {
        (buddy ?? "").components(separatedBy: ", ").compactMap(nonBlank)
    }

    /// UDDF has one lead quantity per dive: several weight systems become their total, and
    /// their descriptions, joined, name the lead item.
    static func leadName(_ weights: [WeightSystem]) -> String? {
        nonBlank(weights.compactMap { nonBlank($0.description) }.joined(separator: ", "))
    }

    static func gas(of cylinder: Cylinder) -> Gas {
        Gas(
            oxygen: UDDFUnits.fractionText(percent: cylinder.oxygenPercent),
            helium: UDDFUnits.fractionText(percent: cylinder.heliumPercent)
        )
    }

    /// The text without surrounding whitespace; `nil` when blank.
    static func nonBlank(_ text: String?) -> String? {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }

    /// "air", "oxygen", "EANx 32", "TMx 16/45", as Subsurface names mixes.
    private static func mixName(_ cylinder: Cylinder) -> String {
        let oxygen = UDDFUnits.text(cylinder.oxygenPercent) ?? "?"
        let helium = UDDFUnits.text(cylinder.heliumPercent) ?? "?"
        if cylinder.heliumPercent != 0 { return "TMx \(oxygen)/\(helium)" }
        switch cylinder.oxygenPercent {
        case 21: return "air"
        case 100: return "oxygen"
        default: return "EANx \(oxygen)"
        }
    }

    private mutating func add(_ name: String, kind: String, to list: WritableKeyPath<UDDFCatalog, [Entry]>) {
        let key = Key(kind: kind, name: name)
        guard ids[key] == nil else { return }
        let id = "\(kind)-\(self[keyPath: list].count + 1)"
        ids[key] = id
        self[keyPath: list].append(Entry(id: id, name: name))
    }
}
