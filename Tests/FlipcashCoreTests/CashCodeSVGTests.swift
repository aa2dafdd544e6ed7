import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("Cash code SVG: render and scan back")
struct CashCodeSVGTests {
    static func fiveDollars() throws -> CashCodePayload {
        try CashCodePayload(decoding: CashCodeHex.bytes("008e404b4c000000000001020304050607080910"))
    }

    /// The `<circle …/>` elements of the dots layer, one per line as the renderer writes them.
    static func dotLines(_ svg: String) -> [String] {
        svg.split(separator: "\n").map(String.init).filter { $0.contains("data-ring=") }
    }

    @Test("render → scan round-trips random payloads at several sizes")
    func roundTrip() throws {
        var random = SplitMix64(seed: 0x5C6)
        for (trial, size) in zip(0..<60, [390, 100, 1000, 57.5, 2048].cycled()) {
            let payload = try CashCodeReedSolomonTests.randomPayload(using: &random)
            let svg = try CashCodeSVG(size: size).render(payload)
            #expect(try CashCodeSVG.scan(svg) == payload, "trial \(trial), size \(size)")
            #expect(try CashCodeSVG.rings(in: svg) == CashCodeRings(payload: payload))
        }
    }

    @Test("one dot per set bit, tagged with its ring and position, which geometry alone recovers")
    func dotsMatchGeometry() throws {
        let payload = try Self.fiveDollars()
        let rings = CashCodeRings(payload: payload)
        let svg = try CashCodeSVG().render(payload)
        let circles = SVGTagReader.tags(in: svg, named: ["circle"]).filter { $0.attributes["data-ring"] != nil }
        #expect(circles.count == rings.rings.joined().filter { $0 }.count)
        let geometry = CashCodeGeometry(size: 390)
        for circle in circles {
            let ring = try #require(circle.attributes["data-ring"].flatMap { Int($0) })
            let position = try #require(circle.attributes["data-position"].flatMap { Int($0) })
            #expect(rings.rings[ring][position])
            let x = try #require(circle.attributes["cx"].flatMap { Double($0) })
            let y = try #require(circle.attributes["cy"].flatMap { Double($0) })
            let location = try #require(geometry.location(x: x, y: y))
            #expect(location.ring == ring && location.position == position)
            let r = try #require(circle.attributes["r"].flatMap { Double($0) })
            #expect(abs(r - 0.75 * (0.525 * 195 / 6) / 2) < 0.001)
        }
    }

    @Test("geometry: radii per the renderer, position 0 at 12 o'clock, clockwise")
    func geometry() {
        let geometry = CashCodeGeometry(size: 390)
        let width = 0.525 * 195 / 6
        #expect(abs(geometry.ringWidth - width) < 1e-9)
        #expect(abs(geometry.ringRadius(0) - (0.425 * 195 + width / 2 - 0.032 * 195)) < 1e-9)
        #expect(abs(geometry.ringRadius(5) - (0.425 * 195 + 5.5 * width)) < 1e-9)
        #expect(abs(geometry.ringRadius(5) + width / 2 - 0.95 * 195) < 1e-9)
        #expect(abs(geometry.badgeWellRadius - 0.32 * 195) < 1e-9)
        let top = geometry.point(ring: 2, position: 0)
        #expect(abs(top.x - 195) < 1e-9 && top.y < 195)
        let quarter = geometry.point(ring: 2, position: 12)  // 48 positions: a quarter turn
        #expect(abs(quarter.y - 195) < 1e-9 && quarter.x > 195)  // 3 o'clock: clockwise on screen
        #expect(geometry.location(x: 195, y: 195) == nil)
        #expect(geometry.location(x: 0, y: 0) == nil)
    }

