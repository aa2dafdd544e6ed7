import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

/// The session fields `add` and `edit` take. Values go to the form view model as typed, so
/// every message about them comes from one place and names the field.
struct SessionOptions: ParsableArguments {
    @Option(help: "Strain or product name.") var strain: String?
    @Option(help: "Product type: \(ProductType.allCases.map(\.rawValue).joined(separator: ", ")).") var type: String?
    @Option(help: "Rating, 1 to 5.") var rating: String?
    @Option(help: "Notes (an empty value clears them on edit).") var notes: String?
    @Option(help: "Brand (an empty value clears it on edit).") var brand: String?
    @Option(help: "THC percentage, 0 to 100 (an empty value clears it on edit).") var thc: String?
    @Option(help: "CBD percentage, 0 to 100 (an empty value clears it on edit).") var cbd: String?
    @Option(help: "Amount in grams (an empty value clears it on edit).") var grams: String?
    @Option(name: .customLong("effect"), help: "An effect (repeat for several; replaces the list on edit).")
    var effects: [String] = []
    @Option(help: "Method: \(ConsumptionMethod.allCases.map(\.rawValue).joined(separator: ", ")) (an empty value clears it on edit).")
    var method: String?
    @Option(help: "Latitude, -90 to 90 (e.g. --lat -33.9); stored snapped to a ~500 m grid unless --exact-location.")
    var lat: String?
    @Option(help: "Longitude, -180 to 180.") var lon: String?
    @Option(help: "A name for the place (needs --lat and --lon).") var place: String?
    @Flag(help: "Store the exact coordinate instead of the ~500 m privacy grid.") var exactLocation = false
    @Option(help: "When the session happened (ISO 8601, e.g. 2026-11-20T21:30 or 2026-11-20); leave it out for now.")
    var at: String?
    @Option(help: "A photo (JPEG, PNG or HEIC; at most \(InputFile.describeSize(ImageKind.maximumByteCount))).")
    var image: String?

    /// Copies the given options into the form; options not given leave the form as it is.
    /// - Throws: `BudsError.invalidField` for a value given empty where that means nothing
    ///   (``BudsField/emptyValueIssue(editing:)``), or a photo that cannot be read; the form is
    ///   then unchanged.
    @MainActor
    func apply(to form: CreateMemoryViewModel) throws {
        try checkEmptyValues(editing: form.isEditing)
        let imageData = try image.map {
            try InputFile.read($0, field: BudsField.image.rawValue, maximumBytes: ImageKind.maximumByteCount)
        }
        if let strain { form.strain = strain }
        if let type { form.productType = type }
        if let rating { form.rating = rating }
        if let notes { form.notes = notes }
        if let brand { form.brand = brand }
        if let thc { form.thc = thc }
        if let cbd { form.cbd = cbd }
        if let grams { form.grams = grams }
        if !effects.isEmpty { form.effects = effects }
        if let method { form.method = method }
        if let lat { form.latitude = lat }
        if let lon { form.longitude = lon }
        if let place { form.place = place }
        if exactLocation { form.exactLocation = true }
        if let at { form.at = at }
        if let imageData { form.imageData = imageData }
    }

    /// The options given with an empty (or blank) value, checked against the journal's rule for
    /// each field: an empty date or number is an error, not "now" or "none".
    func checkEmptyValues(editing: Bool) throws {
        let given: [(BudsField, String?)] = [
            (.strain, strain), (.type, type), (.rating, rating), (.notes, notes), (.brand, brand), (.thc, thc),
            (.cbd, cbd), (.grams, grams), (.method, method), (.lat, lat), (.lon, lon), (.place, place), (.at, at),
            (.image, image),
        ]
        for (field, value) in given {
            guard let value, value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                let issue = field.emptyValueIssue(editing: editing)
            else { continue }
            throw BudsError.invalidField(issue)
        }
    }
}
