import Foundation

/// The state of one planning run: the clock, the depth, the cylinder breathed, the tissues and
/// the waypoints the runtime table is built from.
struct Simulation {
    let checked: CheckedRequest
    let model: PressureModel
    let settings: PlanSettings
    let factors: GradientFactors
    var state: DecoState
    var clock = 0
    var depth = 0.0
    var cylinder = 0
    var waypoints: [Waypoint] = []
    var gasSwitches: [DecoPlan.GasSwitch] = []
    var firstStopDepth: Double?
    var noDecompressionLimit: Int?
    var bottomTime = 0
    /// The tissues and clock as the last planned level began (for the no-decompression limit).
    var levelStart: (state: DecoState, clock: Int)?

    /// A point of the profile; the segment before it is breathed from `cylinder`.
    struct Waypoint {
        var time: Int
        var depth: Double
        var cylinder: Int
        var kind: DecoPlan.Segment.Kind
    }

    init(_ checked: CheckedRequest) {
        self.checked = checked
        model = checked.model
        settings = checked.settings
        factors = settings.gradientFactors
        let tissues = checked.request.startTissues ?? TissueState(saturatedAtSurfacePressure: model.surfacePressure)
        state = DecoState(tissues: tissues, surfacePressure: model.surfacePressure)
    }

    private func mix(_ index: Int) -> GasMix { checked.request.cylinders[index].mix }
    private func pressure(_ depth: Double) -> Double { model.ambientPressure(atDepth: depth) }

    mutating func run() throws(PlanError) {
        followPlannedProfile()
        bottomTime = clock
        switch settings.mode {
        case .recreational: try ascendWithoutStops()
        case .decompression: try ascendWithStops()
        }
    }

    // MARK: The planned profile

    private mutating func followPlannedProfile() {
        for segment in checked.request.segments {
            let start = depth
            if segment.toDepth == start { levelStart = (state, clock) }
            state.tissues.breathe(
                mix(segment.cylinder), fromAmbientPressure: pressure(start), to: pressure(segment.toDepth),
                seconds: Double(segment.seconds))
            clock += segment.seconds
            depth = segment.toDepth
            cylinder = segment.cylinder
            let kind: DecoPlan.Segment.Kind = segment.toDepth > start ? .descent : segment.toDepth < start ? .ascent : .level
            waypoints.append(Waypoint(time: clock, depth: depth, cylinder: cylinder, kind: kind))
        }
    }

    // MARK: Ascent rules shared by both modes

    private func ascentStep(at depth: Double) -> Double {
        settings.ascentRates.rate(atDepth: depth, averageDepth: checked.averageDepth) / 60 * Double(DecoPlanner.step)
    }

    /// Whether, after waiting `wait` seconds at `from`, the diver can ascend to `target` without
    /// the ceiling passing below where each 2 s step ends.
    func canAscend(waiting wait: Int, from start: Double, to target: Double, on cylinder: Int) -> Bool {
        canAscend(state, waiting: wait, from: start, to: target, on: cylinder)
    }

    /// ``canAscend(waiting:from:to:on:)`` from other tissues than the current ones.
    func canAscend(_ state: DecoState, waiting wait: Int, from start: Double, to target: Double, on cylinder: Int) -> Bool {
        var trial = state
        let gas = mix(cylinder)
        if wait > 0 { trial.tissues.breathe(gas, atAmbientPressure: pressure(start), seconds: Double(wait)) }
        var depth = start
        while depth > target {
            let delta = min(ascentStep(at: depth), depth)
            trial.tissues.breathe(gas, atAmbientPressure: pressure(depth), seconds: Double(DecoPlanner.step))
            let tolerated = trial.toleratedAmbientPressure(factors, surfacePressure: model.surfacePressure)
            if model.depth(atAmbientPressure: tolerated) > depth - delta { return false }
            depth -= delta
        }
        return true
    }

    // MARK: Decompression mode

