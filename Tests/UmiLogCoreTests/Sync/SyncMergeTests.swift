import DAGCBOR
import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

/// A device in a merge simulation: its clock (possibly wrong), the states it holds and the
/// changes it made, exactly as the store's ledger would keep them.
private struct SimulatedDevice {
    var clock: HybridClock
    var states: [UUID: SyncRecordState] = [:]
    var seen: Set<UUID> = []
    var made: [SyncChange] = []
    /// How far this device's wall clock is off, in milliseconds.
    var skew: Int64 = 0

    init(node: String) { clock = HybridClock(node: node) }

    mutating func make(at wall: Int64, record: UUID, _ build: (SyncRecordState?) -> SyncChange?) {
        guard var change = build(states[record]) else { return }
        change.hlc = clock.tick(now: Date(timeIntervalSince1970: Double(wall + skew) / 1_000))
        apply(change, at: wall)
        made.append(change)
    }

    mutating func apply(_ change: SyncChange, at wall: Int64) {
        guard seen.insert(change.id).inserted else { return }
        clock.observe(change.hlc, now: Date(timeIntervalSince1970: Double(wall + skew) / 1_000))
        var state = states[change.recordID] ?? SyncRecordState(kind: change.kind, schemaVersion: change.schemaVersion)
        state.apply(change)
        states[change.recordID] = state
    }
}

private func bytes(of states: [UUID: SyncRecordState]) throws -> Data {
    var data = Data()
    for (id, state) in states.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
        data.append(contentsOf: Array(id.uuidString.utf8))
        data.append(try state.encoded())
    }
    return data
}

private func change(_ record: UUID, hlcPlaceholder: HLCTimestamp = HLCTimestamp(wallMilliseconds: 0, counter: 0, node: "x"))
    -> SyncChange
{
    SyncChange(id: UUID(), recordID: record, kind: "dive", schemaVersion: 1, hlc: hlcPlaceholder)
}

private func write(_ state: SyncRecordState?, _ field: String, _ value: DAGCBORValue) -> SyncChange.FieldWrite {
    SyncChange.FieldWrite(value: value, base: state?.newestWrite(field))
}

@Suite("Sync merge: per-field LWW, add-wins sets, edit beats delete, convergence")
struct SyncMergeTests {
    private let dive = UUID()

    /// Three devices that have all seen the dive as first logged on A.
    private func threeDevices() -> (SimulatedDevice, SimulatedDevice, SimulatedDevice) {
        var a = SimulatedDevice(node: "a")
        var b = SimulatedDevice(node: "b")
        var c = SimulatedDevice(node: "c")
        a.make(at: 1_000, record: dive) { state in
            var created = change(dive)
            created.fields = [
                "max_depth_m": write(state, "max_depth_m", 18.0), "site_id": write(state, "site_id", "salt-pier"),
                "notes": write(state, "notes", "calm"),
            ]
            created.adds = ["tags": ["shore"]]
            return created
        }
        for change in a.made {
            b.apply(change, at: 1_000)
            c.apply(change, at: 1_000)
        }
        return (a, b, c)
    }

    private func exchange(_ devices: inout [SimulatedDevice], at wall: Int64) {
        let all = devices.flatMap(\.made)
        for index in devices.indices { for change in all { devices[index].apply(change, at: wall) } }
    }

    @Test func editsOfDifferentFieldsOnTwoDevicesBothSurvive() throws {
        var (a, b, c) = threeDevices()
        a.make(at: 2_000, record: dive) { state in
            var edit = change(dive)
            edit.fields = ["max_depth_m": write(state, "max_depth_m", 21.5)]
            return edit
        }
        b.make(at: 2_000, record: dive) { state in
            var edit = change(dive)
            edit.fields = ["site_id": write(state, "site_id", "playa-lagun")]
            return edit
        }
        var devices = [a, b, c]
        exchange(&devices, at: 3_000)
        for device in devices {
            #expect(device.states[dive]?.value("max_depth_m") == 21.5)
            #expect(device.states[dive]?.value("site_id") == "playa-lagun")
        }
        #expect(try bytes(of: devices[0].states) == bytes(of: devices[2].states))
    }

    @Test func concurrentNotesKeepOneValueAndOneConflictCopyNeverMixed() throws {
        var (a, b, _) = threeDevices()
        a.make(at: 2_000, record: dive) { state in
            var edit = change(dive)
            edit.fields = ["notes": write(state, "notes", "Saw a turtle at the pier.")]
            return edit
        }
        b.make(at: 2_500, record: dive) { state in
            var edit = change(dive)
            edit.fields = ["notes": write(state, "notes", "Strong surge, short dive.")]
            return edit
        }
        var devices = [a, b]
        exchange(&devices, at: 3_000)
        for device in devices {
            let state = try #require(device.states[dive])
            #expect(state.value("notes") == "Strong surge, short dive.")
            #expect(state.conflictingWrites("notes").map(\.value) == ["Saw a turtle at the pier."])
        }
        // Writing the field again over both settles it everywhere.
        devices[0].make(at: 4_000, record: dive) { state in
            var edit = change(dive)
            edit.fields = ["notes": write(state, "notes", "Turtle, then surge.")]
            return edit
        }
        exchange(&devices, at: 5_000)
        for device in devices {
            #expect(device.states[dive]?.value("notes") == "Turtle, then surge.")
            #expect(device.states[dive]?.conflictingWrites("notes").isEmpty == true)
        }
    }

