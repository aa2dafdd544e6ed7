import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing
import UmiLogAPI

@testable import UmiLogCloud

@Suite("Sync server: the change log")
struct SyncServerChangeTests {
    @Test("pushed changes come back in a pull with their seqs, device, fields and bytes; the cursor resumes after them")
    func pushThenPull() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            try #require(try await client.register(diver, device: 1).status == .created)
            let first = [ChangeBody(), ChangeBody(), ChangeBody()]
            let pushed = try await client.push(first, for: diver)
            #expect(pushed.status == .ok, "\(pushed.text)")
            let accepted = try pushed.decoded(AcceptedBody.self).accepted
            #expect(accepted.map(\.changeId) == first.map(\.changeId))
            #expect(accepted.map(\.seq) == [1, 2, 3])

            let page = try await client.page(diver, by: 1)
            #expect(page.changes.map(\.seq) == [1, 2, 3])
            #expect(page.changes.map(\.changeId) == first.map(\.changeId))
            #expect(page.changes.map(\.recordId) == first.map(\.recordId))
            #expect(page.changes.map(\.sealed) == first.map(\.sealed))
            #expect(page.changes.allSatisfy { $0.deviceId == diver.devices[0].id && $0.kind == "dive" && $0.schemaVersion == 1 })
            #expect(page.cursor == 3)
            #expect(!page.hasMore)

            let second = [ChangeBody()]
            #expect(try await client.push(second, for: diver, by: 1).decoded(AcceptedBody.self).accepted.map(\.seq) == [4])
            let next = try await client.page(diver, after: page.cursor)
            #expect(next.changes.map(\.changeId) == second.map(\.changeId))
            #expect(next.changes.first?.deviceId == diver.devices[1].id)
            #expect(next.cursor == 4)
            let empty = try await client.page(diver, after: 4)
            #expect(empty.changes.isEmpty)
            #expect(empty.cursor == 4)
            #expect(!empty.hasMore)
        }
    }

    @Test("a retried push answers the original seqs and stores nothing twice")
    func retriedPush() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let changes = [ChangeBody(), ChangeBody()]
            let first = try await client.push(changes, for: diver).decoded(AcceptedBody.self).accepted
            try #require(try await client.push([ChangeBody()], for: diver).status == .ok)
            harness.clock.advance(by: 30)
            let retry = try await client.push(changes, for: diver)
            #expect(retry.status == .ok)
            #expect(try retry.decoded(AcceptedBody.self).accepted == first)
            // A retry mixed with a new change: the old keep theirs, the new one gets the next.
            let mixed = try await client.push([changes[1], ChangeBody()], for: diver).decoded(AcceptedBody.self).accepted
            #expect(mixed.map(\.seq) == [2, 4])
            #expect(try await client.page(diver).changes.count == 4)
        }
    }

    @Test("a change id reused with other content is a 409 naming changes[i].changeId, and nothing of the push is stored")
    func conflictingChange() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let original = ChangeBody()
            try #require(try await client.push([original], for: diver).status == .ok)
            var altered = original
            altered.sealed = Data(randomBytes(48))
            let response = try await client.push([ChangeBody(), altered], for: diver)
            #expect(response.status == .conflict)
            #expect(response.error?.code == "change_conflict")
            #expect(response.error?.field == "changes[1].changeId")
            #expect(try await client.page(diver).changes.map(\.changeId) == [original.changeId])
        }
    }

    @Test("pages of `limit` changes say whether more follow; limits outside 1...1000 are 400s naming limit")
    func paging() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let changes = (0..<7).map { _ in ChangeBody() }
            try #require(try await client.push(changes, for: diver).status == .ok)
            var cursor: Int64 = 0
            var seen: [String] = []
            var pages = 0
            while true {
                let page = try await client.page(diver, after: cursor, limit: 3)
                pages += 1
                seen += page.changes.map(\.changeId)
                #expect(page.changes.count <= 3)
                cursor = page.cursor
                if !page.hasMore { break }
            }
            #expect(pages == 3)
            #expect(seen == changes.map(\.changeId))
            #expect(cursor == 7)

            for limit in [0, 1001] {
                let response = try await client.pull(diver, limit: limit)
                #expect(response.status == .badRequest, "limit \(limit)")
                #expect(response.error?.field == "limit")
            }
            let notANumber = try await client.signed(.get, "/accounts/\(diver.accountID)/changes?limit=ten", by: diver.devices[0])
            #expect(notANumber.status == .badRequest)
            #expect(notANumber.error?.field == "limit", "\(notANumber.text)")
        }
    }

    @Test("each pushed change is checked against the contract, the refusal naming changes[i] and its field")
    func changeFields() async throws {
        let harness = try SyncServerHarness { $0.limits.maximumSealedChangeBytes = 1024 }
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            func refused(_ field: String, _ change: (inout ChangeBody) -> Void) async throws {
                var bad = ChangeBody()
                change(&bad)
                let response = try await client.push([ChangeBody(), bad], for: diver)
                #expect(response.status == .badRequest, "\(response.text)")
                #expect(response.error?.field == field, "\(response.text)")
            }
            try await refused("changes[1].changeId") { $0.changeId = "not-a-uuid" }
            try await refused("changes[1].recordId") { $0.recordId = $0.recordId.uppercased() }
            try await refused("changes[1].kind") { $0.kind = "Dive" }
            try await refused("changes[1].schemaVersion") { $0.schemaVersion = 0 }
            try await refused("changes[1].sealed") { $0.sealed = Data(count: 1025) }
            try await refused("changes[1].sealed") { $0.sealed = Data() }
            let twice = ChangeBody()
            let duplicate = try await client.push([twice, twice], for: diver)
            #expect(duplicate.error?.field == "changes[1].changeId")
            let none = try await client.push([], for: diver)
            #expect(none.status == .badRequest)
            #expect(none.error?.field == "changes")
            #expect(try await client.page(diver).changes.isEmpty)
        }
    }
}
