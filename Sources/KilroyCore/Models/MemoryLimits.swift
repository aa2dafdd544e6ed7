/// The limits a memory must respect, the same as the Kilroy cloud's, so that what the device
/// accepts can also be uploaded.
public enum MemoryLimits {
    /// Most characters in a comment.
    public static let commentLength = 500
    /// Most characters in a place name.
    public static let placeNameLength = 200
    /// Most characters in a place address.
    public static let placeAddressLength = 300
    /// Largest photo, in bytes (10 MB).
    public static let imageBytes = 10 * 1024 * 1024
}
