/// Draws the abstract avatar that stands for a person on their card and in the quiz.
///
/// Intentionally non-photorealistic: a flat, friendly sketch avoids the uncanny valley and does not
/// promise a likeness. What the ramble said (hair, glasses, beard, hat, clothes…) shapes the
/// drawing; what it did not say (skin tone, face shape, background) comes from the name, so every
/// person gets their own sketch even with no keywords. The same keywords and name always give the
/// same bytes. The SVG contains shapes only, never text, so it cannot give away the name it stands for.
public struct SketchRenderer: Sendable {
    private static let canvasSize = 256

    public init() {}

    /// A complete standalone SVG 1.1 document (UTF-8 text, 256 × 256), each feature in a `<g>` with a
    /// stable `id` (`hair`, `glasses`, `beard`, `hat`…) for styling and inspection.
    ///
    /// - Parameters:
    ///   - keywords: what the ramble said about the person; unknown words are ignored or drawn neutrally.
    ///   - name: the person's name, only used to vary what the keywords leave open (trimmed and case-insensitive).
    public func svg(for keywords: PersonKeywords, seed name: String) -> String {
        let seed = SketchSeed(name: name)
        let features = SketchFeatures(keywords: keywords, seed: seed)
        let head = SketchHead(seed: seed, height: features.height)
        let skin = seed.pick(SketchPalette.skins, for: .skin)
        let hair = SketchHair(features: features, head: head, seed: seed)
        let face = SketchFace(features: features, head: head, seed: seed, skin: skin)
        let outfit = SketchOutfit(features: features, head: head, seed: seed, skin: skin)
        let accessories = SketchAccessories(features: features, head: head, seed: seed)
        let size = Self.canvasSize
        let background = seed.pick(SketchPalette.backgrounds, for: .background)

        return SVGWriter.document(size: size) { svg in
            svg.group(id: "background") {
                $0.rect(x: 0, y: 0, width: Double(size), height: Double(size), style: .fill(background))
            }
            hair.drawBack(into: &svg)
            outfit.draw(into: &svg)
            face.drawHead(into: &svg)
            face.drawFace(into: &svg)
            face.drawFacialHair(into: &svg)
            hair.drawFront(into: &svg)
            accessories.draw(into: &svg)
        }
    }
}
