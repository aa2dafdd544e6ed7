import Synchronization

/// A bounded set of facts that never stop being true once checked (a key that registered, a
/// rate signature that verified), so a busy server checks each once instead of on every
/// request. Forgetting is always safe: a fact not found is checked again. When full, it forgets
/// everything and starts over.
final class KnownSet<Element: Hashable & Sendable>: Sendable {
    private let elements = Mutex(Set<Element>())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func contains(_ element: Element) -> Bool {
        elements.withLock { $0.contains(element) }
    }

    func insert(_ element: Element) {
        elements.withLock { elements in
            if elements.count >= capacity { elements.removeAll(keepingCapacity: true) }
            elements.insert(element)
        }
    }
}
