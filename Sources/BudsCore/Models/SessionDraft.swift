public import Foundation
public import Geo
public import Validation

/// A session as entered, before it is signed. `validated(now:)` is the single place where the
/// journal's input rules live; the view models and the manager both go through it.
public struct SessionDraft: Hashable, Sendable {
    public var strainName: String
    public var productType: ProductType
    public var rating: Int
    public var notes: String?
    public var brand: String?
    public var thcPercent: Double?
    public var cbdPercent: Double?
    public var amountGrams: Double?
    public var effects: [String]
    public var consumptionMethod: ConsumptionMethod?
    /// When the session happened, if not now.
    public var claimedTime: Date?
    public var location: LocationInput?
    public var image: ImageSource?

    public init(
        strainName: String, productType: ProductType, rating: Int, notes: String? = nil, brand: String? = nil,
        thcPercent: Double? = nil, cbdPercent: Double? = nil, amountGrams: Double? = nil, effects: [String] = [],
        consumptionMethod: ConsumptionMethod? = nil, claimedTime: Date? = nil, location: LocationInput? = nil,
        image: ImageSource? = nil
    ) {
        self.strainName = strainName
        self.productType = productType
        self.rating = rating
        self.notes = notes
        self.brand = brand
        self.thcPercent = thcPercent
        self.cbdPercent = cbdPercent
        self.amountGrams = amountGrams
        self.effects = effects
        self.consumptionMethod = consumptionMethod
        self.claimedTime = claimedTime
        self.location = location
        self.image = image
    }

    /// Limits that keep a journal entry readable and a receipt small.
    public enum Limits {
        public static let strainName = 100
        public static let brand = 100
        public static let notes = 5_000
        public static let effect = 40
        public static let effectCount = 20
        public static let placeName = 120
        public static let maximumGrams = 1_000.0
        /// A claimed time may be slightly ahead of this device's clock, not more.
        public static let futureTolerance: TimeInterval = 5 * 60
    }

    /// Every problem with this draft, in field order; empty when it can be saved.
    public func issues(now: Date) -> [FieldIssue<BudsField>] {
        canonicalize(now: now).issues
    }

    /// The canonical draft (trimmed text, lower-cased de-duplicated effects, empty optionals
    /// removed), or the first problem as `BudsError.invalidField`.
    public func validated(now: Date) throws -> SessionDraft {
        let (draft, issues) = canonicalize(now: now)
        if let first = issues.first {
            throw BudsError.invalidField(first)
        }
        return draft
    }

    private func canonicalize(now: Date) -> (draft: SessionDraft, issues: [FieldIssue<BudsField>]) {
        var issues: [FieldIssue<BudsField>] = []
        var draft = self

        if let strain = LengthValidator(max: Limits.strainName).validate(strainName) {
            draft.strainName = strain
        } else {
            issues.append(
                FieldIssue(
                    .strain,
                    strainName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                        ? "is required" : "must be at most \(Limits.strainName) characters"))
        }
        if !(1...5).contains(rating) {
            issues.append(FieldIssue(.rating, "must be a whole number from 1 to 5"))
        }
        draft.notes = Self.optionalText(notes, field: .notes, max: Limits.notes, issues: &issues)
        draft.brand = Self.optionalText(brand, field: .brand, max: Limits.brand, issues: &issues)
        Self.checkPercent(thcPercent, field: .thc, issues: &issues)
        Self.checkPercent(cbdPercent, field: .cbd, issues: &issues)
        if let grams = amountGrams, !(grams.isFinite && grams > 0 && grams <= Limits.maximumGrams) {
            issues.append(FieldIssue(.grams, "must be more than 0 and at most \(Int(Limits.maximumGrams))"))
        }
        draft.effects = Self.canonicalEffects(effects, issues: &issues)
        if let claimedTime, claimedTime.timeIntervalSince(now) > Limits.futureTolerance {
            issues.append(FieldIssue(.at, "is in the future"))
        }
        if var location {
            location.placeName = Self.optionalText(location.placeName, field: .place, max: Limits.placeName, issues: &issues)
            draft.location = location
        }
        return (draft, issues)
    }

    /// Trims once when the text is valid (the common case): batches validate thousands of
    /// drafts, and trimming is what validation spends most on.
    private static func optionalText(_ text: String?, field: BudsField, max: Int, issues: inout [FieldIssue<BudsField>]) -> String? {
        guard let text else { return nil }
        // `LengthValidator`'s `min` is 1: nil means all whitespace or too long.
        if let canonical = LengthValidator(max: max).validate(text) { return canonical }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        issues.append(FieldIssue(field, "must be at most \(max) characters"))
        return nil
    }

    private static func checkPercent(_ value: Double?, field: BudsField, issues: inout [FieldIssue<BudsField>]) {
        guard let value else { return }
        if !(value.isFinite && (0...100).contains(value)) {
            issues.append(FieldIssue(field, "must be a percentage from 0 to 100"))
        }
    }

    private static func canonicalEffects(_ effects: [String], issues: inout [FieldIssue<BudsField>]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for effect in effects {
            guard let canonical = LengthValidator(max: Limits.effect).validate(effect)?.lowercased() else {
                issues.append(
                    FieldIssue(
                        .effect,
                        effect.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                            ? "must not be empty" : "must be at most \(Limits.effect) characters"))
                continue
            }
            if seen.insert(canonical).inserted { result.append(canonical) }
        }
        if result.count > Limits.effectCount {
            issues.append(FieldIssue(.effect, "at most \(Limits.effectCount) effects"))
        }
        return result
    }
}

/// A location as entered: the coordinate is snapped on save unless `exact` is set.
public struct LocationInput: Hashable, Sendable {
    public var coordinate: Coordinate
    public var exact: Bool
    public var placeName: String?

    public init(coordinate: Coordinate, exact: Bool = false, placeName: String? = nil) {
        self.coordinate = coordinate
        self.exact = exact
        self.placeName = placeName
    }
}

/// A session's photo: new bytes to store, or one already in the blob store (kept on edit).
public enum ImageSource: Hashable, Sendable {
    case data(Data)
    case existing(cid: String)
}
