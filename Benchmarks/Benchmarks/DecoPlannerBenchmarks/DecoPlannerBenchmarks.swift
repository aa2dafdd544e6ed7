import Benchmark
import DecoKit

/// The planner's speed (target: a 60 m trimix plan with three gases ≤ 5 ms), against the bare
/// cost of the model: one pass of ZH-L16C loading and the GF ceiling, in 2 s steps, over the
/// same dive's finished profile. The planner's extra time is its search (trial ascents and the
/// bisection of every stop).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 5_000)

    Benchmark("Deco: plan 60 m for 25 min on Tx18/45 with EAN50 and oxygen, GF 30/75") { benchmark in
        let request = try TrimixDive.request()
        benchmark.startMeasurement()
        let plan = try DecoPlanner.plan(request)
        benchmark.stopMeasurement()
        precondition(plan.gasSwitches.count == 2 && plan.firstStopDepth != nil, "a deco dive with two switches")
        blackHole(plan)
    }

    Benchmark("Deco: reference — one model pass over the same dive's profile (2 s steps)") { benchmark in
        let request = try TrimixDive.request()
        let points = try DecoPlanner.plan(request).profilePoints
        benchmark.startMeasurement()
        let analysis = ProfileAnalysis.analyse(points, model: request.pressureModel, factors: request.settings.gradientFactors)
        benchmark.stopMeasurement()
        blackHole(analysis)
    }
}

enum TrimixDive {
    static func request() throws -> DivePlanRequest {
        try DivePlanRequest.square(
            depth: 60, bottomTime: 25 * 60,
            cylinders: [
                PlanCylinder(mix: try GasMix(oxygenPermille: 180, heliumPermille: 450), size: 24, fillPressure: 232),
                PlanCylinder(mix: try .nitrox(50), switchDepth: .maximumOperatingDepth, size: 11.1, fillPressure: 200),
                PlanCylinder(mix: .oxygen, switchDepth: .maximumOperatingDepth, size: 11.1, fillPressure: 200),
            ])
    }
}
