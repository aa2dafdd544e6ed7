/// A navigation stack: each top-level sheet owns the stack of the same name, and tabs own theirs.
/// Every stack has its own path, so a flow opened in one never disturbs another.
public enum RouterStack: String, CaseIterable, Hashable, Sendable {
    case balance, settings, give, discover, buy, addMoney, downloadApp, sendAmount, tips, you

    /// The sheet that shows this stack, for the stacks `navigate(to:)` can open. `buy`, `addMoney`
    /// and `sendAmount` sheets carry a payload and `you` is a tab, so they have none.
    public var sheet: SheetPresentation? {
        switch self {
        case .balance: .balance
        case .settings: .settings
        case .give: .give
        case .discover: .discover
        case .downloadApp: .downloadApp
        case .tips: .tips
        case .buy, .addMoney, .sendAmount, .you: nil
        }
    }

    /// Whether a tab of the main screen owns the stack (then navigating to it selects the tab).
    public var isTab: Bool {
        switch self {
        case .you: true
        case .balance, .settings, .give, .discover, .buy, .addMoney, .downloadApp, .sendAmount, .tips: false
        }
    }
}

/// A sheet the router presents. Each owns the stack of the same name.
public enum SheetPresentation: Hashable, Sendable {
    case balance
    case settings
    case give
    case discover
    /// Buying a currency, by its mint address.
    case buy(mint: String)
    /// Adding money, with where the flow was started from.
    case addMoney(context: String)
    case downloadApp
    /// Entering an amount to send to someone.
    case sendAmount(target: String)
    case tips

    public var stack: RouterStack {
        switch self {
        case .balance: .balance
        case .settings: .settings
        case .give: .give
        case .discover: .discover
        case .buy: .buy
        case .addMoney: .addMoney
        case .downloadApp: .downloadApp
        case .sendAmount: .sendAmount
        case .tips: .tips
        }
    }

    /// Two presentations of the same kind differ at most in their payload (`buy(A)`, `buy(B)`).
    public func isSameKind(as other: SheetPresentation) -> Bool { stack == other.stack }

    /// For logs.
    public var name: String {
        switch self {
        case .balance, .settings, .give, .discover, .downloadApp, .tips: stack.rawValue
        case .buy(let mint): "buy(\(mint))"
        case .addMoney(let context): "addMoney(\(context))"
        case .sendAmount(let target): "sendAmount(\(target))"
        }
    }
}

/// A screen a deeplink or push notification can land on; each belongs to one stack.
public enum Destination: Hashable, Sendable {
    // Balance
    case currencyInfo(mint: String)
    case discoverCurrencies
    case currencyCreation
    case history
    case activity
    case give(mint: String)
    case buy(mint: String)
    case convert(mint: String)
    case withdrawCurrency(mint: String)
    case usdcDeposit
    // Settings
    case settingsScreen(String)
    case blockedUsers
    case accessKey
    case withdraw
    // Tips
    case profile
    case tipCard
    case tipConversations
    case userProfile(id: String)
    // You
    case account

    /// The stack this screen is pushed on.
    public var owningStack: RouterStack {
        switch self {
        case .currencyInfo, .discoverCurrencies, .currencyCreation, .history, .activity, .give, .buy, .convert,
            .withdrawCurrency, .usdcDeposit:
            .balance
        case .settingsScreen, .blockedUsers, .accessKey, .withdraw: .settings
        case .profile, .tipCard, .tipConversations, .userProfile: .tips
        case .account: .you
        }
    }
}
