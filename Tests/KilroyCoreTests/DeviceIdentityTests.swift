import Foundation
import KilroyCore
import Testing

@Suite("DeviceIdentity: the anonymous device id")
struct DeviceIdentityTests {
    @Test("the id is created once, kept in device-id with mode 0600, and read back the same")
    func createdOnceAndKept() throws {
        let folder = temporaryStoreFolder()
        let first = try DeviceIdentity.loadOrCreate(in: folder)
        #expect(DeviceIdentity.isValid(first))
        #expect(try DeviceIdentity.loadOrCreate(in: folder) == first)
        let path = folder.appendingPathComponent("device-id").path
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["device-id"])
    }

    @Test("concurrent first uses agree on one id")
    func racingCreatorsAgree() async throws {
        let folder = temporaryStoreFolder()
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { try DeviceIdentity.loadOrCreate(in: folder) } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
    }

    @Test("a damaged device-id is reported and never replaced")
    func damagedFileIsReported() throws {
        let folder = temporaryStoreFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("device-id")
        try Data("not ok!".utf8).write(to: url)
        #expect(throws: KilroyStoreError.invalidDeviceID(path: url.path)) { try DeviceIdentity.loadOrCreate(in: folder) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "not ok!")
        #expect(!DeviceIdentity.isValid("short") && !DeviceIdentity.isValid(String(repeating: "a", count: 65)))
        #expect(DeviceIdentity.isValid("device_01-AB"))
    }
}
