import DAGCBOR
import Foundation
import GRDB
import Identity
import TestSupport
import Testing

@Suite("buds CLI end to end")
struct BudsCLITests {
    @Test("init creates an identity once and prints its did:buds DID")
    func initPrintsDID() throws {
        let buds = BudsProcess()
        let first = try buds.run(["init"])
        #expect(first.status == 0)
        let did = first.text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(did.hasPrefix("did:buds:"))
        #expect(try Base58.decode(String(did.dropFirst("did:buds:".count))).count == 20)
        let second = try buds.run(["init", "--json"])
        let object = try #require(try second.json() as? [String: Any])
        #expect(object["did"] as? String == did)
        #expect(object["created"] as? Bool == false)
        let mode =
            try FileManager.default.attributesOfItem(atPath: buds.store.appendingPathComponent("keys/ed25519_private").path)[.posixPermissions]
            as? Int
        #expect(mode == 0o600)
    }

    @Test("add, list, show, edit, history and verify work together")
    func journalLifecycle() throws {
        let buds = BudsProcess()
        let added = try buds.add([
            "--strain", "Blue Dream", "--type", "flower", "--rating", "4", "--notes", "Great for evenings",
            "--brand", "Cookies", "--thc", "23.5", "--cbd", "0.8", "--grams", "0.5", "--effect", "relaxed",
            "--effect", "Creative", "--method", "vape", "--lat", "52.3702", "--lon", "4.8952", "--place", "Home",
            "--at", "2025-11-19T21:30:00Z",
        ])
        let id = try #require(added["id"] as? String)
        let cid = try #require(added["cid"] as? String)
        #expect(cid.hasPrefix("bafyrei"))
        #expect(added["effects"] as? [String] == ["relaxed", "creative"])

        let list = try #require(try buds.run(["list", "--json"]).json() as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == [id])
        let table = try buds.run(["list"]).text
        #expect(table.contains("Blue Dream") && table.contains(String(id.prefix(8))))

        for reference in [id, cid, String(id.prefix(8))] {
            let shown = try #require(try buds.run(["show", reference, "--json"]).json() as? [String: Any])
            #expect(shown["strainName"] as? String == "Blue Dream")
        }
        let shown = try buds.run(["show", id])
        #expect(shown.status == 0, "\(shown.stderr)")
        let verified = shown.text.split(separator: "\n").first { $0.hasPrefix("Verified ") }
        #expect(verified.map { $0.dropFirst("Verified".count).trimmingCharacters(in: .whitespaces) } == "yes", "\(shown.text)")

        let edited = try #require(try buds.run(["edit", id, "--rating", "5", "--json"]).json() as? [String: Any])
        #expect(edited["rating"] as? Int == 5)
        #expect(edited["brand"] as? String == "Cookies")
        #expect(edited["id"] as? String == id)
        let newCID = try #require(edited["cid"] as? String)
        #expect(newCID != cid)

        let history = try #require(try buds.run(["history", id, "--json"]).json() as? [[String: Any]])
        #expect(history.map { $0["cid"] as? String } == [cid, newCID])
        #expect(history.allSatisfy { ($0["signature"] as? String).flatMap { Data(base64Encoded: $0) }?.count == 64 })

        let verify = try buds.run(["verify"])
        #expect(verify.status == 0)
        #expect(verify.text.contains("verified: 2") && verify.text.contains("failed: 0"))
    }

    @Test("receipt --raw writes exactly the bytes that hash to the CID and verify with the signature")
    func rawReceiptVerifiesWithPlainTools() throws {
        let buds = BudsProcess()
        let added = try buds.add(["--strain", "OG Kush", "--type", "vape", "--rating", "3"])
        let cid = try #require(added["cid"] as? String)
        let raw = try buds.run(["receipt", cid, "--raw"])
        #expect(raw.status == 0)
        #expect(CID(codec: .dagCBOR, hashing: raw.stdout).string == cid)
        let history = try #require(try buds.run(["history", cid, "--json"]).json() as? [[String: Any]])
        let signature = try #require((history.first?["signature"] as? String).flatMap { Data(base64Encoded: $0) })
        let body = try #require(DAGCBORValue.decode(raw.stdout).mapValue)
        let key = try #require(body["signingKey"]?.bytesValue)
        #expect(Identity.verify(signature: signature, of: raw.stdout, signingPublicKey: key))
        #expect(body["did"]?.textValue == (try Identity.did(forSigningPublicKey: key)))
    }

