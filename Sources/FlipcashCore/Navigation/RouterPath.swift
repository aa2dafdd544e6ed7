/// One stack's navigation path: the screens pushed above its root, bottom first. Type-erased
/// like SwiftUI's `NavigationPath`, so a sub-flow's own route values (a withdraw step, a buy
/// step) sit on the same stack as `Destination`s.
public struct RouterPath: Hashable, Sendable {
    public private(set) var elements: [AnyHashableSendable]

    public init(_ elements: [AnyHashableSendable] = []) {
        self.elements = elements
    }

    public init(_ destinations: [Destination]) {
        self.elements = destinations.map(AnyHashableSendable.init)
    }

    public var isEmpty: Bool { elements.isEmpty }
    public var count: Int { elements.count }

    mutating func append(_ element: AnyHashableSendable) { elements.append(element) }
    mutating func removeLast(_ count: Int) { elements.removeLast(min(count, elements.count)) }
    mutating func removeAll() { elements.removeAll() }
    mutating func replaceLast(with element: AnyHashableSendable) {
        if elements.isEmpty { elements.append(element) } else { elements[elements.count - 1] = element }
    }

    /// The destinations on the path, in order (sub-flow values are skipped).
    public var destinations: [Destination] { elements.compactMap { $0.base as? Destination } }
}

/// A hashable, sendable value of any type: what a path holds.
public struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible {
    public let base: any Hashable & Sendable

    public init(_ base: some Hashable & Sendable) {
        self.base = base
    }

    public static func == (lhs: AnyHashableSendable, rhs: AnyHashableSendable) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) {
        AnyHashable(base).hash(into: &hasher)
    }

    public var description: String { String(describing: base) }
}
