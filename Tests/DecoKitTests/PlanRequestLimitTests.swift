import DecoKit
import Testing

/// Requests no table describes are refused before any model runs, whichever way they are built.
@Suite("Planner: the request's limits")
struct PlanRequestLimitTests {
    static let air = [PlanCylinder(mix: .air, size: 12, fillPressure: 232)]

    @Test("a profile of more than 24 hours is refused, built square or from segments")
    func profileLongerThanADay() throws {
        let day = DecoPlanner.maximumProfileSeconds
        #expect(throws: PlanError.profileTooLong(seconds: day + 60)) {
            try DivePlanRequest.square(depth: 40, bottomTime: day + 60, cylinders: Self.air)
        }
        let segments = [
            PlanSegment(toDepth: 6, seconds: 60, cylinder: 0), PlanSegment(toDepth: 6, seconds: day, cylinder: 0),
        ]
        #expect(throws: PlanError.profileTooLong(seconds: day + 60)) {
            try DecoPlanner.plan(DivePlanRequest(segments: segments, cylinders: Self.air))
        }
    }

    @Test("a profile of exactly 24 hours at a shallow depth is still planned")
    func aDayIsPlanned() throws {
        let request = try DivePlanRequest.square(depth: 6, bottomTime: DecoPlanner.maximumProfileSeconds, cylinders: Self.air)
        let plan = try DecoPlanner.plan(request)
        #expect(plan.bottomTime == DecoPlanner.maximumProfileSeconds)
        #expect(plan.runtime > plan.bottomTime)
    }
}
