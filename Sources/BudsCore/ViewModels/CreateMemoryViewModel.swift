public import Foundation
import Geo
public import Observation
import Validation

/// The add/edit form. Holds what the user typed, turns it into a `SessionDraft` with a
/// message per field, and saves through the repository. Numbers arrive as text (keypad or
/// command line) and are parsed locale-independently.
@MainActor
@Observable
public final class CreateMemoryViewModel {
    public var strain = ""
    public var productType = ProductType.flower.rawValue
    public var rating = ""
    public var notes = ""
    public var brand = ""
    public var thc = ""
    public var cbd = ""
    public var grams = ""
    public var effects: [String] = []
    public var method = ""
    public var latitude = ""
    public var longitude = ""
    public var place = ""
    /// Keep the exact coordinate instead of snapping it to the ~500 m privacy grid.
    public var exactLocation = false
    /// When the session happened, if not now (see `SessionTimeParser`).
    public var at = ""
    /// New photo bytes; nil keeps the current photo when editing.
    public var imageData: Data?
    public var removeImage = false

    /// One message per field that stops saving; empty when the form is valid.
    public private(set) var fieldErrors: [BudsField: String] = [:]
    public private(set) var isSaving = false

    private let repository: MemoryRepository
    private let editing: Memory?
    /// The edited memory's claimed time and the text `at` was pre-filled with. The text has
    /// whole seconds only; while `at` still reads the same, the exact time is kept, so an edit
    /// of another field never moves the session's time by its milliseconds.
    private var prefilledTime: (text: String, date: Date)?
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone

    /// A form for a new session.
    public init(repository: MemoryRepository, now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current) {
        self.repository = repository
        self.editing = nil
        self.now = now
        self.timeZone = timeZone
    }

    /// A form pre-filled with a memory's latest version.
    public init(
        editing memory: Memory, repository: MemoryRepository, now: @escaping @Sendable () -> Date = Date.init,
        timeZone: TimeZone = .current
    ) {
        self.repository = repository
        self.editing = memory
        self.now = now
        self.timeZone = timeZone
        strain = memory.strainName
        productType = memory.productType.rawValue
        rating = String(memory.rating)
        notes = memory.notes ?? ""
        brand = memory.brand ?? ""
        thc = memory.thcPercent.map { String($0) } ?? ""
        cbd = memory.cbdPercent.map { String($0) } ?? ""
        grams = memory.amountGrams.map { String($0) } ?? ""
        effects = memory.effects
        method = memory.consumptionMethod?.rawValue ?? ""
        if let location = memory.location {
            latitude = String(location.latitude)
            longitude = String(location.longitude)
            place = location.placeName ?? ""
            exactLocation = location.isExact
        }
        if let claimed = memory.claimedTimeMs {
            let date = Date(timeIntervalSince1970: Double(claimed) / 1000)
            at = ISO8601DateFormatter().string(from: date)
            prefilledTime = (at, date)
        }
    }

    public var isEditing: Bool { editing != nil }

    /// Checks the form and fills `fieldErrors`; true when it can be saved.
    @discardableResult
    public func validate() -> Bool {
        let (_, issues) = makeDraft()
        fieldErrors = Dictionary(issues.map { ($0.field, $0.reason) }, uniquingKeysWith: { first, _ in first })
        return issues.isEmpty
    }

    /// Saves the form as a new session or a new version of the edited one.
    /// - Throws: `BudsError.invalidField` for the first invalid field (all are in `fieldErrors`);
    ///   nothing is written then.
    public func save() async throws -> Memory {
        let (draft, issues) = makeDraft()
        fieldErrors = Dictionary(issues.map { ($0.field, $0.reason) }, uniquingKeysWith: { first, _ in first })
        guard let draft, issues.isEmpty else {
            throw BudsError.invalidField(issues.sorted { $0.field < $1.field }[0])
        }
        isSaving = true
        defer { isSaving = false }
        if let editing {
            return try await repository.update(editing.id, with: draft)
        }
        return try await repository.create(draft)
    }

