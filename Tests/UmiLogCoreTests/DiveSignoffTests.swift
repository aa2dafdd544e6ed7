import Foundation
import Identity
import Receipts
import TestSupport
import Testing

@testable import UmiLogCore

@Suite("Instructor sign-off: signed over the essentials, verifiable offline, broken by edits")
struct DiveSignoffTests {
    private func loggedDive(_ log: TemporaryLog) async throws -> LoggedDive {
        try await log.services.saver.save(
            DiveDraft(
                siteID: "salt-pier", startTime: .utc("2026-11-20T09:15:00Z"), maxDepthMeters: 12.4,
                bottomTimeSeconds: 2_820, buddy: "Ana", notes: "Skills: mask clearing"),
            at: .testNow
        )
    }

    @Test("a fresh sign-off verifies; editing notes keeps it valid; editing the depth breaks it")
    func editsBreakTheSignature() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let logged = try await loggedDive(log)
        let instructor = InstructorKey.generate().identity
        let signoff = try await log.services.signoffs.sign(
            logged.id, instructor: instructor, name: "Jo Instructor", certification: "PADI 12345", at: .testNow
        )
        #expect(signoff.payload.maxDepthCentimeters == 1_240)
        #expect(signoff.payload.durationSeconds == 2_820)
        #expect(signoff.payload.site == "salt-pier")
        #expect(signoff.payload.start == "2026-11-20T09:15:00Z")
        #expect(signoff.payload.diver == (try log.services.signoffs.diverDID()))
        #expect(try await log.services.signoffs.verify(logged.id).map(\.1) == [.valid])

        var draft = DiveDraft(logged)
        draft.notes = "Skills: mask clearing, buoyancy"
        try await log.services.saver.update(logged.id, with: draft, at: .testNow)
        #expect(try await log.services.signoffs.verify(logged.id).map(\.1) == [.valid])

        draft.maxDepthMeters = 14
        draft.siteID = "playa-lagun"
        try await log.services.saver.update(logged.id, with: draft, at: .testNow)
        #expect(try await log.services.signoffs.verify(logged.id).map(\.1) == [.fieldsChanged(["site", "max depth"])])
    }

    @Test("anyone can check a sign-off from the receipt alone; a tampered receipt or a swapped signature is not genuine")
    func offlineVerification() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let logged = try await loggedDive(log)
        let signoff = try await log.services.signoffs.sign(
            logged.id, instructor: InstructorKey.generate().identity, name: "Jo", at: .testNow
        )
        let diver = try log.services.signoffs.diverDID()
        let copy = try Receipt(rawCBOR: signoff.receipt.rawCBOR, signature: signoff.receipt.signature)
        #expect(DiveSignoffs.status(of: copy, for: logged.dive, diver: diver) == .valid)
        #expect(DiveSignoffs.status(of: copy, for: logged.dive, diver: "did:key:someone-else") == .fieldsChanged(["diver"]))

        var tampered = signoff.receipt.signature
        tampered[0] ^= 0x01
        let forged = try Receipt(rawCBOR: signoff.receipt.rawCBOR, signature: tampered)
        guard case .forged = DiveSignoffs.status(of: forged, for: logged.dive, diver: diver) else {
            Issue.record("a changed signature verified")
            return
        }
        let other = try await log.services.signoffs.sign(
            logged.id, instructor: InstructorKey.generate().identity, name: "Sam", at: .testNow
        )
        let swapped = try Receipt(rawCBOR: signoff.receipt.rawCBOR, signature: other.receipt.signature)
        guard case .forged = DiveSignoffs.status(of: swapped, for: logged.dive, diver: diver) else {
            Issue.record("another key's signature verified")
            return
        }
        #expect(try await log.services.signoffs.signoffs(of: logged.id).count == 2)
    }

    @Test("key files: hex, base64 and raw bytes load; anything else is refused")
    func keyFiles() throws {
        /// Key files are private (0600), as `umilog keygen` writes them.
        func writeKey(_ data: Data, to url: URL) throws {
            try data.write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        }
        let directory = ScratchFolder.url("umilog-keys")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (text, identity) = InstructorKey.generate()
        let hexFile = directory.appendingPathComponent("hex.key")
        try writeKey(Data(text.utf8), to: hexFile)
        #expect(try InstructorKey.load(from: hexFile).didKey == identity.didKey)
        let raw = try #require(InstructorKey.rawKey(Data(text.utf8)))
        let rawFile = directory.appendingPathComponent("raw.key")
        try writeKey(raw, to: rawFile)
        #expect(try InstructorKey.load(from: rawFile).didKey == identity.didKey)
        let base64File = directory.appendingPathComponent("b64.key")
        try writeKey(Data(raw.base64EncodedString().utf8), to: base64File)
        #expect(try InstructorKey.load(from: base64File).didKey == identity.didKey)
        // What `openssl genpkey -algorithm ed25519` writes: PKCS #8 (RFC 8410) in PEM.
        let der = Data([0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]) + raw
        let pemFile = directory.appendingPathComponent("openssl.pem")
        try writeKey(Data("-----BEGIN PRIVATE KEY-----\n\(der.base64EncodedString())\n-----END PRIVATE KEY-----\n".utf8), to: pemFile)
        #expect(try InstructorKey.load(from: pemFile).didKey == identity.didKey)
        let bad = directory.appendingPathComponent("bad.key")
        try writeKey(Data("not a key".utf8), to: bad)
        #expect(throws: InstructorKey.LoadError.notAKey(path: bad.path)) { try InstructorKey.load(from: bad) }
        // A key others may read is refused before it is parsed, whatever it holds.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: hexFile.path)
        #expect(throws: InstructorKey.LoadError.self) { try InstructorKey.load(from: hexFile) }
    }
}
