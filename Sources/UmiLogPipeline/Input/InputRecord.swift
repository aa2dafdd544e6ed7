/// One valid line of input.
enum InputRecord: Sendable {
    case site(RawSite)
    case dive(RawDive)
    case sighting(RawSighting)
}
