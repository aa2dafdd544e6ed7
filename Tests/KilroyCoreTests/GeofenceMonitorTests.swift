import Foundation
import Geo
import KilroyCore
import TestSupport
import Testing

@Suite("GeofenceMonitor: one tap per visit, at most 20 regions")
struct GeofenceMonitorTests {
    let origin = coordinate(48.8584, 2.2945)
    let start = Date(timeIntervalSince1970: 1_780_000_000)

    private func fix(_ east: Double, _ north: Double, _ second: Int) -> LocationUpdate {
        LocationUpdate(coordinate: offset(origin, east: east, north: north), time: start + TimeInterval(second))
    }

    @Test("walking into a memory's 10 m radius fires once, with the fix's time and distance")
    func approachFiresOnce() throws {
        let id = UUID()
        var monitor = GeofenceMonitor(targets: [GeofenceTarget(id: id, center: origin)])
        #expect(monitor.update(fix(-30, 0, 0)).isEmpty)
        #expect(monitor.update(fix(-15, 0, 5)).isEmpty)
        let events = monitor.update(fix(-8, 0, 10))
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.memoryID == id)
        #expect(event.time == start + 10)
        #expect(abs(event.distanceMeters - 8) < 0.01)
        #expect(monitor.update(fix(-2, 0, 15)).isEmpty)
        #expect(monitor.update(fix(5, 0, 20)).isEmpty)
    }

    @Test("wobbling across the edge does not flap; leaving beyond radius + margin re-arms")
    func hysteresisPreventsFlapping() {
        let id = UUID()
        var monitor = GeofenceMonitor(targets: [GeofenceTarget(id: id, center: origin)])
        #expect(GeofenceMonitor.exitMargin(forRadius: 10) == 5)
        #expect(GeofenceMonitor.exitMargin(forRadius: 40) == 20)
        var fired = 0
        // In at 9.5 m, then GPS wobble between 9 and 14.9 m: one event only.
        for (second, meters) in [9.5, 11, 9, 14.9, 10.5, 9.2, 13, 14.5, 9.9].enumerated() {
            fired += monitor.update(fix(meters, 0, second)).count
        }
        #expect(fired == 1)
        #expect(monitor.update(fix(15.5, 0, 20)).isEmpty)  // beyond 15 m: re-armed
        #expect(monitor.update(fix(9.5, 0, 21)).count == 1)
    }

    @Test("with 50 memories it watches the 19 nearest plus a refresh region reaching the 20th's re-arm distance")
    func watchesNineteenNearestAndRefreshRegion() throws {
        let targets = (1...50).map { index in
            GeofenceTarget(id: UUID(), center: offset(origin, east: Double(index) * 100, north: 0))
        }
        var monitor = GeofenceMonitor(targets: targets.shuffled())
        _ = monitor.update(fix(0, 0, 0))
        let regions = monitor.monitoredRegions
        #expect(regions.count == 20)
        #expect(regions.prefix(19).map(\.kind) == targets.prefix(19).map { .memory($0.id) })
        let refresh = try #require(regions.last)
        #expect(refresh.kind == .refresh)
        #expect(refresh.center == offset(origin, east: 0, north: 0))
        #expect(abs(refresh.radius - (2000 - 15)) < 0.1)
        #expect(monitor.planCount == 1)

        // Moving inside the refresh region does not re-plan; leaving it does, around the new fix.
        _ = monitor.update(fix(1500, 0, 10))
        #expect(monitor.planCount == 1)
        _ = monitor.update(fix(2500, 0, 20))
        #expect(monitor.planCount == 2)
        let watched = Set(
            monitor.monitoredRegions.compactMap { region -> UUID? in
                if case .memory(let id) = region.kind { return id }
                return nil
            })
        #expect(watched == Set(targets[15...33].map(\.id)))
    }

    @Test("with few memories every one is watched and the refresh region has the default radius")
    func fewMemoriesUseDefaultRefresh() {
        var monitor = GeofenceMonitor(
            targets: [GeofenceTarget(id: UUID(), center: origin)],
            configuration: .init(maximumRegions: 20, defaultRefreshRadius: 750)
        )
        #expect(monitor.monitoredRegions.isEmpty)
        _ = monitor.update(fix(100, 0, 0))
        #expect(monitor.monitoredRegions.count == 2)
        #expect(monitor.monitoredRegions.last?.radius == 750)
    }

    @Test("a memory added while the user stands in it does not tap until they leave and come back")
    func newMemoryUnderfootDoesNotFire() {
        var monitor = GeofenceMonitor()
        _ = monitor.update(fix(0, 0, 0))
        let dropped = GeofenceTarget(id: UUID(), center: origin)
        monitor.replaceTargets([dropped])
        #expect(monitor.update(fix(2, 0, 1)).isEmpty)
        #expect(monitor.update(fix(40, 0, 30)).isEmpty)
        #expect(monitor.update(fix(3, 0, 60)).map(\.memoryID) == [dropped.id])
    }

    @Test("random walks among many memories give exactly the events of an unlimited brute-force monitor")
    func twentyRegionLimitLosesNothing() {
        var random = SplitMix64(seed: 0x6B69_6C72_6F79)
        for _ in 0..<12 {
            // 60 memories in a 600 m square, at least 35 m apart so no two geofences overlap.
            var centers: [(Double, Double)] = []
            while centers.count < 60 {
                let candidate = (Double.random(in: 0...600, using: &random), Double.random(in: 0...600, using: &random))
                if centers.allSatisfy({ hypot($0.0 - candidate.0, $0.1 - candidate.1) > 35 }) { centers.append(candidate) }
            }
            let targets = centers.map { GeofenceTarget(id: UUID(), center: offset(origin, east: $0.0, north: $0.1)) }
            var monitor = GeofenceMonitor(targets: targets)
            var reference = BruteForceMonitor(targets: targets)
            var position = (Double.random(in: 0...600, using: &random), Double.random(in: 0...600, using: &random))
            var heading = Double.random(in: 0..<(2 * .pi), using: &random)
            var actual: [[UUID]] = []
            var expected: [[UUID]] = []
            for second in 0..<3000 {
                heading += Double.random(in: -0.4...0.4, using: &random)
                let step = Double.random(in: 0...3, using: &random)
                position = (min(650, max(-50, position.0 + step * cos(heading))), min(650, max(-50, position.1 + step * sin(heading))))
                let update = fix(position.0, position.1, second)
                actual.append(monitor.update(update).map(\.memoryID))
                expected.append(reference.update(update.coordinate))
                #expect(monitor.monitoredRegions.count <= 20)
            }
            #expect(actual == expected)
            #expect(expected.joined().count > 0)
        }
    }
}

/// An independent reference: checks every memory on every fix (no region limit), firing at
/// `<= radius` and re-arming beyond `radius + max(5, radius / 2)`.
private struct BruteForceMonitor {
    let targets: [GeofenceTarget]
    var inside: Set<UUID> = []

    init(targets: [GeofenceTarget]) {
        self.targets = targets
    }

    mutating func update(_ position: Coordinate) -> [UUID] {
        var fired: [(Double, UUID)] = []
        for target in targets {
            let meters = referenceDistance(position, target.center)
            if inside.contains(target.id) {
                if meters > target.radius + max(5, target.radius / 2) { inside.remove(target.id) }
            } else if meters <= target.radius {
                inside.insert(target.id)
                fired.append((meters, target.id))
            }
        }
        return fired.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// Haversine written out again here, so the reference shares no code with the monitor.
func referenceDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.latitude - a.latitude) * radians
    let dLon = (b.longitude - a.longitude) * radians
    let h = pow(sin(dLat / 2), 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * pow(sin(dLon / 2), 2)
    return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
}