    /// Parses the text fields, then applies the journal's rules (`SessionDraft.issues`).
    private func makeDraft() -> (SessionDraft?, [FieldIssue<BudsField>]) {
        var issues: [FieldIssue<BudsField>] = []
        let type = ProductType(rawValue: productType.trimmingCharacters(in: .whitespaces).lowercased())
        if type == nil {
            issues.append(
                FieldIssue(
                    .type,
                    productType.trimmingCharacters(in: .whitespaces).isEmpty
                        ? "is required" : "must be one of \(ProductType.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        let ratingValue = Int(rating.trimmingCharacters(in: .whitespaces))
        if ratingValue == nil {
            issues.append(FieldIssue(.rating, rating.isEmpty ? "is required" : "must be a whole number from 1 to 5"))
        }
        let thcValue = Self.number(thc, field: .thc, issues: &issues)
        let cbdValue = Self.number(cbd, field: .cbd, issues: &issues)
        let gramsValue = Self.number(grams, field: .grams, issues: &issues)
        var methodValue: ConsumptionMethod?
        let methodText = method.trimmingCharacters(in: .whitespaces).lowercased()
        if !methodText.isEmpty {
            methodValue = ConsumptionMethod(rawValue: methodText)
            if methodValue == nil {
                issues.append(
                    FieldIssue(
                        .method, "must be one of \(ConsumptionMethod.allCases.map(\.rawValue).joined(separator: ", "))"
                    ))
            }
        }
        let location = makeLocation(issues: &issues)
        var claimedTime: Date?
        if let prefilledTime, at == prefilledTime.text {
            claimedTime = prefilledTime.date
        } else if !at.trimmingCharacters(in: .whitespaces).isEmpty {
            claimedTime = SessionTimeParser.parse(at, timeZone: timeZone)
            if claimedTime == nil {
                issues.append(FieldIssue(.at, "must be a date like 2026-11-20 or 2026-11-20T21:30 (ISO 8601)"))
            }
        }
        var image: ImageSource?
        if let imageData {
            image = .data(imageData)
        } else if !removeImage, let cid = editing?.imageCID {
            image = .existing(cid: cid)
        }
        // Stand-ins for unparsable type or rating let the draft's own rules report every
        // other field too; the stand-ins' own results are dropped.
        let draft = SessionDraft(
            strainName: strain, productType: type ?? .other, rating: ratingValue ?? 1, notes: notes, brand: brand,
            thcPercent: thcValue, cbdPercent: cbdValue, amountGrams: gramsValue, effects: effects,
            consumptionMethod: methodValue, claimedTime: claimedTime, location: location, image: image
        )
        let reported = Set(issues.map(\.field))
        issues += draft.issues(now: now()).filter { !reported.contains($0.field) }
        let sorted = issues.sorted { $0.field < $1.field }
        guard type != nil, ratingValue != nil else { return (nil, sorted) }
        return (draft, sorted)
    }

    private func makeLocation(issues: inout [FieldIssue<BudsField>]) -> LocationInput? {
        let hasLatitude = !latitude.trimmingCharacters(in: .whitespaces).isEmpty
        let hasLongitude = !longitude.trimmingCharacters(in: .whitespaces).isEmpty
        let hasPlace = !place.trimmingCharacters(in: .whitespaces).isEmpty
        switch (hasLatitude, hasLongitude) {
        case (false, false):
            if hasPlace { issues.append(FieldIssue(.place, "needs a location (lat and lon)")) }
            return nil
        case (true, false):
            issues.append(FieldIssue(.lon, "is required with lat"))
            return nil
        case (false, true):
            issues.append(FieldIssue(.lat, "is required with lon"))
            return nil
        case (true, true):
            guard let lat = Self.number(latitude, field: .lat, issues: &issues),
                let lon = Self.number(longitude, field: .lon, issues: &issues)
            else { return nil }
            do {
                let coordinate = try Coordinate(latitude: lat, longitude: lon)
                return LocationInput(coordinate: coordinate, exact: exactLocation, placeName: place)
            } catch {
                let field: BudsField = (-90...90).contains(lat) ? .lon : .lat
                issues.append(FieldIssue(field, field == .lat ? "must be between -90 and 90" : "must be between -180 and 180"))
                return nil
            }
        }
    }

    /// `Double(_:)` is locale-independent: "3.5" always means three and a half.
    private static func number(_ text: String, field: BudsField, issues: inout [FieldIssue<BudsField>]) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let value = Double(trimmed), value.isFinite else {
            issues.append(FieldIssue(field, "must be a number"))
            return nil
        }
        return value
    }
}
