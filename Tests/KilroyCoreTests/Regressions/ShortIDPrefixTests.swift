import Foundation
import KilroyCore
import Testing

/// Issue 14: `kilroy show` and `kilroy delete` wanted 8+ characters of an id while the other
/// apps took 4, and each app had its own rule for what a prefix is. The store now resolves by
/// the Validation kit's `IDPrefix`: 4+ hex digits or dashes, an ambiguous prefix is its own
/// error naming the count, and text that cannot begin an id matches nothing.
@Suite("Regression: a memory is found by the package's one id-prefix rule")
struct ShortIDPrefixTests {
    @Test("four characters find a unique memory; three do not")
    func fourCharacters() async throws {
        let store = try MemoryStore(directory: temporaryStoreFolder())
        let wanted = try await store.save(
            memory(at: coordinate(1, 2), id: UUID(uuidString: "3F2A0000-1111-4111-8111-111111111111")!), imageData: TestImages.jpeg())
        _ = try await store.save(
            memory(at: coordinate(1, 2), id: UUID(uuidString: "7C000000-2222-4222-8222-222222222222")!), imageData: TestImages.jpeg())
        #expect(try await store.resolve("3f2a") == wanted)
        #expect(try await store.resolve(" 3F2A0 ") == wanted)
        await #expect(throws: KilroyStoreError.memoryNotFound("3f2")) { try await store.resolve("3f2") }
    }

    @Test("a four-character prefix of two memories is ambiguous, naming the count")
    func ambiguousFourCharacters() async throws {
        let store = try MemoryStore(directory: temporaryStoreFolder())
        for suffix in ["1111-4111-8111-111111111111", "2222-4222-8222-222222222222", "3333-4333-8333-333333333333"] {
            _ = try await store.save(
                memory(at: coordinate(1, 2), id: UUID(uuidString: "ABCD0000-" + suffix)!), imageData: TestImages.jpeg())
        }
        await #expect(throws: KilroyStoreError.ambiguousReference("abcd", matches: 3)) { try await store.resolve("abcd") }
        #expect(
            KilroyStoreError.ambiguousReference("abcd", matches: 3).errorDescription
                == "abcd matches 3 memories; give more characters of the id.")
    }

    @Test("text that cannot begin an id matches nothing, even when every id would start with it")
    func notAnID() async throws {
        let store = try MemoryStore(directory: temporaryStoreFolder())
        _ = try await store.save(
            memory(at: coordinate(1, 2), id: UUID(uuidString: "ABCD0000-1111-4111-8111-111111111111")!), imageData: TestImages.jpeg())
        for reference in ["", "    ", "abcd*", "abcz"] {
            await #expect(throws: KilroyStoreError.memoryNotFound(reference)) { try await store.resolve(reference) }
        }
    }
}
