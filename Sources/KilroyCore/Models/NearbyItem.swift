public import Foundation
import Geo

/// One entry of the merged "near me" list: a memory of this device or a kilroy from the cloud,
/// with its distance from the user.
public struct NearbyItem: Identifiable, Hashable, Sendable {
    /// Where the entry comes from. A memory this device uploaded appears once, as `.local`.
    public enum Source: Hashable, Sendable {
        case local(DroppedMemory)
        case cloud(CloudKilroy)
    }

    public let source: Source
    /// Great-circle distance from the user in metres.
    public let distanceMeters: Double

    public init(source: Source, distanceMeters: Double) {
        self.source = source
        self.distanceMeters = distanceMeters
    }

    /// The memory's UUID in lower case, or the kilroy's id as the server sent it (normalised to
    /// lower case when it is a UUID), so that both sources compare equal.
    public var id: String {
        switch source {
        case .local(let memory): memory.id.uuidString.lowercased()
        case .cloud(let kilroy): UUID(uuidString: kilroy.id).map { $0.uuidString.lowercased() } ?? kilroy.id
        }
    }

    public var latitude: Double {
        switch source {
        case .local(let memory): memory.coordinate.latitude
        case .cloud(let kilroy): kilroy.latitude
        }
    }

    public var longitude: Double {
        switch source {
        case .local(let memory): memory.coordinate.longitude
        case .cloud(let kilroy): kilroy.longitude
        }
    }

    public var comment: String? {
        switch source {
        case .local(let memory): memory.comment
        case .cloud(let kilroy): kilroy.comment
        }
    }

    /// The place's name, `nil` when none was given.
    public var placeName: String? {
        switch source {
        case .local(let memory): memory.placeName
        case .cloud(let kilroy): kilroy.placeName.isEmpty ? nil : kilroy.placeName
        }
    }

    /// When the memory was captured.
    public var capturedAt: Date {
        switch source {
        case .local(let memory): memory.capturedAt
        case .cloud(let kilroy): kilroy.createdAt
        }
    }

    /// Whether this device holds the memory.
    public var isLocal: Bool {
        switch source {
        case .local: true
        case .cloud: false
        }
    }
}
