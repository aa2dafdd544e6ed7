public import Foundation

/// What the journal says about a period: which strains and methods work for the user and
/// which effects come up most.
public struct JournalInsights: Codable, Hashable, Sendable {
    public struct StrainStat: Codable, Hashable, Sendable {
        public let strain: String
        public let sessions: Int
        public let averageRating: Double
    }

    public struct MethodStat: Codable, Hashable, Sendable {
        public let method: String
        public let sessions: Int
        public let averageRating: Double
    }

    public struct ProductTypeStat: Codable, Hashable, Sendable {
        public let productType: String
        public let sessions: Int
    }

    public struct EffectStat: Codable, Hashable, Sendable {
        public let effect: String
        public let sessions: Int
    }

    public let from: Date?
    public let to: Date?
    public let sessions: Int
    public let averageRating: Double?
    public let favorites: Int
    /// Most sessions first.
    public let strains: [StrainStat]
    /// Sessions without a method are not counted here.
    public let methods: [MethodStat]
    public let productTypes: [ProductTypeStat]
    /// Most frequent first.
    public let effects: [EffectStat]
}