    @Test("runs of neighbouring dots are joined by round-capped arcs, the wrap-around included")
    func arcs() throws {
        // Ring 1 of a code with bits 0, 1, 2 and 39 set: one run 39…2 across 12 o'clock.
        var code = [UInt8](repeating: 0, count: 35)
        code[0] = 0b0000_0111
        code[4] = 0b1000_0000
        let svg = try CashCodeSVG().render(CashCodeRings(code: code))
        let geometry = CashCodeGeometry(size: 390)
        let from = geometry.point(ring: 1, position: 39)
        let to = geometry.point(ring: 1, position: 2)
        let radius = CashCodeSVG.number(geometry.ringRadius(1))
        let expected =
            "<path d=\"M\(CashCodeSVG.number(from.x)) \(CashCodeSVG.number(from.y)) A\(radius) \(radius) 0 0 1 "
            + "\(CashCodeSVG.number(to.x)) \(CashCodeSVG.number(to.y))\"/>"
        #expect(svg.contains(expected))
        #expect(svg.contains("stroke-linecap=\"round\""))
        // The finder's 9 runs: 5 of them (4–5, 7–9, 14–16, 25–26, 30–31) are two or more dots long and get an arc.
        let ring0Arcs = svg.split(separator: "\n").filter {
            $0.hasPrefix("<path") && $0.contains("A\(CashCodeSVG.number(geometry.ringRadius(0))) ")
        }
        #expect(ring0Arcs.count == 5)
    }

    @Test("a ring of all ones is drawn as a whole stroked circle, which the scanner skips")
    func fullRing() throws {
        var code = [UInt8](repeating: 0, count: 35)
        for index in 0..<5 { code[index] = 0xFF }  // ring 1 = bits 32…71 = code bytes 0…4
        let svg = try CashCodeSVG().render(CashCodeRings(code: code))
        let radius = CashCodeSVG.number(CashCodeGeometry(size: 390).ringRadius(1))
        #expect(svg.contains("<circle cx=\"195\" cy=\"195\" r=\"\(radius)\"/>"))
        #expect(try CashCodeSVG.rings(in: svg).code() == code)
    }

    @Test("up to 6 dots removed or added by hand still scan to the same payload")
    func editedDots() throws {
        var random = SplitMix64(seed: 0xED17)
        let geometry = CashCodeGeometry(size: 390)
        for trial in 0..<80 {
            let payload = try CashCodeReedSolomonTests.randomPayload(using: &random)
            let svg = try CashCodeSVG().render(payload)
            let rings = CashCodeRings(payload: payload)
            var lines = svg.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for _ in 0..<(trial % 7) {
                let ring = Int.random(in: 1...5, using: &random)
                let position = Int.random(in: 0..<CashCodeRings.ringSizes[ring], using: &random)
                let tag = "data-ring=\"\(ring)\" data-position=\"\(position)\""
                if let index = lines.firstIndex(where: { $0.contains(tag) }) {
                    lines.remove(at: index)
                } else if !rings.rings[ring][position], let end = lines.lastIndex(of: "</g>") {
                    let point = geometry.point(ring: ring, position: position)
                    lines.insert("<circle cx=\"\(point.x)\" cy=\"\(point.y)\" r=\"6\"/>", at: end)
                }
            }
            #expect(try CashCodeSVG.scan(lines.joined(separator: "\n")) == payload, "trial \(trial)")
        }
    }

