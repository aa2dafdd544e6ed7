import Foundation
import Logging
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("Flipcash cache: the rebuild policy and exact money in SQLite")
struct FlipcashCacheTests {
    private static let logger = Logger(label: "test")
    private static let launchpad = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"

    private func temporaryDirectory() throws -> URL {
        let url = ScratchFolder.url("flipcash-cache")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a new cache is built; the same version keeps it; a newer app version deletes and rebuilds it")
    func rebuildPolicy() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = CacheVersionPolicy.Files(directory: directory, owner: "owner1")
        let first = try FlipcashCache.open(directory: directory, owner: "owner1", policy: CacheVersionPolicy(appVersion: 3, logger: Self.logger))
        #expect(first.outcome == .rebuilt(storedVersion: 0))
        #expect(try String(contentsOf: files.version, encoding: .utf8) == "3\n")
        try first.cache.replaceBalances([TokenAmount(quarks: 5_000_000, mint: .usdf)], at: Date(timeIntervalSince1970: 0))

        let again = try FlipcashCache.open(directory: directory, owner: "owner1", policy: CacheVersionPolicy(appVersion: 3, logger: Self.logger))
        #expect(again.outcome == .kept)
        #expect(try again.cache.balances() == [TokenAmount(quarks: 5_000_000, mint: .usdf)])

        let upgraded = try FlipcashCache.open(directory: directory, owner: "owner1", policy: CacheVersionPolicy(appVersion: 4, logger: Self.logger))
        #expect(upgraded.outcome == .rebuilt(storedVersion: 3))
        #expect(try upgraded.cache.balances().isEmpty)
        #expect(CacheVersionPolicy(appVersion: 4, logger: Self.logger).storedVersion(files) == 4)
    }

    @Test("a cache from a newer app, or with an unreadable version file, is rebuilt too; other owners are untouched")
    func otherVersions() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let newer = try FlipcashCache.open(directory: directory, owner: "a", policy: CacheVersionPolicy(appVersion: 9, logger: Self.logger))
        try newer.cache.replaceBalances([TokenAmount(quarks: 1, mint: .usdf)], at: Date())
        let other = try FlipcashCache.open(directory: directory, owner: "b", policy: CacheVersionPolicy(appVersion: 9, logger: Self.logger))
        try other.cache.replaceBalances([TokenAmount(quarks: 2, mint: .usdf)], at: Date())
        let older = try FlipcashCache.open(directory: directory, owner: "a", policy: CacheVersionPolicy(appVersion: 8, logger: Self.logger))
        #expect(older.outcome == .rebuilt(storedVersion: 9))
        #expect(try older.cache.balances().isEmpty)
        try Data("garbage".utf8).write(to: CacheVersionPolicy.Files(directory: directory, owner: "b").version)
        let garbled = try FlipcashCache.open(directory: directory, owner: "b", policy: CacheVersionPolicy(appVersion: 9, logger: Self.logger))
        #expect(garbled.outcome == .rebuilt(storedVersion: 0))
    }

    @Test("balances, history and rates come back exactly, money as decimal text")
    func exactRoundTrip() throws {
        let cache = try FlipcashCache.inMemory()
        let mint = try Mint(address: Self.launchpad)
        try cache.replaceBalances([TokenAmount(quarks: .max, mint: mint), TokenAmount(quarks: 740_741, mint: .usdf)], at: Date())
        #expect(try cache.balances() == [TokenAmount(quarks: 740_741, mint: .usdf), TokenAmount(quarks: .max, mint: mint)])

        let cad = try Rate(fx: Decimal(string: "1.4")!, currency: .cad)
        let sent = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: 4_500_000, mint: .usdf), nativeAmount: FiatAmount(value: Decimal(string: "6.3")!, currency: .cad),
            currencyRate: cad
        )
        let older = ActivityItem(id: "a", kind: .received, state: .completed, amount: sent, createdAt: Date(timeIntervalSince1970: 10))
        let newer = ActivityItem(id: "b", kind: .sent, state: .pending, amount: sent, createdAt: Date(timeIntervalSince1970: 20))
        try cache.record([older, newer])
        #expect(try cache.history() == [newer, older])
        #expect(try cache.history(limit: 1) == [newer])
        var settled = newer
        settled.state = .completed
        try cache.record([settled])
        #expect(try cache.history().first?.state == .completed)

        try cache.saveRates([cad], at: Date())
        #expect(try cache.rate(for: .cad) == cad)
        #expect(try cache.rate(for: .usd) == .oneToOne)
        #expect(try cache.rate(for: .jpy) == nil)
    }
}