    @Test func anEditTheDeleteHadNotSeenBringsTheDiveBack() throws {
        var (a, b, _) = threeDevices()
        a.make(at: 5_000, record: dive) { state in
            var delete = change(dive)
            delete.delete = SyncChange.DeleteMark(observed: state?.lastEdit)
            return delete
        }
        #expect(a.states[dive]?.isDeleted == true)
        // B's clock is behind, so its edit has the older reading: it still wins over the delete.
        b.make(at: 2_000, record: dive) { state in
            var edit = change(dive)
            edit.fields = ["notes": write(state, "notes", "B's notes")]
            return edit
        }
        var devices = [a, b]
        exchange(&devices, at: 6_000)
        for device in devices {
            let state = try #require(device.states[dive])
            #expect(!state.isDeleted)
            #expect(state.cameBackAfterDelete)
            #expect(state.value("notes") == "B's notes")
        }
        // A delete made after seeing that edit does delete it.
        devices[0].make(at: 7_000, record: dive) { state in
            var delete = change(dive)
            delete.delete = SyncChange.DeleteMark(observed: state?.lastEdit)
            return delete
        }
        exchange(&devices, at: 8_000)
        #expect(devices.allSatisfy { $0.states[dive]?.isDeleted == true })
    }

    @Test func concurrentTagAddsBothSurviveAndAnAddBeatsAConcurrentRemove() throws {
        var (a, b, _) = threeDevices()
        a.make(at: 2_000, record: dive) { _ in
            var edit = change(dive)
            edit.adds = ["buddies": ["Ali"]]
            return edit
        }
        b.make(at: 2_000, record: dive) { _ in
            var edit = change(dive)
            edit.adds = ["buddies": ["Bea"]]
            return edit
        }
        var devices = [a, b]
        exchange(&devices, at: 3_000)
        #expect(devices[0].states[dive]?.elements("buddies").map(\.value) == ["Ali", "Bea"])
        // A removes Ali while B adds Ali again, concurrently: Ali stays.
        devices[0].make(at: 4_000, record: dive) { state in
            var edit = change(dive)
            let ali = state?.elements("buddies").first { $0.value == "Ali" }
            edit.removes = ["buddies": [SyncChange.SetRemoval(element: "Ali", tags: ali?.liveTags ?? [])]]
            return edit
        }
        devices[1].make(at: 4_000, record: dive) { _ in
            var edit = change(dive)
            edit.adds = ["buddies": ["Ali"]]
            return edit
        }
        exchange(&devices, at: 5_000)
        for device in devices {
            #expect(Set(device.states[dive]?.elements("buddies").map(\.value) ?? []) == ["Ali", "Bea"])
        }
    }

    @Test func elementsAddedTogetherKeepTheirOrderAndLaterOnesFollow() throws {
        var (a, _, _) = threeDevices()
        a.make(at: 2_000, record: dive) { _ in
            var edit = change(dive)
            edit.adds = ["sightings": ["zebra shark", "anemone", "manta"]]
            return edit
        }
        a.make(at: 3_000, record: dive) { _ in
            var edit = change(dive)
            edit.adds = ["sightings": ["barracuda"]]
            return edit
        }
        let order = a.states[dive]?.elements("sightings").map(\.value)
        #expect(order == ["zebra shark", "anemone", "manta", "barracuda"])
    }

    @Test func aClockSteppedBackStillOrdersWritesAfterWhatTheDeviceSaw() throws {
        var (a, b, _) = threeDevices()
        a.make(at: 10_000_000, record: dive) { state in
            var edit = change(dive)
            edit.fields = ["max_depth_m": write(state, "max_depth_m", 30.0)]
            return edit
        }
        b.skew = -3_600_000  // B's clock is an hour behind
        for change in a.made { b.apply(change, at: 10_000_500) }
        b.make(at: 10_001_000, record: dive) { state in
            var edit = change(dive)
            edit.fields = ["max_depth_m": write(state, "max_depth_m", 31.0)]
            return edit
        }
        #expect(b.made.last!.hlc > a.made.last!.hlc)
        var devices = [a, b]
        exchange(&devices, at: 10_002_000)
        #expect(devices.allSatisfy { $0.states[dive]?.value("max_depth_m") == 31.0 })
    }

