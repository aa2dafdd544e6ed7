import Foundation

extension Simulation {
    /// One stretch between two waypoints, before ascents are merged for the table.
    private struct Leg {
        var kind: DecoPlan.Segment.Kind
        var startTime: Int
        var endTime: Int
        var startDepth: Double
        var endDepth: Double
        var cylinder: Int
        var isBottom: Bool
        var seconds: Int { endTime - startTime }
        var deepest: Double { max(startDepth, endDepth) }
        var shallowest: Double { min(startDepth, endDepth) }
    }

    func result() -> DecoPlan {
        let legs = legs()
        var oxygen = checked.request.startExposure
        var used = [Double](repeating: 0, count: checked.request.cylinders.count)
        var decoUsed = used
        var warnings = Warnings()
        for leg in legs {
            let gas = checked.request.cylinders[leg.cylinder].mix
            let pressures = (model.ambientPressure(atDepth: leg.startDepth), model.ambientPressure(atDepth: leg.endDepth))
            oxygen.add(
                seconds: Double(leg.seconds), fromOxygenPressure: pressures.0 * gas.oxygenFraction,
                toOxygenPressure: pressures.1 * gas.oxygenFraction, model: settings.cnsModel)
            // SAC is litres per minute at 1 atm; the mean depth of a linear leg is its midpoint.
            let meanAtmospheres = (pressures.0 + pressures.1) / 2 / PressureModel.standardSeaLevelPressure
            let liters = (leg.isBottom ? settings.bottomSAC : settings.decoSAC) * meanAtmospheres * Double(leg.seconds) / 60
            used[leg.cylinder] += liters
            if !leg.isBottom { decoUsed[leg.cylinder] += liters }
            warnings.check(
                leg: leg.cylinder, gas: gas, deepest: leg.deepest, shallowest: leg.shallowest, isBottom: leg.isBottom, time: leg.startTime, in: self)
        }
        if oxygen.cnsPercent > 80 { warnings.add(.cnsHigh(percent: oxygen.cnsPercent), key: "cns") }
        if oxygen.otu > 300 { warnings.add(.otuHigh(units: oxygen.otu), key: "otu") }

        let lastBottom = checked.request.segments.last!
        var cylinders: [CylinderUse] = []
        for (index, cylinder) in checked.request.cylinders.enumerated() {
            var use = CylinderUse(
                cylinder: index, gas: cylinder.mix, litersUsed: used[index], decoLitersUsed: decoUsed[index],
                fillPressure: cylinder.fillPressure)
            if let size = cylinder.size, size > 0, let fill = cylinder.fillPressure, fill > 0 {
                let held = GasCompressibility.surfaceVolume(cylinder.mix, size: size, pressure: fill)
                if used[index] > held {
                    warnings.add(.outOfGas(cylinder: index, litersShort: used[index] - held), key: "gas\(index)")
                    use.endPressure = 0
                } else {
                    let end = GasCompressibility.pressure(cylinder.mix, size: size, holding: held - used[index])
                    use.endPressure = end
                    if end < settings.reservePressure {
                        warnings.add(.belowReserve(cylinder: index, endPressure: end, reserve: settings.reservePressure), key: "gas\(index)")
                    }
                }
            }
            if index == lastBottom.cylinder, settings.mode == .decompression {
                // Subsurface's minimum gas: a stressed diver (SAC × factor) solving a problem at
                // the deepest point, then the whole ascent at that factor.
                let liters =
                    settings.sacFactor * settings.problemSolvingMinutes * settings.bottomSAC
                    * model.ambientPressure(atDepth: lastBottom.toDepth) + settings.sacFactor * decoUsed[index]
                use.minimumGasLiters = liters
                if let size = cylinder.size, size > 0 {
                    let minimum = GasCompressibility.pressure(cylinder.mix, size: size, holding: liters)
                    use.minimumGasPressure = minimum
                    if let fill = cylinder.fillPressure, fill > 0 {
                        let bottomUse = used[index] - decoUsed[index]
                        let held = GasCompressibility.surfaceVolume(cylinder.mix, size: size, pressure: fill)
                        let atEndOfBottom = GasCompressibility.pressure(cylinder.mix, size: size, holding: max(0, held - bottomUse))
                        if atEndOfBottom < minimum {
                            warnings.add(
                                .belowMinimumGas(cylinder: index, pressureAtEndOfBottom: atEndOfBottom, minimumGas: minimum),
                                key: "mingas\(index)")
                        }
                    }
                }
            }
            cylinders.append(use)
        }

        return DecoPlan(
            segments: tableRows(legs), gasSwitches: gasSwitches, runtime: clock, bottomTime: bottomTime,
            firstStopDepth: firstStopDepth, noDecompressionLimit: noDecompressionLimit, maximumDepth: checked.maximumDepth,
            averageDepth: checked.averageDepth, oxygen: oxygen, cylinders: cylinders, warnings: warnings.list,
            tissuesAtSurface: state.tissues)
    }

