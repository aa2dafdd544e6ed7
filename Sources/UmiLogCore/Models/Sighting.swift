public import Foundation

/// A species seen on a dive, with how many.
public struct Sighting: Identifiable, Codable, Hashable, Sendable {
    public var id: UUID
    public var diveID: UUID
    public var speciesID: String
    public var count: Int
    public var note: String?

    public init(id: UUID = UUID(), diveID: UUID, speciesID: String, count: Int = 1, note: String? = nil) {
        self.id = id
        self.diveID = diveID
        self.speciesID = speciesID
        self.count = count
        self.note = note
    }
}
