/// The add-person flow, in the seed's order: name → ramble → sketch → context → photo.
public enum AddPersonStep: String, Hashable, Sendable, CaseIterable {
    case name
    case ramble
    case sketch
    case context
    case photo
}
