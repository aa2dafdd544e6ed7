/// The vCard versions Remember writes: 3.0 (RFC 2426) is what most phones still exchange, 4.0 (RFC 6350) is current.
public enum VCardVersion: String, Sendable, CaseIterable {
    case v3 = "3.0"
    case v4 = "4.0"
}