    private func legs() -> [Leg] {
        var legs: [Leg] = []
        var time = 0
        var depth = 0.0
        for waypoint in waypoints where waypoint.time > time {
            var kind = waypoint.kind
            if waypoint.depth > depth {
                kind = .descent
            } else if waypoint.depth < depth {
                kind = .ascent
            } else if kind == .ascent || kind == .descent {
                kind = .level
            }
            legs.append(
                Leg(
                    kind: kind, startTime: time, endTime: waypoint.time, startDepth: depth, endDepth: waypoint.depth,
                    cylinder: waypoint.cylinder, isBottom: waypoint.time <= bottomTime))
            time = waypoint.time
            depth = waypoint.depth
        }
        return legs
    }

    /// The runtime table: legs, with consecutive ascents on one gas joined (the waypoints where
    /// only the ascent rate changes are not rows a diver needs).
    private func tableRows(_ legs: [Leg]) -> [DecoPlan.Segment] {
        var rows: [DecoPlan.Segment] = []
        for leg in legs {
            let gas = checked.request.cylinders[leg.cylinder].mix
            if let last = rows.last, last.kind == .ascent, leg.kind == .ascent, last.cylinder == leg.cylinder {
                rows[rows.count - 1].endDepth = leg.endDepth
                rows[rows.count - 1].seconds += leg.seconds
                rows[rows.count - 1].runtime = leg.endTime
                continue
            }
            rows.append(
                DecoPlan.Segment(
                    kind: leg.kind, startDepth: leg.startDepth, endDepth: leg.endDepth, seconds: leg.seconds,
                    runtime: leg.endTime, cylinder: leg.cylinder, gas: gas))
        }
        return rows
    }
}

/// Warnings in the order found, one of each kind per cylinder (the first, which is where the
/// diver first meets the problem).
private struct Warnings {
    var list: [PlanWarning] = []
    private var keys: Set<String> = []

    mutating func add(_ warning: PlanWarning, key: String) {
        guard keys.insert(key).inserted else { return }
        list.append(warning)
    }

    mutating func check(leg cylinder: Int, gas: GasMix, deepest: Double, shallowest: Double, isBottom: Bool, time: Int, in simulation: Simulation) {
        let model = simulation.model
        let settings = simulation.settings
        let oxygen = GasMath.partialPressure(ofOxygenIn: gas, atDepth: deepest, model: model)
        let limit = isBottom ? settings.bottomOxygenLimit : settings.decoOxygenLimit
        // A deco gas breathed from the switch depth the stop grid gave it (oxygen at 20 ft is
        // 1.63 bar) is within its limit by the grid's rule.
        let atSwitch =
            isBottom ? 0 : simulation.checked.switchDepths[cylinder].map { GasMath.partialPressure(ofOxygenIn: gas, atDepth: $0, model: model) } ?? 0
        if oxygen > max(limit + DecoPlanner.oxygenAllowance, atSwitch + 1e-9) {
            add(.oxygenAboveLimit(depth: deepest, runtime: time, partialPressure: oxygen, limit: limit), key: "o2high\(cylinder)")
        }
        let shallowOxygen = GasMath.partialPressure(ofOxygenIn: gas, atDepth: shallowest, model: model)
        if shallowOxygen < 0.16 {
            add(.hypoxic(depth: shallowest, runtime: time, partialPressure: shallowOxygen), key: "hypoxic\(cylinder)")
        }
        let end = GasMath.equivalentNarcoticDepth(of: gas, atDepth: deepest, oxygenIsNarcotic: settings.oxygenIsNarcotic, model: model)
        if end > settings.narcoticDepthLimit + 0.05 {
            add(
                .narcoticDepthAboveLimit(depth: deepest, runtime: time, equivalentNarcoticDepth: end, limit: settings.narcoticDepthLimit),
                key: "end\(cylinder)")
        }
        let density = GasMath.density(of: gas, atDepth: deepest, model: model)
        if density > settings.densityLimit {
            add(.densityAboveLimit(depth: deepest, runtime: time, density: density, limit: settings.densityLimit), key: "density\(cylinder)")
        }
    }
}
