/// How well the person recalled a name.
///
/// The app offers two buttons, "got it" (``good``) and "missed" (``again``); ``hard`` and ``easy``
/// exist so that schedulers built on four grades (FSRS) and richer front ends can use the full scale.
public enum ReviewRating: String, Codable, CaseIterable, Sendable {
    /// Not recalled.
    case again
    /// Recalled with serious effort.
    case hard
    /// Recalled.
    case good
    /// Recalled at once.
    case easy
}
