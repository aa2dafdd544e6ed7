import Foundation
import Storage
import Testing

@Suite("Validating HEIC structure")
struct ImageValidationHEICTests {
    private typealias S = ImageSamples

    private static func validate(_ bytes: [UInt8]) throws(ImageValidationError) -> ImageInfo {
        try ImageFormat.validate(bytes, maxBytes: 1 << 20)
    }

    private static func expectMalformed(_ bytes: [UInt8], mentioning fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let info = try validate(bytes)
            Issue.record("accepted as \(info)", sourceLocation: sourceLocation)
        } catch {
            guard case .malformed(.heic, let reason) = error else {
                Issue.record("expected malformed HEIC, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(reason.contains(fragment), "\(reason)", sourceLocation: sourceLocation)
        }
    }

    private static func heic(metaChildren: [[UInt8]]) -> [UInt8] {
        Array(S.heicBoxes(metaChildren: metaChildren).joined())
    }

    @Test func thePrimaryItemsSizeIsReported() throws {
        // The other item's ispe is larger and listed first: only the ipma association picks 120 × 80.
        #expect(try Self.validate(S.heic()) == ImageInfo(format: .heic, width: 120, height: 80))
    }

    @Test func withoutAPrimaryItemTheLargestSizeIsReported() throws {
        let bytes = Self.heic(metaChildren: S.metaChildren(withPrimaryItem: false))
        #expect(try Self.validate(bytes) == ImageInfo(format: .heic, width: 320, height: 240))
    }

    @Test func genericHEIFWithAnHEVCBrandIsAccepted() throws {
        var boxes = S.heicBoxes()
        boxes[0] = S.ftyp(major: "mif1", compatible: ["mif1", "heic"])
        #expect(try Self.validate(Array(boxes.joined())).format == .heic)
    }

    @Test func largeSizeAndToTheEndBoxSizesAreUnderstood() throws {
        var boxes = S.heicBoxes()
        let mdatContent = S.mdatContent
        boxes[2] = [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 0, 0, 0, 0, UInt8(16 + mdatContent.count)] + mdatContent
        #expect(try Self.validate(Array(boxes.joined())).width == 120)
        boxes[2] = [0, 0, 0, 0] + Array("mdat".utf8) + mdatContent
        #expect(try Self.validate(Array(boxes.joined())).width == 120)
    }

    @Test func htmlAfterFtypIsRefused() {
        let bytes = S.ftyp() + Array("<html><body>not a photo</body></html>".utf8)
        #expect(ImageFormat.detect(bytes) == .heic)
        #expect(throws: ImageValidationError.self) { try Self.validate(bytes) }
    }

    @Test func boxesMustTileTheFileExactly() {
        #expect(throws: ImageValidationError.truncated(.heic)) { try Self.validate(S.heic() + [0, 0, 0]) }
        #expect(throws: ImageValidationError.truncated(.heic)) { try Self.validate(S.heic() + [0, 0, 0, 64] + Array("free".utf8)) }
        #expect(throws: ImageValidationError.truncated(.heic)) { try Self.validate(Array(S.heic().dropLast())) }
    }

    @Test func aBoxSmallerThanItsHeaderIsMalformed() {
        Self.expectMalformed(S.heic() + [0, 0, 0, 4] + Array("free".utf8), mentioning: "smaller than its header")
        Self.expectMalformed(S.heic() + [0, 0, 0, 1] + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0, 8], mentioning: "smaller than its header")
    }

