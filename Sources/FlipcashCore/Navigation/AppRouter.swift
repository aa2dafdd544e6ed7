public import Logging
public import Observation

/// All of the app's navigation: which sheets are up, in order, and each stack's path. Screens
/// never keep their own sheet flags; they read the router and call it. Deeplinks and push
/// notifications call ``navigate(to:)``; in-screen pushes call ``push(_:on:)``.
///
/// The rules are the seed's: sheets form an ordered stack (`presentedSheets.first` is the root,
/// `.last` the visible one); a nested sheet of the same kind as the top replaces it; dismissing
/// keeps the sheet's path (so the closing animation shows its content) until that stack is
/// presented again; swapping the root sheet keeps the swapped-out root's path for swap-back.
/// Every call logs exactly one entry on the logger it was given — info when it changed something or
/// found nothing to change, warning when it could not apply — so a navigation bug can be traced
/// from the log alone.
@MainActor
@Observable
public final class AppRouter {
    /// Bottom first: `.first` is the root sheet, `.last` the visible one.
    public private(set) var presentedSheets: [SheetPresentation] = []
    /// The tab the main screen shows; pushes go there when no sheet is up.
    public var activeTabStack: RouterStack?
    /// The tab ``navigate(to:)`` asked the main screen to select.
    public private(set) var requestedTabStack: RouterStack?
    /// Stacks whose sheet was dismissed: their path is cleared when they are next presented.
    public private(set) var dismissedStacks: Set<RouterStack> = []
    private var paths: [RouterStack: RouterPath] = [:]

    @ObservationIgnored private let logger: Logger

    public init(activeTabStack: RouterStack? = nil, logger: Logger) {
        self.activeTabStack = activeTabStack
        self.logger = logger
    }

    /// The visible sheet.
    public var presentedSheet: SheetPresentation? { presentedSheets.last }

    /// The path of `stack` (empty when nothing was pushed).
    public subscript(stack: RouterStack) -> RouterPath { paths[stack] ?? RouterPath() }

    /// Where pushes without an explicit stack go: the visible sheet's stack, else the active tab's.
    public var pushTarget: RouterStack? { presentedSheet?.stack ?? activeTabStack }

    // MARK: Sheets

    /// Presents `sheet` as the root sheet.
    public func present(_ sheet: SheetPresentation) {
        let outcome = presentRoot(sheet)
        log(outcome, "present", ["sheet": "\(sheet.name)"])
    }

    /// Stacks `sheet` on top of the visible one ("sheet over sheet", e.g. buy from currency info).
    public func presentNested(_ sheet: SheetPresentation) {
        guard let top = presentedSheet else {
            return log(.refused("nothing is presented"), "presentNested", ["sheet": "\(sheet.name)"])
        }
        if top == sheet {
            return log(.unchanged, "presentNested", ["sheet": "\(sheet.name)"])
        }
        if top.isSameKind(as: sheet) {
            presentedSheets[presentedSheets.count - 1] = sheet
            clearPath(of: sheet.stack)
            return log(.changed, "presentNested", ["sheet": "\(sheet.name)", "replaced": "\(top.name)"])
        }
        guard !presentedSheets.contains(where: { $0.isSameKind(as: sheet) }) else {
            // One path per stack: the same stack cannot be shown by two sheets at once.
            return log(.refused("a sheet of this kind is already presented"), "presentNested", ["sheet": "\(sheet.name)"])
        }
        if dismissedStacks.contains(sheet.stack) { clearPath(of: sheet.stack) }
        presentedSheets.append(sheet)
        log(.changed, "presentNested", ["sheet": "\(sheet.name)"])
    }

    /// Dismisses the visible sheet. Its path stays until the stack is presented again.
    public func dismissSheet() {
        guard let top = presentedSheets.popLast() else {
            return log(.refused("nothing is presented"), "dismissSheet", [:])
        }
        dismissedStacks.insert(top.stack)
        log(.changed, "dismissSheet", ["sheet": "\(top.name)"])
    }

    /// Dismisses every sheet, top first.
    public func dismissAll() {
        let dismissed = dismissAllSheets()
        log(dismissed.isEmpty ? .unchanged : .changed, "dismissAll", ["sheets": "\(dismissed.map(\.name))"])
    }

    // MARK: Paths

    /// Pushes `destination` on `stack`, or on ``pushTarget`` when `stack` is nil.
    public func push(_ destination: Destination, on stack: RouterStack? = nil) {
        pushValue(AnyHashableSendable(destination), on: stack, action: "push")
    }

    /// Pushes a sub-flow's own route value (a withdraw or buy step).
    public func pushAny(_ value: some Hashable & Sendable, on stack: RouterStack? = nil) {
        pushValue(AnyHashableSendable(value), on: stack, action: "pushAny")
    }

    /// Pops the last screen of `stack`.
    public func pop(on stack: RouterStack) {
        guard !self[stack].isEmpty else { return log(.unchanged, "pop", ["stack": "\(stack.rawValue)"]) }
        paths[stack, default: RouterPath()].removeLast(1)
        log(.changed, "pop", ["stack": "\(stack.rawValue)"])
    }

    /// Pops the last screen of the push target.
    public func popTopmost() {
        guard let stack = pushTarget else { return log(.refused("no sheet and no tab"), "popTopmost", [:]) }
        guard !self[stack].isEmpty else { return log(.unchanged, "popTopmost", ["stack": "\(stack.rawValue)"]) }
        paths[stack, default: RouterPath()].removeLast(1)
        log(.changed, "popTopmost", ["stack": "\(stack.rawValue)"])
    }