    @Test(
        "an outsider verifies a raw receipt with Python's hashlib and cryptography",
        .enabled(if: PythonTools.hasCryptography))
    func outsiderVerifiesWithPython() throws {
        let buds = BudsProcess()
        let added = try buds.add(["--strain", "Sour Diesel", "--type", "flower", "--rating", "5", "--thc", "21.25"])
        let cid = try #require(added["cid"] as? String)
        let rawFile = buds.store.appendingPathComponent("receipt.cbor")
        try buds.run(["receipt", cid, "--raw"]).stdout.write(to: rawFile)
        let history = try #require(try buds.run(["history", cid, "--json"]).json() as? [[String: Any]])
        let signature = try #require(history.first?["signature"] as? String)
        let output = try PythonTools.run(PythonTools.verifyReceiptScript, arguments: [rawFile.path, signature, cid])
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
    }

    @Test("bad input names the field, exits 1 and writes nothing")
    func badInputWritesNothing() throws {
        let buds = BudsProcess()
        let cases: [([String], String)] = [
            (["--strain", "X", "--type", "flower", "--rating", "7"], "rating: must be a whole number from 1 to 5"),
            (["--type", "flower", "--rating", "3"], "strain: is required"),
            (["--strain", "X", "--rating", "3"], "type: is required"),
            (["--strain", "X", "--type", "pills", "--rating", "3"], "type: must be one of"),
            (["--strain", "X", "--type", "flower", "--rating", "3", "--thc", "101"], "thc: must be a percentage from 0 to 100"),
            (["--strain", "X", "--type", "flower", "--rating", "3", "--lat", "95", "--lon", "3"], "lat: must be between -90 and 90"),
            (["--strain", "X", "--type", "flower", "--rating", "3", "--lat", "5"], "lon: is required with lat"),
            (["--strain", "X", "--type", "flower", "--rating", "3", "--place", "Home"], "place: needs a location"),
            (["--strain", "X", "--type", "flower", "--rating", "3", "--at", "tomorrow"], "at: must be a date"),
            (["--strain", "X", "--type", "flower", "--rating", "3", "--method", "spoon"], "method: must be one of"),
            (["--strain", "X", "--type", "flower", "--rating", "3", "--image", "/nonexistent.jpg"], "image: /nonexistent.jpg does not exist"),
        ]
        for (arguments, message) in cases {
            let result = try buds.run(["add"] + arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        }
        let list = try #require(try buds.run(["list", "--json"]).json() as? [Any])
        #expect(list.isEmpty)
        #expect(try buds.run(["verify", "--json"]).status == 0)
    }

    @Test("usage errors exit 2")
    func usageErrorsExitTwo() throws {
        let buds = BudsProcess()
        #expect(try buds.run(["add", "--bogus"]).status == 2)
        #expect(try buds.run(["frobnicate"]).status == 2)
        #expect(try buds.run(["list", "--min-rating", "9"]).status == 2)
        let help = try buds.run(["--help"], withStore: false)
        #expect(help.status == 0 && help.text.contains("receipt"))
    }

    @Test("delete, favourite and stats")
    func deleteFavouriteStats() throws {
        let buds = BudsProcess()
        let keep = try #require(try buds.add(["--strain", "Keep", "--type", "edible", "--rating", "5", "--effect", "happy"])["id"] as? String)
        let drop = try #require(try buds.add(["--strain", "Drop", "--type", "flower", "--rating", "1"])["id"] as? String)
        let deleted = try #require(try buds.run(["delete", drop, "--json"]).json() as? [String: Any])
        let history = try #require(try buds.run(["history", drop, "--json"]).json() as? [[String: Any]])
        #expect(deleted["cid"] as? String == history.last?["cid"] as? String)
        #expect(history.last?["receiptType"] as? String == "app.buds.session.deleted/v1")
        let shown = try buds.run(["show", drop])
        #expect(shown.status == 1 && shown.stderr.contains("was deleted"))
        #expect(try buds.run(["history", drop, "--json"]).json() as? [Any] != nil)
        #expect(try buds.run(["favorite", keep]).status == 0)
        let list = try #require(try buds.run(["list", "--json"]).json() as? [[String: Any]])
        #expect(list.count == 1 && list[0]["isFavorited"] as? Bool == true)
        #expect((try buds.run(["list", "--favorites", "--json"]).json() as? [Any])?.count == 1)
        let stats = try #require(try buds.run(["stats", "--json"]).json() as? [String: Any])
        #expect(stats["sessions"] as? Int == 1)
        #expect(((stats["effects"] as? [[String: Any]])?.first?["effect"]) as? String == "happy")
        let verify = try buds.run(["verify"])
        #expect(verify.status == 0 && verify.text.contains("verified: 3"))
    }

    @Test("export and import move a journal; a tampered archive changes nothing")
    func exportImport() throws {
        let source = BudsProcess()
        _ = try source.add(["--strain", "Blue Dream", "--type", "flower", "--rating", "4"])
        _ = try source.add(["--strain", "Gummies", "--type", "edible", "--rating", "5"])
        let car = source.store.appendingPathComponent("journal.car")
        #expect(try source.run(["export", car.path]).status == 0)

        let target = BudsProcess()
        let imported = try target.run(["import", car.path])
        #expect(imported.status == 0 && imported.text.contains("Imported 2 receipts"))
        let before = try source.run(["list", "--json"]).stdout
        let after = try target.run(["list", "--json"]).stdout
        #expect(before == after)
        #expect(try target.run(["import", car.path]).text.contains("Imported 0 receipts (2 already present)"))

        var bytes = try Data(contentsOf: car)
        bytes[bytes.count - 10] ^= 0xFF
        let tampered = source.store.appendingPathComponent("tampered.car")
        try bytes.write(to: tampered)
        let fresh = BudsProcess()
        let rejected = try fresh.run(["import", tampered.path])
        #expect(rejected.status == 1 && rejected.stderr.contains("rejected"))
        #expect((try fresh.run(["list", "--json"]).json() as? [Any])?.isEmpty == true)
    }

    @Test("verify exits 1 and names the receipt when the store was tampered with")
    func verifyDetectsTampering() throws {
        let buds = BudsProcess()
        let cid = try #require(try buds.add(["--strain", "Blue Dream", "--type", "flower", "--rating", "4"])["cid"] as? String)
        let queue = try DatabaseQueue(path: buds.store.appendingPathComponent("buds.sqlite").path)
        try queue.write { db in
            try db.execute(sql: "UPDATE ucr_headers SET signature = ? WHERE cid = ?", arguments: [Data(count: 64).base64EncodedString(), cid])
        }
        let result = try buds.run(["verify"])
        #expect(result.status == 1)
        #expect(result.text.contains("failed: 1"))
        #expect(result.stderr.contains(cid))
    }

    @Test("the store defaults to $BUDS_HOME")
    func storeFromEnvironment() throws {
        let buds = BudsProcess()
        let result = try buds.run(["init", "--json"], withStore: false, environment: ["BUDS_HOME": buds.store.path])
        #expect(result.status == 0)
        #expect((try result.json() as? [String: Any])?["store"] as? String == buds.store.path)
    }

    @Test("a photo is checked by its bytes, stored once by CID and travels with an export")
    func photoFromFile() throws {
        let buds = BudsProcess()
        try FileManager.default.createDirectory(at: buds.store, withIntermediateDirectories: true)
        let png = buds.store.appendingPathComponent("bud.png")
        try ValidImages.png().write(to: png)
        let text = buds.store.appendingPathComponent("notes.jpg")
        try Data("just text".utf8).write(to: text)

        let refused = try buds.run(["add", "--strain", "X", "--type", "flower", "--rating", "3", "--image", text.path])
        #expect(refused.status == 1 && refused.stderr.contains("image: the file is not a photo: only JPEG, PNG and HEIC"))
        let added = try buds.add(["--strain", "Pictured", "--type", "flower", "--rating", "4", "--image", png.path])
        let imageCID = try #require(added["imageCID"] as? String)
        #expect(imageCID == CID(codec: .raw, hashing: try Data(contentsOf: png)).string)
        #expect(FileManager.default.fileExists(atPath: buds.store.appendingPathComponent("blobs/\(imageCID)").path))

        let car = buds.store.appendingPathComponent("out.car")
        #expect(try buds.run(["export", car.path]).text.contains("1 photo"))
        let target = BudsProcess()
        #expect(try target.run(["import", car.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: target.store.appendingPathComponent("blobs/\(imageCID)").path))
    }

    @Test("favorite --off removes the mark")
    func favouriteOff() throws {
        let buds = BudsProcess()
        let id = try #require(try buds.add(["--strain", "Fav", "--type", "flower", "--rating", "4"])["id"] as? String)
        #expect(try buds.run(["favorite", id]).text.contains("is a favourite"))
        let off = try #require(try buds.run(["favorite", id, "--off", "--json"]).json() as? [String: Any])
        #expect(off["isFavorited"] as? Bool == false)
    }
}