    @Test func aDeviceReadingFarInTheFutureIsReportedButStillOrdered() {
        var clock = HybridClock(node: "a")
        let now = Date(timeIntervalSince1970: 1_000)
        let future = HLCTimestamp(wallMilliseconds: 1_000_000 + 2 * 86_400_000, counter: 0, node: "z")
        let farAhead = clock.observe(future, now: now)
        #expect(farAhead)
        let next = clock.tick(now: now)
        #expect(next > future)
        let nearby = clock.observe(HLCTimestamp(wallMilliseconds: 1_000_000, counter: 3, node: "y"), now: now)
        #expect(!nearby)
    }

    /// 100 random histories of three devices (edits, tags, deletes, restores, partial exchanges,
    /// one clock an hour behind); each history's changes replayed on three fresh devices in 10
    /// random orders with duplicates — 1,000 interleavings of 3 devices — always give the
    /// same bytes as the devices that made them.
    @Test func anyOrderAndDuplicationOfTheSameChangesGivesIdenticalStates() throws {
        var random = SplitMix64(seed: 0x5EED_0019)
        var interleavings = 0
        for _ in 0..<100 {
            var devices = [SimulatedDevice(node: "a"), SimulatedDevice(node: "b"), SimulatedDevice(node: "c")]
            devices[2].skew = -3_600_000
            let records = (0..<3).map { _ in UUID() }
            var wall: Int64 = 1_000_000
            for _ in 0..<24 {
                wall += Int64.random(in: 0...2_000, using: &random)
                let index = Int.random(in: 0..<3, using: &random)
                let record = records.randomElement(using: &random)!
                switch Int.random(in: 0..<8, using: &random) {
                case 0, 1:
                    let field = ["max_depth_m", "notes", "site_id"].randomElement(using: &random)!
                    let value: DAGCBORValue =
                        field == "max_depth_m"
                        ? .float(Double(Int.random(in: 5...40, using: &random))) : .text("v\(Int.random(in: 0..<5, using: &random))")
                    devices[index].make(at: wall, record: record) { state in
                        var edit = change(record)
                        edit.fields = [field: write(state, field, value)]
                        return edit
                    }
                case 2:
                    let tag = ["night", "wreck", "shore"].randomElement(using: &random)!
                    devices[index].make(at: wall, record: record) { _ in
                        var edit = change(record)
                        edit.adds = ["tags": [.text(tag)]]
                        return edit
                    }
                case 3:
                    devices[index].make(at: wall, record: record) { state in
                        guard let element = state?.elements("tags").first else { return nil }
                        var edit = change(record)
                        edit.removes = ["tags": [SyncChange.SetRemoval(element: element.value, tags: element.liveTags)]]
                        return edit
                    }
                case 4:
                    devices[index].make(at: wall, record: record) { state in
                        guard let state, !state.isDeleted else { return nil }
                        var delete = change(record)
                        delete.delete = SyncChange.DeleteMark(observed: state.lastEdit)
                        return delete
                    }
                case 5:
                    devices[index].make(at: wall, record: record) { state in state?.isDeleted == true ? change(record) : nil }
                default:
                    let others = devices.indices.filter { $0 != index }.flatMap { devices[$0].made }
                    for change in others where Bool.random(using: &random) { devices[index].apply(change, at: wall) }
                }
            }
            let all = devices.flatMap(\.made)
            exchange(&devices, at: wall + 1_000)
            let reference = try bytes(of: devices[0].states)
            #expect(try bytes(of: devices[1].states) == reference)
            #expect(try bytes(of: devices[2].states) == reference)
            for _ in 0..<10 {
                for node in ["x", "y", "z"] {
                    var replay = SimulatedDevice(node: node)
                    var delivery = all + all.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
                    delivery.shuffle(using: &random)
                    for change in delivery {
                        replay.seen.remove(change.id)  // duplicates reach the merge itself, not just the id check
                        replay.apply(change, at: wall)
                    }
                    #expect(try bytes(of: replay.states) == reference)
                }
                interleavings += 1
            }
        }
        #expect(interleavings == 1_000)
    }

    @Test func changesAndStatesRoundTripThroughTheirCanonicalBytesAndRefuseGarbage() throws {
        var (a, _, _) = threeDevices()
        let nested = DAGCBORValue.map(DAGCBORMap(["nested": .integer(1)]))
        a.make(at: 2_000, record: dive) { state in
            var edit = change(dive)
            edit.fields = ["a_field_from_a_newer_version": write(state, "a_field_from_a_newer_version", nested)]
            return edit
        }
        for made in a.made { #expect(try SyncChange.decode(made.encoded()) == made) }
        let state = try #require(a.states[dive])
        #expect(try SyncRecordState.decode(state.encoded()) == state)
        #expect(state.value("a_field_from_a_newer_version") == nested)
        var random = SplitMix64(seed: 19)
        let valid = try a.made[0].encoded()
        for _ in 0..<500 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            _ = try? SyncChange.decode(bytes)
            _ = try? SyncChange.decode(Data(random.bytes(Int.random(in: 0...64, using: &random))))
        }
    }
}
