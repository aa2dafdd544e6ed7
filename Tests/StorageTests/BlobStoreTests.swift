import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("BlobStore")
struct BlobStoreTests {
    /// SHA-256("hello"), an independent, well-known value.
    static let helloDigest = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"

    @Test("the CID of 'hello' is CIDv1 raw sha2-256 over the known digest, in base32 lower")
    func helloCID() throws {
        let cid = BlobStore.cid(for: Data("hello".utf8))
        #expect(cid.hasPrefix("bafkrei"))
        #expect(cid.count == 59)
        let binary = try #require(decodeBase32Lower(String(cid.dropFirst())))
        #expect(binary == [0x01, 0x55, 0x12, 0x20] + hexBytes(Self.helloDigest))
    }

    @Test("the empty blob has a CID too")
    func emptyCID() throws {
        let cid = BlobStore.cid(for: Data())
        let binary = try #require(decodeBase32Lower(String(cid.dropFirst())))
        #expect(
            binary == [0x01, 0x55, 0x12, 0x20]
                + hexBytes("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"))
    }

    @Test("put then get returns the same bytes; contains and allCIDs see the blob")
    func putGet() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try BlobStore(directory: temp.url.appendingPathComponent("blobs"))
        let data = Data((0..<10_000).map { UInt8($0 % 251) })
        let cid = try store.put(data)
        #expect(cid == BlobStore.cid(for: data))
        #expect(store.contains(cid))
        #expect(try store.get(cid) == data)
        #expect(try store.allCIDs() == [cid])
        #expect(try temp.contents(of: store.directory) == [cid])
    }

    @Test("putting the same bytes twice returns the same CID and does not rewrite the file")
    func idempotentPut() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try BlobStore(directory: temp.url)
        let cid = try store.put(Data("hello".utf8))
        let file = temp.url.appendingPathComponent(cid)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        let again = try store.put(Data("hello".utf8))
        #expect(again == cid)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        #expect(modified == past)
        #expect(try temp.contents() == [cid])
    }

    @Test("a damaged blob is reported as corruptBlob, and putting the bytes again repairs it")
    func corruption() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try BlobStore(directory: temp.url)
        let cid = try store.put(Data("hello".utf8))
        try Data("hellp".utf8).write(to: temp.url.appendingPathComponent(cid))
        #expect(throws: StorageError.corruptBlob(cid: cid)) {
            _ = try store.get(cid)
        }
        try store.put(Data("hello".utf8))
        #expect(try store.get(cid) == Data("hello".utf8))
    }

    @Test("get of an unknown CID is nil; delete removes and reports whether it did")
    func missingAndDelete() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try BlobStore(directory: temp.url)
        let absent = BlobStore.cid(for: Data("absent".utf8))
        #expect(try store.get(absent) == nil)
        #expect(!store.contains(absent))
        #expect(try store.delete(absent) == false)
        let cid = try store.put(Data("x".utf8))
        #expect(try store.delete(cid) == true)
        #expect(!store.contains(cid))
        #expect(try store.get(cid) == nil)
    }

    @Test(
        "strings that are not blob CIDs are rejected before touching the disk",
        arguments: [
            "", "../../etc/passwd", "bafkrei", "bafyreigbtj4x7ip5legnfznufuopl4sg4knzc2cof6duas4b3q2fy6swua",
            "bafkrei/hbrzdo4ybhcjbnbj2w6odtbfoxk3ffrfu7n3f2wtc4aqg5fbugky",
            "BAFKREIBM6JG3UX5QUMHMN2OMPMBJ7ADGV4RK2FXBS2GWVB7IKKTBTHCIBI",
        ])
    func invalidCIDs(cid: String) throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try BlobStore(directory: temp.url)
        #expect(throws: StorageError.invalidCID(cid)) { _ = try store.get(cid) }
        #expect(throws: StorageError.invalidCID(cid)) { _ = try store.delete(cid) }
        #expect(!store.contains(cid))
    }

    @Test("a store directory blocked by a file fails with cannotCreateDirectory")
    func blockedDirectory() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let blocker = temp.url.appendingPathComponent("blobs")
        try Data("x".utf8).write(to: blocker)
        #expect {
            _ = try BlobStore(directory: blocker)
        } throws: { error in
            guard case StorageError.cannotCreateDirectory(let path, _) = error else { return false }
            return path == blocker.path
        }
    }

    @Test("many puts leave only blob files, no temporary files")
    func noTemporaryFiles() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try BlobStore(directory: temp.url)
        var cids: Set<String> = []
        for index in 0..<50 {
            cids.insert(try store.put(Data("blob \(index)".utf8)))
            try store.put(Data("blob \(index)".utf8))
        }
        #expect(cids.count == 50)
        #expect(Set(try temp.contents()) == cids)
    }
}
