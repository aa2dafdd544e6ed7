import Foundation

/// The dive fields a transcript filled, in SI units (metres, seconds, °C, bar), each `nil` when not
/// said or not usable.
///
/// Every value is already within the limits of the dive form, so the form can take it as is; the
/// app still shows it to the diver to confirm before anything is saved.
public struct VoiceDiveFields: Equatable, Sendable, Codable {
    public var maxDepthMeters: Double?
    public var averageDepthMeters: Double?
    public var bottomTimeSeconds: Int?
    public var waterTemperatureCelsius: Double?
    public var visibilityMeters: Double?
    public var startPressureBar: Double?
    public var endPressureBar: Double?
    /// 21 for air, otherwise the nitrox mix.
    public var oxygenPercent: Int?
    /// 1–5 stars.
    public var rating: Int?
    public var buddy: String?

    public init(
        maxDepthMeters: Double? = nil, averageDepthMeters: Double? = nil, bottomTimeSeconds: Int? = nil,
        waterTemperatureCelsius: Double? = nil, visibilityMeters: Double? = nil, startPressureBar: Double? = nil,
        endPressureBar: Double? = nil, oxygenPercent: Int? = nil, rating: Int? = nil, buddy: String? = nil
    ) {
        self.maxDepthMeters = maxDepthMeters
        self.averageDepthMeters = averageDepthMeters
        self.bottomTimeSeconds = bottomTimeSeconds
        self.waterTemperatureCelsius = waterTemperatureCelsius
        self.visibilityMeters = visibilityMeters
        self.startPressureBar = startPressureBar
        self.endPressureBar = endPressureBar
        self.oxygenPercent = oxygenPercent
        self.rating = rating
        self.buddy = buddy
    }

    /// Whether nothing was filled, so the app can say "I didn't catch any dive details".
    public var isEmpty: Bool { self == VoiceDiveFields() }
}