    /// Replaces the last screen of the push target (pushes when its path is empty).
    public func replaceTopmostAny(_ value: some Hashable & Sendable) {
        guard let stack = pushTarget else { return log(.refused("no sheet and no tab"), "replaceTopmostAny", [:]) }
        paths[stack, default: RouterPath()].replaceLast(with: AnyHashableSendable(value))
        log(.changed, "replaceTopmostAny", ["stack": "\(stack.rawValue)", "value": "\(value)"])
    }

    /// Pops `stack` back to its root.
    public func popToRoot(on stack: RouterStack) {
        guard !self[stack].isEmpty else { return log(.unchanged, "popToRoot", ["stack": "\(stack.rawValue)"]) }
        clearPath(of: stack)
        log(.changed, "popToRoot", ["stack": "\(stack.rawValue)"])
    }

    /// Pops the last `count` screens of `stack` (as many as there are).
    public func popLast(_ count: Int, on stack: RouterStack) {
        let removed = min(max(count, 0), self[stack].count)
        guard removed > 0 else { return log(.unchanged, "popLast", ["stack": "\(stack.rawValue)", "count": "\(count)"]) }
        paths[stack, default: RouterPath()].removeLast(removed)
        log(.changed, "popLast", ["stack": "\(stack.rawValue)", "count": "\(removed)"])
    }

    /// Sets the whole path of `stack` (what SwiftUI's binding writes back).
    public func setPath(_ path: RouterPath, on stack: RouterStack) {
        guard self[stack] != path else { return log(.unchanged, "setPath", ["stack": "\(stack.rawValue)"]) }
        paths[stack] = path
        log(.changed, "setPath", ["stack": "\(stack.rawValue)", "depth": "\(path.count)"])
    }

    /// Shows `destination` on the stack that owns it, from anywhere: a tab's stack dismisses
    /// every sheet and selects the tab; a sheet's stack becomes the root sheet.
    public func navigate(to destination: Destination) {
        let stack = destination.owningStack
        let target = RouterPath([destination])
        let metadata: Logger.Metadata = ["destination": "\(destination)", "stack": "\(stack.rawValue)"]
        if stack.isTab {
            let dismissed = dismissAllSheets()
            let changed = !dismissed.isEmpty || requestedTabStack != stack || self[stack] != target
            requestedTabStack = stack
            paths[stack] = target
            return log(changed ? .changed : .unchanged, "navigate", metadata)
        }
        guard let sheet = stack.sheet else {
            return log(.refused("no sheet shows this stack"), "navigate", metadata)
        }
        if presentedSheets == [sheet], self[stack] == target {
            return log(.unchanged, "navigate", metadata)
        }
        _ = presentRoot(sheet)
        paths[stack] = target
        log(.changed, "navigate", metadata)
    }

    /// The main screen selected a tab.
    public func selectTab(_ stack: RouterStack) {
        guard stack.isTab else { return log(.refused("not a tab"), "selectTab", ["stack": "\(stack.rawValue)"]) }
        let changed = activeTabStack != stack || requestedTabStack != nil
        activeTabStack = stack
        requestedTabStack = nil
        log(changed ? .changed : .unchanged, "selectTab", ["stack": "\(stack.rawValue)"])
    }

    // MARK: Rules without logging (the public calls log once)

    private func presentRoot(_ sheet: SheetPresentation) -> Outcome {
        if presentedSheets == [sheet] { return .unchanged }
        if presentedSheets.first == sheet {
            // Same root with nested sheets above: they go, the root keeps its path.
            for nested in presentedSheets.dropFirst() { dismissedStacks.insert(nested.stack) }
            presentedSheets = [sheet]
            return .changed
        }
        for nested in presentedSheets.dropFirst() { dismissedStacks.insert(nested.stack) }
        if dismissedStacks.contains(sheet.stack) { clearPath(of: sheet.stack) }
        // The replaced root is not marked dismissed: swapping back finds its path as it was.
        presentedSheets = [sheet]
        return .changed
    }

    private func dismissAllSheets() -> [SheetPresentation] {
        let dismissed = Array(presentedSheets.reversed())
        for sheet in dismissed { dismissedStacks.insert(sheet.stack) }
        presentedSheets.removeAll()
        return dismissed
    }

    private func pushValue(_ value: AnyHashableSendable, on stack: RouterStack?, action: String) {
        guard let stack = stack ?? pushTarget else {
            return log(.refused("no sheet and no tab to push on"), action, ["value": "\(value)"])
        }
        paths[stack, default: RouterPath()].append(value)
        log(.changed, action, ["stack": "\(stack.rawValue)", "value": "\(value)"])
    }

    private func clearPath(of stack: RouterStack) {
        paths[stack] = RouterPath()
        dismissedStacks.remove(stack)
    }

    // MARK: Logging

    private enum Outcome: Equatable {
        case changed, unchanged
        case refused(String)
    }

    private func log(_ outcome: Outcome, _ action: String, _ metadata: Logger.Metadata) {
        var metadata = metadata
        metadata["action"] = "\(action)"
        metadata["sheets"] = "\(presentedSheets.map(\.name))"
        switch outcome {
        case .changed:
            logger.info("router changed", metadata: metadata)
        case .unchanged:
            logger.info("router unchanged", metadata: metadata)
        case .refused(let reason):
            metadata["reason"] = "\(reason)"
            logger.warning("router call ignored", metadata: metadata)
        }
    }
}
