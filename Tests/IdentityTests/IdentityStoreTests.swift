import Crypto
import Foundation
import TestSupport
import Testing

@testable import Identity

@Suite("IdentityStore: load, create once, never overwrite a corrupt key")
struct IdentityStoreTests {
    @Test("loadOrCreate creates an identity once and returns the same one afterwards")
    func createOnceThenLoad() throws {
        let store = InMemoryKeyStore()
        #expect(try IdentityStore.load(from: store) == nil)
        let first = try IdentityStore.loadOrCreate(from: store)
        #expect(first.created)
        let second = try IdentityStore.loadOrCreate(from: store)
        #expect(!second.created)
        #expect(second.identity.did == first.identity.did)
        #expect(second.identity.signingPublicKey == first.identity.signingPublicKey)
        #expect(second.identity.agreementPublicKey == first.identity.agreementPublicKey)
        #expect(try store.load("ed25519_private") == first.identity.signingKey.rawRepresentation)
        #expect(try store.load("x25519_private") == first.identity.agreementKey.rawRepresentation)
    }

    @Test("The Identity.loadOrCreate/load shorthands use the same store layout")
    func identityShorthands() throws {
        let store = InMemoryKeyStore()
        let created = try Identity.loadOrCreate(from: store)
        #expect(created.created)
        #expect(try Identity.load(from: store)?.did == created.identity.did)
    }

    @Test("A saved known identity loads with the same DID and keys")
    func saveKnownIdentity() throws {
        let identity = Identity(
            signingKey: try Curve25519.Signing.PrivateKey(
                rawRepresentation: Data(hex: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")),
            agreementKey: try Curve25519.KeyAgreement.PrivateKey(
                rawRepresentation: Data(hex: "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"))
        )
        let store = InMemoryKeyStore()
        try IdentityStore.save(identity, to: store)
        let loaded = try #require(try IdentityStore.load(from: store))
        #expect(loaded.did == "did:buds:411p8MZgJn6MRhGbhM4ywsqGuwSa")
        #expect(loaded.agreementPublicKey.hex == "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
    }

    @Test("On disk, both keys are 32-byte 0600 files and a second run loads them")
    func fileStoreRoundTrip() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let root = temporary.url
        let store = FileKeyStore(directory: root.appendingPathComponent("keys"))
        let first = try IdentityStore.loadOrCreate(from: store)
        #expect(first.created)
        for name in ["ed25519_private", "x25519_private"] {
            let path = root.appendingPathComponent("keys/\(name)").path
            #expect(FileKeyStoreTests.mode(of: path) == 0o600)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 32)
        }
        let again = try IdentityStore.loadOrCreate(from: FileKeyStore(directory: root.appendingPathComponent("keys")))
        #expect(!again.created)
        #expect(again.identity.did == first.identity.did)
    }

    @Test("A stored key of the wrong length is corrupt and the file is not overwritten", arguments: ["ed25519_private", "x25519_private"])
    func wrongLengthIsCorruptAndKept(_ name: String) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let root = temporary.url
        let store = FileKeyStore(directory: root.appendingPathComponent("keys"))
        _ = try IdentityStore.loadOrCreate(from: store)
        let damaged = Data(repeating: 0xAB, count: 31)
        try store.save(damaged, as: name)
        #expect(throws: KeyStoreError.corruptKey(name: name, reason: "expected 32 bytes, found 31")) {
            try IdentityStore.loadOrCreate(from: store)
        }
        #expect(try store.load(name) == damaged)
        #expect(try Data(contentsOf: root.appendingPathComponent("keys/\(name)")) == damaged)
    }

    @Test("One key without the other is corrupt and the missing one is not created")
    func halfAnIdentityIsCorrupt() throws {
        let onlySigning = InMemoryKeyStore(["ed25519_private": Data(repeating: 1, count: 32)])
        #expect(throws: KeyStoreError.corruptKey(name: "x25519_private", reason: "it is missing while ed25519_private is present")) {
            try IdentityStore.loadOrCreate(from: onlySigning)
        }
        #expect(try onlySigning.load("x25519_private") == nil)
        #expect(try onlySigning.load("ed25519_private") == Data(repeating: 1, count: 32))

        let onlyAgreement = InMemoryKeyStore(["x25519_private": Data(repeating: 2, count: 32)])
        #expect(throws: KeyStoreError.corruptKey(name: "ed25519_private", reason: "it is missing while x25519_private is present")) {
            try IdentityStore.load(from: onlyAgreement)
        }
        #expect(try onlyAgreement.load("ed25519_private") == nil)
    }

    @Test("An insecure key file stops loadOrCreate instead of creating a new identity")
    func insecureFileStopsCreation() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let root = temporary.url
        let folder = root.appendingPathComponent("keys")
        let store = FileKeyStore(directory: folder)
        let original = try IdentityStore.loadOrCreate(from: store).identity
        let path = folder.appendingPathComponent("ed25519_private").path
        #expect(chmod(path, 0o644) == 0)
        #expect(throws: KeyStoreError.insecurePermissions(path: path, mode: 0o644)) {
            try IdentityStore.loadOrCreate(from: store)
        }
        #expect(chmod(path, 0o600) == 0)
        #expect(try IdentityStore.load(from: store)?.did == original.did)
    }
}

@Suite("InMemoryKeyStore")
struct InMemoryKeyStoreTests {
    @Test("save, load, delete, and the same name rule as the file store")
    func basics() throws {
        let store = InMemoryKeyStore()
        #expect(try store.load("k") == nil)
        try store.save(Data([1]), as: "k")
        #expect(try store.load("k") == Data([1]))
        try store.delete("k")
        try store.delete("k")
        #expect(try store.load("k") == nil)
        #expect(throws: KeyStoreError.invalidKeyName("../k")) { try store.save(Data(), as: "../k") }
    }

    @Test("Concurrent saves and loads from many tasks all land")
    func concurrentAccess() async throws {
        let store = InMemoryKeyStore()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try store.save(Data([UInt8(index % 256)]), as: "key-\(index)")
                    _ = try store.load("key-\((index + 1) % 200)")
                }
            }
            try await group.waitForAll()
        }
        for index in 0..<200 {
            #expect(try store.load("key-\(index)") == Data([UInt8(index % 256)]))
        }
    }
}
