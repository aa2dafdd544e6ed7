import Foundation

/// Draws a person's abstract avatar and keeps it as a file.
///
/// The sketch is intentionally non-photorealistic to avoid uncanny valley effects and
/// unrealistic expectations (the seed). It is deterministic: the same keywords and name give the
/// same bytes, so it can always be drawn again instead of being backed up.
public struct SketchService: Sendable {
    private let renderer: SketchRenderer
    private let files: FileService

    public init(files: FileService, renderer: SketchRenderer = SketchRenderer()) {
        self.files = files
        self.renderer = renderer
    }

    /// The SVG document for a person with these keywords and name, not saved (the add-person
    /// flow previews it before saving).
    public func preview(keywords: PersonKeywords, name: String) -> String {
        renderer.svg(for: keywords, seed: name)
    }

    /// Draws the person's sketch and writes it to the store.
    ///
    /// - Returns: the file's path relative to the store folder.
    /// - Throws: `RememberError.fileWriteFailed` when the file cannot be written.
    public func generate(for person: Person) throws(RememberError) -> String {
        try files.writeSketch(preview(keywords: person.keywords, name: person.name), for: person.id)
    }
}
