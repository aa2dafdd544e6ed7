/// How the product was taken (the seed's list).
public enum ConsumptionMethod: String, Codable, CaseIterable, Sendable {
    case joint
    case bong
    case pipe
    case vape
    case edible
    case dab
    case tincture
    case topical
}
