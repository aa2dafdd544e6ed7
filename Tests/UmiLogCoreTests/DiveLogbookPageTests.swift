import Foundation
import Testing

@testable import UmiLogCore

@Suite("DiveLogbookPage: a printable page per dive")
struct DiveLogbookPageTests {
    @Test("the page has the dive's fields escaped, its profile chart and each sign-off's status")
    func page() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let logged = try await log.services.saver.save(
            DiveDraft(
                siteID: "salt-pier", startTime: .utc("2026-11-20T09:15:00Z"), maxDepthMeters: 12.4,
                bottomTimeSeconds: 2_820, buddy: "Ana <Bo>", notes: "Line 1\n\"quoted\" & more"),
            at: .testNow
        )
        let samples = [DiveSample(timeSeconds: 60, depthMeters: 6), DiveSample(timeSeconds: 120, depthMeters: 12.4)]
        let signatures = [
            DiveLogbookPage.Signature(instructor: "Jo", signer: "did:key:z6Mk", signedAt: .testNow, status: .valid),
            DiveLogbookPage.Signature(instructor: "", signer: "did:key:z6Mq", signedAt: .testNow, status: .fieldsChanged(["max depth"])),
        ]
        let html = DiveLogbookPage.html(
            logged, site: try await log.services.sites.fetch(id: "salt-pier"), samples: samples, signatures: signatures,
            units: .metric, timeZone: TimeZone(identifier: "UTC")!
        )
        #expect(html.contains("<h1>Salt Pier <small>2026-11-20</small></h1>"))
        #expect(html.contains("<tr><th>Max depth</th><td>12.4 m</td></tr>"))
        #expect(html.contains("<tr><th>Time in</th><td>09:15</td></tr>"))
        #expect(html.contains("Ana &lt;Bo&gt;"))
        #expect(html.contains("Line 1<br>&quot;quoted&quot; &amp; more"))
        #expect(html.contains("points=\"0.0,0.0 300.0,96.8 600.0,200.0\""))
        #expect(html.contains("class=\"valid\">Signed by Jo (did:key:z6Mk)"))
        #expect(html.contains("class=\"invalid\">Signed by did:key:z6Mq on 2026-11-23 — no longer valid: max depth changed"))
        #expect(!html.contains("<script"))
    }
}
