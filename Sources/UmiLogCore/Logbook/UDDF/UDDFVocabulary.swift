/// The words and scales UDDF uses for values the log keeps differently: the 1–10 rating,
/// current, dive mode and apparatus, and Subsurface's visibility code.
enum UDDFVocabulary {
    // MARK: Rating

    /// 1–5 stars → UDDF's 1–10 `ratingvalue`, as Subsurface writes it: round(1 + (r − 1)·9/4),
    /// so 1, 2, 3, 4, 5 become 1, 3, 6, 8, 10.
    static func ratingValue(stars: Int) -> Int? {
        guard (1...5).contains(stars) else { return nil }
        return Int((1 + Double(stars - 1) * 9 / 4).rounded())
    }

    /// The inverse: round(1 + (v − 1)·4/9), which gives back the stars Subsurface wrote and
    /// spreads the other values evenly (8 → 4 stars, 7 → 4, 2 → 1).
    static func stars(ratingValue: Int) -> Int? {
        guard (1...10).contains(ratingValue) else { return nil }
        return Int((1 + Double(ratingValue - 1) * 4 / 9).rounded())
    }

    // MARK: Visibility

    /// Subsurface writes its 1–5 visibility stars as 1, 3, 5, 10 and 15 "metres"
    /// (xslt/uddf-export.xslt); those exact values in a file Subsurface wrote are stars.
    static func subsurfaceVisibilityStars(meters: Double) -> Int? {
        switch meters {
        case 1: 1
        case 3: 2
        case 5: 3
        case 10: 4
        case 15: 5
        default: nil
        }
    }

    // MARK: Current

    /// UDDF has six strengths; the log has four.
    static func current(_ word: String) -> CurrentStrength? {
        switch word {
        case "no-current": CurrentStrength.none
        case "very-mild-current", "mild-current": .light
        case "moderate-current": .moderate
        case "hard-current", "very-hard-current": .strong
        default: nil
        }
    }

    static func word(for current: CurrentStrength) -> String {
        switch current {
        case .none: "no-current"
        case .light: "mild-current"
        case .moderate: "moderate-current"
        case .strong: "hard-current"
        }
    }

    // MARK: Dive mode

    /// `<divemode type="…"/>` on a waypoint. 3.3 adds `apnea`, `apnoea` and `gauge`.
    static func mode(divemodeType type: String) -> DiveMode? {
        switch type {
        case "opencircuit", "gauge": .openCircuit
        case "closedcircuit": .closedCircuit
        case "semiclosedcircuit": .semiClosed
        case "apnoe", "apnea", "apnoea": .freedive
        default: nil
        }
    }

    static func divemodeType(for mode: DiveMode) -> String {
        switch mode {
        case .openCircuit: "opencircuit"
        case .closedCircuit: "closedcircuit"
        case .semiClosed: "semiclosedcircuit"
        case .freedive: "apnoe"
        }
    }

    /// `informationbeforedive/apparatus`, for dives without a profile: it only tells a
    /// rebreather from open circuit, so a rebreather reads as closed circuit.
    static func mode(apparatus: String) -> DiveMode? {
        switch apparatus {
        case "open-scuba", "surface-supplied": .openCircuit
        case "rebreather": .closedCircuit
        case "apnoea": .freedive
        default: nil
        }
    }

    /// 3.2 has no apparatus for breath-hold diving.
    static func apparatus(for mode: DiveMode) -> String? {
        switch mode {
        case .openCircuit: "open-scuba"
        case .closedCircuit, .semiClosed: "rebreather"
        case .freedive: nil
        }
    }
}
