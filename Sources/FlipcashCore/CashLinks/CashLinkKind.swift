/// The two links that carry entropy in their fragment: a gift card (cash someone can claim) and
/// a login link (the user's own account, on another device).
public enum CashLinkKind: String, CaseIterable, Hashable, Sendable {
    /// `https://send.flipcash.com/c/#/e=…`: cash sent as a link.
    case giftCard
    /// `https://app.flipcash.com/login/#/e=…`: the key of an account, to log in with.
    case login

    /// The host the link lives on.
    public var host: String {
        switch self {
        case .giftCard: "send.flipcash.com"
        case .login: "app.flipcash.com"
        }
    }

    /// The path before the fragment, with its trailing slash as the app writes it.
    public var path: String {
        switch self {
        case .giftCard: "/c/"
        case .login: "/login/"
        }
    }

    /// The kind whose host and path these are (case-insensitive host; the trailing slash of the
    /// path optional), `nil` for any other page.
    init?(host: String, path: String) {
        let host = host.lowercased()
        let trimmedPath = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let kind = Self.allCases.first(where: { $0.host == host && String($0.path.dropLast()) == trimmedPath }) else {
            return nil
        }
        self = kind
    }
}