    private mutating func ascendWithStops() throws(PlanError) {
        let surfaceLevels = settings.stopGrid.levels(upTo: depth)
        // The last stop at 6 m drops the 3 m (10 ft) level.
        var levels = surfaceLevels.filter { !(settings.lastStopAtSixMeters && abs($0 - settings.stopGrid.step) < 1e-6) }
        // Gas switch depths at or above the current depth are levels too; a deco gas whose switch
        // depth is deeper than the current depth is breathed from the start of the ascent.
        var changes: [(depth: Double, cylinder: Int)] = []
        var firstAscentGas: (depth: Double, cylinder: Int)?
        for (index, switchDepth) in checked.switchDepths.enumerated() {
            guard let switchDepth, index != cylinder else { continue }
            if switchDepth <= depth + 1e-9 {
                changes.append((switchDepth, index))
            } else if firstAscentGas.map({ switchDepth < $0.depth }) ?? true {
                firstAscentGas = (switchDepth, index)
            }
        }
        changes.sort { $0.depth < $1.depth || ($0.depth == $1.depth && $0.cylinder < $1.cylinder) }
        for change in changes where !levels.contains(where: { abs($0 - change.depth) < 1e-6 }) { levels.append(change.depth) }
        levels.sort()
        var levelIndex = levels.lastIndex { $0 <= depth + 1e-9 } ?? 0
        var changeIndex = changes.count - 1
        if let firstAscentGas, firstAscentGas.cylinder != cylinder {
            cylinder = firstAscentGas.cylinder
            gasSwitches.append(DecoPlan.GasSwitch(depth: depth, runtime: clock, cylinder: cylinder, gas: mix(cylinder)))
        }
        // The GF-low anchor follows the bottom tissues before the first trial.
        _ = state.toleratedAmbientPressure(factors, surfacePressure: model.surfacePressure)

        var lastRate = ascentStep(at: depth)
        var stopping = false
        var lastSegmentWasSwitch = false
        var lastStopTime = settings.stopTimeUnit
        while true {
            // Ascend to the next level.
            repeat {
                let step = ascentStep(at: depth)
                if step != lastRate {
                    addWaypoint(kind: .ascent)
                    stopping = false
                    lastRate = step
                }
                state.tissues.breathe(mix(cylinder), atAmbientPressure: pressure(depth), seconds: Double(DecoPlanner.step))
                lastSegmentWasSwitch = false
                clock += DecoPlanner.step
                depth = max(levels[levelIndex], depth - step)
            } while depth > 0 && depth > levels[levelIndex]
            if depth <= 0 { break }

            if changeIndex >= 0, levels[levelIndex] <= changes[changeIndex].depth + 1e-9 {
                let next = changes[changeIndex].cylinder
                if next != cylinder {
                    addWaypoint(kind: .ascent)
                    stopping = true
                    cylinder = next
                    gasSwitches.append(DecoPlan.GasSwitch(depth: depth, runtime: clock, cylinder: next, gas: mix(next)))
                    if !lastSegmentWasSwitch && mix(next).oxygenPermille != 1000 {
                        let seconds = settings.gasSwitchSeconds
                        state.tissues.breathe(mix(next), atAmbientPressure: pressure(depth), seconds: Double(seconds))
                        clock += seconds
                        lastSegmentWasSwitch = true
                    }
                }
                changeIndex -= 1
            }
            levelIndex -= 1

            if !canAscend(waiting: 0, from: depth, to: levels[levelIndex], on: cylinder) {
                if firstStopDepth == nil { firstStopDepth = depth }
                if !stopping {
                    addWaypoint(kind: .ascent)
                    stopping = true
                }
                let end = waitUntil(clock: clock, minimum: clock, leap: lastStopTime * 2 + 1, to: levels[levelIndex])
                lastStopTime = end - clock
                if lastStopTime >= DecoPlanner.longestStop { throw .decompressionDoesNotConverge(depth: depth) }
                state.tissues.breathe(mix(cylinder), atAmbientPressure: pressure(depth), seconds: Double(lastStopTime))
                lastSegmentWasSwitch = false
                clock = end
            }
            if stopping {
                addWaypoint(kind: .stop)
                stopping = false
            }
        }
        addWaypoint(kind: .ascent)
    }

    /// The earliest run time, on the stop-time grid, after which the ascent to `target` is
    /// clear: Subsurface's `wait_until`, a bisection that probes the upper end of each interval
    /// because `leap` is only a guess.
    private func waitUntil(clock: Int, minimum: Int, leap: Int, to target: Double) -> Int {
        let unit = settings.stopTimeUnit
        var minimum = minimum
        var leap = max(leap, 1)
        while true {
            if minimum - clock >= DecoPlanner.longestStop { return clock + DecoPlanner.longestStop + 2 * 3600 }
            let sum = minimum + leap
            let upper = (sum + unit - 1) / unit * unit
            if !canAscend(waiting: upper - clock, from: depth, to: target, on: cylinder) {
                minimum = upper
                continue
            }
            if upper - minimum <= unit { return upper }
            leap = max(leap / 2, 1)
        }
    }

    // MARK: Recreational mode

    private mutating func ascendWithoutStops() throws(PlanError) {
        let limit = noStopLimit()
        guard canAscend(waiting: 0, from: depth, to: 0, on: cylinder) else {
            throw .exceedsNoDecompressionLimit(depth: checked.maximumDepth, bottomSeconds: clock, limitSeconds: limit)
        }
        noDecompressionLimit = limit
        let safetyStop = checked.maximumDepth >= DecoPlanner.safetyStopFromDepth
        var stopped = false
        var lastRate = ascentStep(at: depth)
        while depth > 0 {
            let step = ascentStep(at: depth)
            if step != lastRate {
                addWaypoint(kind: .ascent)
                lastRate = step
            }
            state.tissues.breathe(mix(cylinder), atAmbientPressure: pressure(depth), seconds: Double(DecoPlanner.step))
            clock += DecoPlanner.step
            let next = max(0, depth - step)
            if safetyStop, !stopped, next <= DecoPlanner.safetyStopDepth {
                depth = DecoPlanner.safetyStopDepth
                addWaypoint(kind: .ascent)
                state.tissues.breathe(
                    mix(cylinder), atAmbientPressure: pressure(depth), seconds: Double(DecoPlanner.safetyStopSeconds))
                clock += DecoPlanner.safetyStopSeconds
                addWaypoint(kind: .safetyStop)
                stopped = true
                continue
            }
            depth = next
        }
        addWaypoint(kind: .ascent)
    }

    /// The no-decompression limit of the last level: the run time up to which the diver could
    /// stay there and still ascend directly, in whole minutes from the start of the level (at
    /// most 6 hours); nil when not even its start allows a direct ascent.
    private func noStopLimit() -> Int? {
        guard var (probe, time) = levelStart, canAscend(probe, waiting: 0, from: depth, to: 0, on: cylinder) else { return nil }
        let unit = 60
        let end = time + 6 * 3600
        while time < end {
            var next = probe
            next.tissues.breathe(mix(cylinder), atAmbientPressure: pressure(depth), seconds: Double(unit))
            guard canAscend(next, waiting: 0, from: depth, to: 0, on: cylinder) else { break }
            probe = next
            time += unit
        }
        return time
    }

    // MARK: Output

    private mutating func addWaypoint(kind: DecoPlan.Segment.Kind) {
        if let last = waypoints.last, last.time == clock, last.depth == depth { return }
        waypoints.append(Waypoint(time: clock, depth: depth, cylinder: cylinder, kind: kind))
    }
}
