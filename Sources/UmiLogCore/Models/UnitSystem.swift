/// How values are shown. Storage is always SI; only display converts.
public enum UnitSystem: String, Codable, CaseIterable, Hashable, Sendable {
    case metric, imperial

    public static let feetPerMeter = 3.280_839_895
    public static let psiPerBar = 14.503_773_773

    /// Depth or visibility in the system's unit ("25 m", "82 ft").
    public func length(_ meters: Double) -> String {
        switch self {
        // Dive computers log depth to the centimetre (38.99 m); rounding it to 39 would misquote them.
        case .metric: "\(Self.trimmed(meters, places: 2)) m"
        case .imperial: "\(Self.trimmed((meters * Self.feetPerMeter).rounded())) ft"
        }
    }

    /// "28 °C" or "82 °F".
    public func temperature(_ celsius: Double) -> String {
        switch self {
        case .metric: "\(Self.trimmed(celsius)) °C"
        case .imperial: "\(Self.trimmed((celsius * 9 / 5 + 32).rounded())) °F"
        }
    }

    /// "200 bar" or "2901 psi".
    public func pressure(_ bar: Double) -> String {
        switch self {
        case .metric: "\(Self.trimmed(bar)) bar"
        case .imperial: "\(Self.trimmed((bar * Self.psiPerBar).rounded())) psi"
        }
    }

    /// At most one decimal, none when whole.
    static func trimmed(_ value: Double, places: Int = 1) -> String {
        let scale = (0..<places).reduce(1.0) { product, _ in product * 10 }
        let rounded = (value * scale).rounded() / scale
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
