/// What kind of product a session used (the seed's list).
public enum ProductType: String, Codable, CaseIterable, Sendable {
    case flower
    case edible
    case concentrate
    case vape
    case tincture
    case topical
    case other
}
