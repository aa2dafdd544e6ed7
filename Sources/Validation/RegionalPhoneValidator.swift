/// What a phone number typed into a form amounts to, for a form that reacts while the person types.
public enum PhoneEntry: Hashable, Sendable {
    /// A complete number, in E.164 form (`+16138096933`).
    case valid(e164: String)
    /// Not a number of the region (or of the country its `+` code names): wrong length, an area
    /// code that cannot exist.
    case invalid
    /// Could still become a number as more digits are typed.
    case incomplete
}

/// Reads a phone number as a person types it in their region: `(613) 809-6933` in Canada,
/// `07400 123456` in Britain, or any number with its `+` country code.
///
/// Knows the numbering plans the app's users mostly have — the North American plan (+1: US,
/// Canada and the Caribbean; ten digits, area codes 2–9) and the UK's (+44; ten digits after the
/// trunk 0) — and for other country codes accepts 8–15 digits in all, as E.164 allows. It
/// returns `nil` for input with no digits at all (nothing typed yet).
public struct RegionalPhoneValidator: Validator {
    /// ISO 3166 region the person dials from ("US", "CA", "GB").
    public let region: String

    public init(region: String) {
        self.region = region.uppercased()
    }

    public func validate(_ input: String) -> PhoneEntry? {
        let trimmed = input.drop { $0.isWhitespace }
        let digits = trimmed.compactMap { character -> Character? in
            character.isASCII && character.isNumber ? character : nil
        }
        guard !digits.isEmpty else { return nil }
        let number = String(digits)
        if trimmed.first == "+" {
            return international(number)
        }
        switch Self.plan(forRegion: region) {
        case .northAmerica: return northAmerican(number, trunkAllowed: true)
        case .unitedKingdom: return british(number, trunkPrefix: "0")
        case .other: return .incomplete  // without a plan, only a +country number can be read
        }
    }

    private enum Plan { case northAmerica, unitedKingdom, other }

    private static let northAmericanRegions: Set<String> = [
        "US", "CA", "AG", "AI", "AS", "BB", "BM", "BS", "DM", "DO", "GD", "GU", "JM", "KN", "KY", "LC", "MP", "MS", "PR",
        "SX", "TC", "TT", "VC", "VG", "VI",
    ]

    private static func plan(forRegion region: String) -> Plan {
        if northAmericanRegions.contains(region) { return .northAmerica }
        if region == "GB" { return .unitedKingdom }
        return .other
    }

    private func international(_ number: String) -> PhoneEntry {
        if number.hasPrefix("1") { return northAmerican(String(number.dropFirst()), trunkAllowed: false) }
        if number.hasPrefix("44") { return british(String(number.dropFirst(2)), trunkPrefix: nil) }
        guard number.first != "0" else { return .invalid }
        if number.count < 8 { return .incomplete }
        return number.count <= 15 ? .valid(e164: "+" + number) : .invalid
    }

    /// Ten digits, the area code starting 2–9; typed nationally a leading 1 may come first.
    private func northAmerican(_ number: String, trunkAllowed: Bool) -> PhoneEntry {
        var national = Substring(number)
        if trunkAllowed, national.count == 11, national.first == "1" { national = national.dropFirst() }
        if national.count < 10 { return .incomplete }
        guard national.count == 10, let first = national.first, ("2"..."9").contains(first) else { return .invalid }
        return .valid(e164: "+1" + national)
    }

    /// Ten digits after the trunk 0, not starting with 0.
    private func british(_ number: String, trunkPrefix: Character?) -> PhoneEntry {
        var national = Substring(number)
        if let trunkPrefix, national.first == trunkPrefix { national = national.dropFirst() }
        if national.count < 10 { return .incomplete }
        guard national.count == 10, national.first != "0" else { return .invalid }
        return .valid(e164: "+44" + national)
    }
}
