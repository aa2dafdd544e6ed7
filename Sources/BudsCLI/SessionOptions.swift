import ArgumentParser
import BudsCore
import Foundation

/// The session fields `add` and `edit` take. Values go to the form view model as typed, so
/// every message about them comes from one place and names the field.
struct SessionOptions: ParsableArguments {
    @Option(help: "Strain or product name.") var strain: String?
    @Option(help: "Product type: \(ProductType.allCases.map(\.rawValue).joined(separator: ", ")).") var type: String?
    @Option(help: "Rating, 1 to 5.") var rating: String?
    @Option(help: "Notes (an empty value clears them on edit).") var notes: String?
    @Option(help: "Brand (an empty value clears it on edit).") var brand: String?
    @Option(help: "THC percentage, 0 to 100.") var thc: String?
    @Option(help: "CBD percentage, 0 to 100.") var cbd: String?
    @Option(help: "Amount in grams.") var grams: String?
    @Option(name: .customLong("effect"), help: "An effect (repeat for several; replaces the list on edit).")
    var effects: [String] = []
    @Option(help: "Method: \(ConsumptionMethod.allCases.map(\.rawValue).joined(separator: ", ")).") var method: String?
    @Option(help: "Latitude; stored snapped to a ~500 m grid unless --exact-location.") var lat: String?
    @Option(help: "Longitude.") var lon: String?
    @Option(help: "A name for the place (needs --lat and --lon).") var place: String?
    @Flag(help: "Store the exact coordinate instead of the ~500 m privacy grid.") var exactLocation = false
    @Option(help: "When the session happened (ISO 8601, e.g. 2026-11-20T21:30 or 2026-11-20).") var at: String?
    @Option(help: "A photo (JPEG, PNG, HEIC, WebP or GIF).") var image: String?

    /// Copies the given options into the form; options not given leave the form as it is.
    @MainActor
    func apply(to form: CreateMemoryViewModel) throws {
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
        if let image {
            let url = URL(fileURLWithPath: (image as NSString).expandingTildeInPath)
            do {
                form.imageData = try Data(contentsOf: url)
            } catch {
                throw BudsError.unsupportedImage("cannot read \(image): \(error.localizedDescription)")
            }
        }
    }
}
