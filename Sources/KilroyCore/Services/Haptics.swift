/// The device's tap: on iOS a `UIImpactFeedbackGenerator` (the seed's `HapticsService`), on
/// Apple Watch a wrist tap, in tests a counter. The view models only ask; they never know how.
@MainActor
public protocol Haptics {
    /// A short tap saying "you are back at a memory".
    func approachTap()
}
