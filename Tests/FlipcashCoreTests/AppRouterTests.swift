import InMemoryLogging
import Logging
import TestSupport
import Testing

@testable import FlipcashCore

/// A sub-flow's own route value, as a withdraw flow pushes its steps.
private enum WithdrawStep: Hashable, Sendable { case amount, address, confirm }

@MainActor
@Suite("AppRouter: the seed's sheet and path rules, one log entry per call")
struct AppRouterTests {
    private let logs = InMemoryLogHandler(logLevel: .trace)

    private func router(tab: RouterStack? = .you) -> AppRouter {
        let store = logs
        return AppRouter(activeTabStack: tab, logger: Logger(label: "flipcash.router") { _ in store })
    }

    @Test("sheets form an ordered stack: the first is the root, the last is visible")
    func orderedStack() {
        let router = router()
        router.present(.balance)
        router.presentNested(.buy(mint: "A"))
        #expect(router.presentedSheets == [.balance, .buy(mint: "A")])
        #expect(router.presentedSheet == .buy(mint: "A"))
        router.push(.history)
        #expect(router[.buy].elements.count == 1)
        #expect(router[.balance].isEmpty)
    }

    @Test("presenting the root that is already the only sheet changes nothing")
    func presentSameRootIsNoOp() {
        let router = router()
        router.present(.settings)
        router.push(.blockedUsers)
        router.present(.settings)
        #expect(router.presentedSheets == [.settings])
        #expect(router[.settings].destinations == [.blockedUsers])
    }

    @Test("presenting the same root under nested sheets pops them and keeps the root's path")
    func presentSameRootPopsNested() {
        let router = router()
        router.present(.balance)
        router.push(.currencyInfo(mint: "A"))
        router.presentNested(.buy(mint: "A"))
        router.push(.history)
        router.present(.balance)
        #expect(router.presentedSheets == [.balance])
        #expect(router[.balance].destinations == [.currencyInfo(mint: "A")])
        #expect(router.dismissedStacks.contains(.buy))
        // Re-opening the nested sheet starts at its root.
        router.presentNested(.buy(mint: "A"))
        #expect(router[.buy].isEmpty)
    }

    @Test("a nested sheet of the same kind replaces the top and starts at its root")
    func sameKindNestedReplaces() {
        let router = router()
        router.present(.balance)
        router.presentNested(.buy(mint: "A"))
        router.push(.history)
        router.presentNested(.buy(mint: "B"))
        #expect(router.presentedSheets == [.balance, .buy(mint: "B")])
        #expect(router[.buy].isEmpty)
        router.push(.activity)
        router.presentNested(.buy(mint: "B"))
        #expect(router[.buy].destinations == [.activity])
    }

    @Test("presentNested with nothing presented does nothing and warns")
    func nestedWithoutRoot() throws {
        let router = router()
        router.presentNested(.buy(mint: "A"))
        #expect(router.presentedSheets.isEmpty)
        let event = try #require(logs.entries.last)
        #expect(event.level == .warning)
    }

    @Test("dismiss keeps the path until the next presentation of that stack")
    func dismissKeepsPathUntilNextPresentation() {
        let router = router()
        router.present(.settings)
        router.push(.accessKey)
        router.dismissSheet()
        #expect(router.presentedSheets.isEmpty)
        #expect(router[.settings].destinations == [.accessKey])  // still there for the closing animation
        #expect(router.dismissedStacks == [.settings])
        router.present(.settings)
        #expect(router[.settings].isEmpty)
        #expect(router.dismissedStacks.isEmpty)
    }

    @Test("swapping the root keeps the swapped-out root's path; nested sheets above are dismissed")
    func swapAtRootKeepsPath() {
        let router = router()
        router.present(.balance)
        router.push(.history)
        router.presentNested(.buy(mint: "A"))
        router.push(.activity)
        router.present(.settings)
        #expect(router.presentedSheets == [.settings])
        #expect(router.dismissedStacks == [.buy])
        router.present(.balance)
        #expect(router[.balance].destinations == [.history])  // swap-back finds it as it was
        router.presentNested(.buy(mint: "A"))
        #expect(router[.buy].isEmpty)  // the nested one was dismissed, so it starts over
    }