    @Test func aHugeLargeSizeIsTruncationWithoutAllocating() {
        let bytes = S.heic() + [0, 0, 0, 1] + Array("mdat".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(throws: ImageValidationError.truncated(.heic)) { try Self.validate(bytes) }
    }

    @Test func metaAndMdatAreRequired() {
        var boxes = S.heicBoxes()
        boxes.remove(at: 1)
        Self.expectMalformed(Array(boxes.joined()), mentioning: "no meta box")
        boxes = S.heicBoxes()
        boxes.remove(at: 2)
        Self.expectMalformed(Array(boxes.joined()), mentioning: "no mdat box")
        boxes = S.heicBoxes()
        boxes.append(boxes[1])
        Self.expectMalformed(Array(boxes.joined()), mentioning: "second top-level meta")
    }

    @Test func ftypMustBeWellFormedAndUnique() {
        var boxes = S.heicBoxes()
        boxes[0] = S.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0, 1, 2])
        Self.expectMalformed(Array(boxes.joined()), mentioning: "ftyp")
        boxes = S.heicBoxes()
        boxes.append(S.ftyp())
        Self.expectMalformed(Array(boxes.joined()), mentioning: "second ftyp")
    }

    @Test func theMetaHandlerMustBePict() {
        var children = S.metaChildren()
        children[0] = S.fullBox("hdlr", [0, 0, 0, 0] + Array("vide".utf8) + Array(repeating: 0, count: 13))
        Self.expectMalformed(Self.heic(metaChildren: children), mentioning: "'vide', not 'pict'")
        children.remove(at: 0)
        Self.expectMalformed(Self.heic(metaChildren: children), mentioning: "no handler")
    }

    @Test func aSizeIsRequired() {
        let hdlr = S.metaChildren()[0]
        Self.expectMalformed(Self.heic(metaChildren: [hdlr]), mentioning: "iprp")
        Self.expectMalformed(Self.heic(metaChildren: [hdlr, S.box("iprp", [])]), mentioning: "ipco")
        let noSize = S.box("iprp", S.box("ipco", S.box("hvcC", [1])))
        Self.expectMalformed(Self.heic(metaChildren: [hdlr, noSize]), mentioning: "ispe")
    }

    @Test func aZeroSizeIsMalformed() {
        Self.expectMalformed(Self.heic(metaChildren: S.metaChildren(primary: (0, 80))), mentioning: "0 × 80")
    }

    @Test func childBoxesMustFitTheirParent() {
        var children = S.metaChildren()
        children[2].replaceSubrange(0..<4, with: S.be32(children[2].count + 4))  // iprp claims 4 more bytes
        Self.expectMalformed(Self.heic(metaChildren: children), mentioning: "past the end of its parent")
    }

    @Test func aShortIpmaIsMalformed() {
        var children = S.metaChildren()
        let ipco = S.box("ipco", S.ispe(width: 10, height: 10))
        children[2] = S.box("iprp", ipco + S.fullBox("ipma", S.be32(5) + S.be16(1) + [3, 0x81]))
        Self.expectMalformed(Self.heic(metaChildren: children), mentioning: "ipma")
    }

    @Test func everyProperPrefixIsRefused() {
        let heic = S.heic()
        for length in 0..<heic.count {
            #expect(throws: ImageValidationError.self, "prefix of \(length) bytes") {
                try Self.validate(Array(heic.prefix(length)))
            }
        }
    }

    @Test func itemDataMustLieInsideTheFile() throws {
        let bytes = S.heic()
        let dataOffset = bytes.count - S.mdatContent.count
        func heic(with location: [UInt8]) -> [UInt8] {
            Array(S.heicBoxes(metaChildren: S.metaChildren() + [location], locateItem: false).joined())
        }
        #expect(try Self.validate(heic(with: S.iloc([(1, 0, dataOffset, S.mdatContent.count)]))).width == 120)
        Self.expectMalformed(heic(with: S.iloc([(1, 0, dataOffset, S.mdatContent.count + 1)])), mentioning: "item 1's data lies outside")
        Self.expectMalformed(heic(with: S.iloc([(1, 0, 0xFFFF_FFF0, 0x20)])), mentioning: "outside")
    }

    @Test func itemDataInIdatMustLieInsideIt() throws {
        let idat = S.box("idat", [0, 0, 0, 0, 1, 1, 2, 2])
        let inside = S.metaChildren() + [idat, S.iloc([(1, 1, 2, 6)])]
        #expect(try Self.validate(Array(S.heicBoxes(metaChildren: inside, locateItem: false).joined())).width == 120)
        let past = S.metaChildren() + [idat, S.iloc([(1, 1, 2, 7)])]
        Self.expectMalformed(Array(S.heicBoxes(metaChildren: past, locateItem: false).joined()), mentioning: "outside")
        let missing = S.metaChildren() + [S.iloc([(1, 1, 0, 4)])]
        Self.expectMalformed(Array(S.heicBoxes(metaChildren: missing, locateItem: false).joined()), mentioning: "idat")
    }

    @Test func itemLocationFieldsAreChecked() {
        let oddSizes = S.metaChildren() + [S.iloc([(1, 0, 0, 0)], sizes: [0x33, 0x00])]
        Self.expectMalformed(Array(S.heicBoxes(metaChildren: oddSizes, locateItem: false).joined()), mentioning: "iloc")
        // Claims 1,000 items but holds one.
        var short = S.iloc([(1, 0, 0, 0)])
        short.replaceSubrange(14..<16, with: S.be16(1000))
        let shortChildren = S.metaChildren() + [short]
        Self.expectMalformed(Array(S.heicBoxes(metaChildren: shortChildren, locateItem: false).joined()), mentioning: "shorter than its fields")
    }
}
