public import Foundation

/// A ``KeyStore`` in memory, for tests and previews. Names follow the same rule as
/// ``FileKeyStore`` so that code tested against it behaves the same on disk.
///
/// `@unchecked Sendable` is safe here: the only mutable state, `keys`, is private and every read
/// and write of it happens inside `lock.withLock`, so no two threads touch it at once. (`Mutex`
/// from the Synchronization module would need macOS 15 / iOS 18; the package supports iOS 17.)
public final class InMemoryKeyStore: KeyStore, @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String: Data]

    /// An empty store, or one pre-filled with `keys` (names are not validated here, so tests can
    /// plant anything).
    public init(_ keys: [String: Data] = [:]) {
        self.keys = keys
    }

    public func load(_ name: String) throws -> Data? {
        try KeyName.validate(name)
        return lock.withLock { keys[name] }
    }

    public func save(_ data: Data, as name: String) throws {
        try KeyName.validate(name)
        lock.withLock { keys[name] = data }
    }

    public func delete(_ name: String) throws {
        try KeyName.validate(name)
        lock.withLock { _ = keys.removeValue(forKey: name) }
    }
}
