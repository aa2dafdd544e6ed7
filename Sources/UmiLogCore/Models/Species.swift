/// A marine species divers log sightings of.
public struct Species: Identifiable, Codable, Hashable, Sendable {
    /// A stable slug of the scientific name ("rhincodon-typus").
    public var id: String
    public var commonName: String
    /// Binomial name, as in WoRMS ("Rhincodon typus").
    public var scientificName: String
    public var category: SpeciesCategory
    /// The regions it is commonly seen in, named as `DiveSite.region` names them.
    public var regions: [String]

    public init(id: String, commonName: String, scientificName: String, category: SpeciesCategory, regions: [String]) {
        self.id = id
        self.commonName = commonName
        self.scientificName = scientificName
        self.category = category
        self.regions = regions
    }
}

/// The broad groups the species picker shows.
public enum SpeciesCategory: String, Codable, CaseIterable, Hashable, Sendable {
    case fish, shark, ray, turtle, mammal, cephalopod, nudibranch, crustacean, coral, invertebrate, reptile
}
