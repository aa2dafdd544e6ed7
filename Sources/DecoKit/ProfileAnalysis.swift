import Foundation

/// What the model says about a dive that was made (or planned): the tissues it left, the deepest
/// ceiling it met, and whether the diver ever went shallower than the ceiling.
public struct ProfileAnalysis: Hashable, Sendable, Codable {
    /// The tissues on surfacing.
    public var tissuesAtEnd: TissueState
    /// The deepest ceiling met during the dive, metres (0: a no-stop dive all along).
    public var deepestCeiling: Double
    /// Stretches where the diver was shallower than the ceiling.
    public var violations: [Violation]
    /// Each compartment's inert gas at the end, as a percentage of what GF high allows it at the
    /// surface (100 % means at the limit of a direct ascent).
    public var surfaceLoading: [Double]
    public var oxygen: OxygenExposure

    /// A stretch above the ceiling.
    public struct Violation: Hashable, Sendable, Codable {
        /// Seconds from the start of the dive.
        public var start: Int
        public var end: Int
        /// How far above the ceiling the diver was at most, metres.
        public var deepestMiss: Double
        /// The ceiling at that moment, metres.
        public var ceiling: Double
    }

    /// The compartment nearest its surface limit, 1–16.
    public var leadingCompartment: Int {
        (surfaceLoading.indices.max { surfaceLoading[$0] < surfaceLoading[$1] } ?? 0) + 1
    }

    /// Whether the diver was ever shallower than the ceiling by more than `tolerance` metres.
    public var brokeCeiling: Bool { !violations.isEmpty }

    /// A point of a profile: time from the start, depth, and the gas breathed since the previous
    /// point.
    public struct Point: Hashable, Sendable, Codable {
        public var time: Int
        public var depth: Double
        /// The open-circuit gas, or a rebreather's diluent when ``loopOxygenPressure`` is set.
        public var gas: GasMix
        /// On a closed-circuit rebreather, the loop's oxygen partial pressure (bar) since the
        /// previous point; nil on open circuit.
        public var loopOxygenPressure: Double?

        public init(time: Int, depth: Double, gas: GasMix, loopOxygenPressure: Double? = nil) {
            self.time = time
            self.depth = depth
            self.gas = gas
            self.loopOxygenPressure = loopOxygenPressure
        }

        /// The oxygen partial pressure breathed at `depth` on this point's stretch.
        func oxygenPressure(atDepth depth: Double, model: PressureModel) -> Double {
            guard let loopOxygenPressure else { return GasMath.partialPressure(ofOxygenIn: gas, atDepth: depth, model: model) }
            return min(max(0, loopOxygenPressure), model.ambientPressure(atDepth: depth))
        }
    }

    /// Depth readings shallower than the ceiling by less than this are not violations: depth
    /// sensors and the planner's own 2 s steps are not finer than that.
    public static let tolerance = 0.1

    /// Follows `points` (from the surface at time 0) in steps of at most 2 s, loading the tissues
    /// exactly over each straight stretch and checking the ceiling (Subsurface's GF-low anchor
    /// rule) at the end of every step.
    public static func analyse(
        _ points: [Point], model: PressureModel, factors: GradientFactors, startTissues: TissueState? = nil,
        startExposure: OxygenExposure = .none, cnsModel: CNSModel = .noaaTable
    ) -> ProfileAnalysis {
        var state = DecoState(
            tissues: startTissues ?? TissueState(saturatedAtSurfacePressure: model.surfacePressure),
            surfacePressure: model.surfacePressure)
        var oxygen = startExposure
        var deepestCeiling = 0.0
        var violations: [Violation] = []
        var open: Violation?
        var time = 0
        var depth = 0.0
        for point in points where point.time > time {
            let seconds = point.time - time
            oxygen.add(
                seconds: Double(seconds),
                fromOxygenPressure: point.oxygenPressure(atDepth: depth, model: model),
                toOxygenPressure: point.oxygenPressure(atDepth: point.depth, model: model),
                model: cnsModel)
            // 2 s steps, but no more than 300 per stretch: a log with a long gap between two
            // samples is not worth millions of steps.
            let steps = min(max(1, (seconds + 1) / 2), 300)
            for index in 1...steps {
                let from = depth + (point.depth - depth) * Double(index - 1) / Double(steps)
                let to = depth + (point.depth - depth) * Double(index) / Double(steps)
                let (fromPressure, toPressure) = (model.ambientPressure(atDepth: from), model.ambientPressure(atDepth: to))
                if let loop = point.loopOxygenPressure {
                    state.tissues.breatheLoop(
                        diluent: point.gas, oxygenPressure: loop, fromAmbientPressure: fromPressure, to: toPressure,
                        seconds: Double(seconds) / Double(steps))
                } else {
                    state.tissues.breathe(point.gas, fromAmbientPressure: fromPressure, to: toPressure, seconds: Double(seconds) / Double(steps))
                }
                let ceiling = state.ceiling(factors, model: model)
                deepestCeiling = max(deepestCeiling, ceiling)
                let now = time + Int((Double(seconds) * Double(index) / Double(steps)).rounded())
                let miss = ceiling - to
                if miss > tolerance {
                    if open == nil { open = Violation(start: now, end: now, deepestMiss: miss, ceiling: ceiling) }
                    open?.end = now
                    if miss > open!.deepestMiss {
                        open?.deepestMiss = miss
                        open?.ceiling = ceiling
                    }
                } else if let finished = open {
                    violations.append(finished)
                    open = nil
                }
            }
            time = point.time
            depth = point.depth
        }
        if let finished = open { violations.append(finished) }
        return ProfileAnalysis(
            tissuesAtEnd: state.tissues, deepestCeiling: deepestCeiling, violations: violations,
            surfaceLoading: surfaceLoading(state.tissues, factors: factors, surfacePressure: model.surfacePressure),
            oxygen: oxygen)
    }

    /// Inert gas per compartment as a percentage of its GF-high limit at the surface.
    static func surfaceLoading(_ tissues: TissueState, factors: GradientFactors, surfacePressure surface: Double) -> [Double] {
        let total = tissues.inertGas
        let a = (BuhlmannZHL16C.nitrogenA * tissues.nitrogen + BuhlmannZHL16C.heliumA * tissues.helium) / total
        let b = (BuhlmannZHL16C.nitrogenB * tissues.nitrogen + BuhlmannZHL16C.heliumB * tissues.helium) / total
        let limit = SIMD16(repeating: surface) + factors.highFraction * (surface / b + a - SIMD16(repeating: surface))
        let percent = total / limit * 100
        return percent.indices.map { percent[$0] }
    }
}

extension DecoPlan {
    /// The plan as profile points, for ``ProfileAnalysis``.
    public var profilePoints: [ProfileAnalysis.Point] {
        segments.map { ProfileAnalysis.Point(time: $0.runtime, depth: $0.endDepth, gas: $0.gas) }
    }
}

extension TissueState {
    /// The tissues after `seconds` at the surface breathing air.
    public func afterSurfaceInterval(seconds: Double, surfacePressure: Double) -> TissueState {
        var tissues = self
        tissues.breathe(.air, atAmbientPressure: surfacePressure, seconds: seconds)
        return tissues
    }
}