    @Test("one path per stack; pushes go to the visible sheet, else the active tab, else nowhere")
    func pushTargets() throws {
        let router = router(tab: nil)
        router.push(.history)
        #expect(RouterStack.allCases.allSatisfy { router[$0].isEmpty })
        #expect(try #require(logs.entries.last).level == .warning)
        router.selectTab(.you)
        router.push(.account)
        #expect(router[.you].destinations == [.account])
        router.present(.give)
        router.pushAny(WithdrawStep.amount)
        router.pushAny(WithdrawStep.address)
        #expect(router[.give].count == 2)
        router.replaceTopmostAny(WithdrawStep.confirm)
        #expect(router[.give].elements.last == AnyHashableSendable(WithdrawStep.confirm))
        router.popTopmost()
        #expect(router[.give].count == 1)
        router.popLast(5, on: .give)
        #expect(router[.give].isEmpty)
        router.push(.history, on: .balance)
        router.push(.activity, on: .balance)
        router.pop(on: .balance)
        #expect(router[.balance].destinations == [.history])
        router.popToRoot(on: .balance)
        #expect(router[.balance].isEmpty)
        router.setPath(RouterPath([.history, .activity]), on: .balance)
        #expect(router[.balance].destinations == [.history, .activity])
    }

    @Test("navigate(to:) opens the owning stack's sheet at that screen, from anywhere")
    func navigateToSheetStack() {
        let router = router()
        router.present(.settings)
        router.push(.blockedUsers)
        router.navigate(to: .currencyInfo(mint: "A"))
        #expect(router.presentedSheets == [.balance])
        #expect(router[.balance].destinations == [.currencyInfo(mint: "A")])
        router.navigate(to: .tipCard)
        #expect(router.presentedSheets == [.tips])
        #expect(router[.tips].destinations == [.tipCard])
        let before = logs.entries.count
        router.navigate(to: .tipCard)
        #expect(logs.entries.count == before + 1)
        #expect(logs.entries.last?.message == "router unchanged")
    }

    @Test("navigate(to:) a tab's screen dismisses every sheet and asks for the tab")
    func navigateToTab() {
        let router = router(tab: nil)
        router.present(.balance)
        router.presentNested(.buy(mint: "A"))
        router.navigate(to: .account)
        #expect(router.presentedSheets.isEmpty)
        #expect(router.requestedTabStack == .you)
        #expect(router[.you].destinations == [.account])
        #expect(router.dismissedStacks == [.balance, .buy])
        router.selectTab(.you)
        #expect(router.activeTabStack == .you)
        #expect(router.requestedTabStack == nil)
    }

    @Test("every destination has an owning stack, and navigate reaches every sheet stack")
    func everyDestinationRoutes() {
        let destinations: [Destination] = [
            .currencyInfo(mint: "A"), .discoverCurrencies, .currencyCreation, .history, .activity, .give(mint: "A"),
            .buy(mint: "A"), .convert(mint: "A"), .withdrawCurrency(mint: "A"), .usdcDeposit, .settingsScreen("x"),
            .blockedUsers, .accessKey, .withdraw, .profile, .tipCard, .tipConversations, .userProfile(id: "u"), .account,
        ]
        for destination in destinations {
            let router = router()
            router.navigate(to: destination)
            #expect(router[destination.owningStack].destinations == [destination])
        }
    }

    @Test("every call logs exactly one entry under flipcash.router")
    func oneLogPerCall() {
        let router = router()
        let calls: [(AppRouter) -> Void] = [
            { $0.present(.balance) }, { $0.present(.balance) }, { $0.presentNested(.buy(mint: "A")) },
            { $0.presentNested(.buy(mint: "B")) }, { $0.push(.history) }, { $0.pushAny(WithdrawStep.amount) },
            { $0.popTopmost() }, { $0.replaceTopmostAny(WithdrawStep.confirm) }, { $0.pop(on: .settings) },
            { $0.popLast(3, on: .buy) }, { $0.popToRoot(on: .balance) }, { $0.setPath(RouterPath(), on: .give) },
            { $0.dismissSheet() }, { $0.navigate(to: .tipCard) }, { $0.navigate(to: .account) }, { $0.dismissAll() },
            { $0.dismissSheet() }, { $0.selectTab(.you) }, { $0.selectTab(.balance) },
        ]
        for (index, call) in calls.enumerated() {
            let before = logs.entries.count
            call(router)
            #expect(logs.entries.count == before + 1, "call \(index)")
        }
        #expect(logs.entries.allSatisfy { $0.metadata["action"] != nil })
    }
}