    @Test("a hand-edited file scans: no data attributes, shuffled, reformatted, prefixed, commented")
    func handEdited() throws {
        let payload = try Self.fiveDollars()
        let svg = try CashCodeSVG().render(payload)
        var random = SplitMix64(seed: 0xF11E)
        let dots = Self.dotLines(svg).shuffled(using: &random).map { line -> String in
            var edited = line.replacingOccurrences(of: #" data-ring="\d+" data-position="\d+""#, with: "", options: .regularExpression)
            edited = edited.replacingOccurrences(of: #" r="([0-9.]+)""#, with: " r = '$1px'", options: .regularExpression)
            return edited.replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: "<circle", with: "<svg:circle\n  ")
        }
        #expect(dots.allSatisfy { $0.contains("px'") && !$0.contains("data-") })
        let edited = """
            <?xml version="1.0"?>
            <!-- a drawing, with a commented-out dot: <circle cx="195" cy="20" r="6"/> -->
            <svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="390px" height="390px">
            <svg:circle cx="195" cy="195" r="62.4" class="badge-well"/>
            <svg:circle cx="195" cy="195" r="150" fill="none" stroke="red"/>
            \(dots.joined(separator: "\n"))
            <svg:circle cx="10" cy="10" r="3"/>
            </svg:svg>
            """
        #expect(try CashCodeSVG.rings(in: edited) == CashCodeRings(payload: payload))
        #expect(try CashCodeSVG.scan(edited) == payload)
    }

    @Test("a picture drawn in an offset viewBox or a non-square frame scans")
    func framing() throws {
        let payload = try Self.fiveDollars()
        let svg = try CashCodeSVG(size: 200).render(payload)
        // The same dots in a 300 × 200 frame: the code is the centred 200 × 200 square.
        let wide = svg.replacingOccurrences(of: "viewBox=\"0 0 200 200\"", with: "viewBox=\"-50,0,300,200\"")
        #expect(try CashCodeSVG.scan(wide) == payload)
        // Without a viewBox the width and height give the frame.
        let plain = svg.replacingOccurrences(of: " viewBox=\"0 0 200 200\"", with: "")
        #expect(try CashCodeSVG.scan(plain) == payload)
    }

    @Test("scanning errors: no size, no dots, too large, not a code")
    func scanErrors() throws {
        #expect(throws: CashCodeError.svgWithoutSize) { try CashCodeSVG.scan("") }
        #expect(throws: CashCodeError.svgWithoutSize) { try CashCodeSVG.scan("<svg><circle cx='1' cy='1' r='1'/></svg>") }
        #expect(throws: CashCodeError.svgWithoutSize) { try CashCodeSVG.scan("<svg viewBox='0 0 0 10' width='nan' height='4'>") }
        #expect(throws: CashCodeError.svgWithoutDots) { try CashCodeSVG.scan("<svg viewBox='0 0 390 390'></svg>") }
        #expect(throws: CashCodeError.svgWithoutDots) {
            try CashCodeSVG.scan("<svg width='390' height='390'><circle cx='195' cy='195' r='60'/></svg>")
        }
        let huge = String(repeating: " ", count: CashCodeSVG.maximumInputBytes + 1)
        #expect(throws: CashCodeError.svgTooLarge(bytes: CashCodeSVG.maximumInputBytes + 1)) { try CashCodeSVG.scan(huge) }
        // Only the finder ring drawn: 35 zero bytes are a valid RS codeword, but not a bill's.
        let finderOnly = try CashCodeSVG().render(CashCodeRings(code: [UInt8](repeating: 0, count: 35)))
        #expect(throws: CashCodeError.unexpectedHeader(0, 0)) { try CashCodeSVG.scan(finderOnly) }
        // The finder and a ring of noise: too damaged to correct.
        var noisy = try CashCodeRings(code: [UInt8](repeating: 0, count: 35)).rings
        for position in stride(from: 0, to: 72, by: 3) { noisy[5][position] = true }
        #expect(throws: CashCodeError.uncorrectable) { try CashCodeSVG.scan(CashCodeSVG().render(CashCodeRings(rings: noisy))) }
    }

    @Test("picture options: invalid sizes are errors, colours are escaped, a background is drawn")
    func options() throws {
        for size in [0, -1, Double.nan, .infinity] {
            #expect(throws: CashCodeError.self) { try CashCodeSVG(size: size) }
        }
        let svg = try CashCodeSVG(foreground: "\"/><script>alert(1)</script>", background: "#fff").render(Self.fiveDollars())
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&quot;/&gt;&lt;script&gt;"))
        #expect(svg.contains("<rect width=\"390\" height=\"390\" fill=\"#fff\"/>"))
        #expect(try CashCodeSVG.scan(svg) == Self.fiveDollars())
        #expect(CashCodeSVG.number(1.23456) == "1.235")
        #expect(CashCodeSVG.number(-0.0001) == "0")
        #expect(CashCodeSVG.number(390) == "390")
        #expect(CashCodeSVG.number(12.5) == "12.5")
        #expect(CashCodeSVG.number(0.05) == "0.05")
        #expect(CashCodeSVG.number(-12.007) == "-12.007")
        #expect(CashCodeSVG.number(108.46875) == "108.469")
        #expect(CashCodeSVG.number(1e16) == "10000000000000000")
    }
}

extension Array {
    /// The elements repeated without end (for pairing test trials with a few settings).
    fileprivate func cycled() -> some Sequence<Element> {
        sequence(state: 0) { index in
            defer { index += 1 }
            return isEmpty ? nil : self[index % count]
        }
    }
}
