import Foundation
import TestSupport
import Testing

@testable import CommandLineKit

/// Guards issue 13: errors reached people as Foundation's generic text ("The operation could not
/// be completed. (NSCocoaErrorDomain error 256.)", "The data is missing.") without naming the
/// file or the field.
@Suite("Foundation's errors in words")
struct FoundationErrorTextTests {
    private static let generic = ["NSCocoaErrorDomain", "The data is missing", "could not be completed", "couldn’t be completed"]

    private func expectHuman(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for phrase in Self.generic {
            #expect(!text.contains(phrase), "\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("reading a folder as a file names the folder and the reason")
    func readingAFolder() throws {
        let folder = ScratchFolder.url("h6-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = try #require(throws: (any Error).self) { _ = try Data(contentsOf: folder) }
        let text = TerminalOutput.reason(for: error)
        expectHuman(text)
        #expect(text.contains(folder.path))
    }

    @Test("a missing file names the file")
    func missingFile() throws {
        let path = "/nonexistent-h6/\(UUID().uuidString).car"
        let error = try #require(throws: (any Error).self) { _ = try Data(contentsOf: URL(fileURLWithPath: path)) }
        let text = TerminalOutput.reason(for: error)
        expectHuman(text)
        #expect(text == "\(path) does not exist.")
    }

    @Test("Cocoa file errors built by hand are described by code, with the path")
    func cocoaCodes() {
        let path = "/x/y.json"
        #expect(
            TerminalOutput.reason(for: CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path]))
                == "Could not read /x/y.json: permission denied.")
        #expect(
            TerminalOutput.reason(for: CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: path]))
                == "Could not write /x/y.json: the disk is full.")
        let unknown = TerminalOutput.reason(for: CocoaError(.fileReadUnknown))
        expectHuman(unknown)
        #expect(unknown == "Could not read the file.")
    }

    private struct Sample: Decodable {
        struct Item: Decodable { let name: String }
        let items: [Item]
    }

    @Test("decoding errors give the key path and what is wrong")
    func decodingErrors() throws {
        let missing = try #require(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(Sample.self, from: Data(#"{"items":[{"name":"a"},{}]}"#.utf8))
        }
        let text = TerminalOutput.reason(for: missing)
        expectHuman(text)
        #expect(text.hasPrefix("The data is not valid: at items.1: the field \"name\" is missing"))

        let mismatch = try #require(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(Sample.self, from: Data(#"{"items":[{"name":5}]}"#.utf8))
        }
        #expect(TerminalOutput.reason(for: mismatch).hasPrefix("The data is not valid: at items.0.name: expected text"))
    }

    @Test("system errors are the system's words")
    func posixErrors() {
        #expect(TerminalOutput.reason(for: POSIXError(.EACCES)) == "Permission denied.")
    }

    @Test("the package's own errors keep their descriptions")
    func ownErrorsUnchanged() {
        struct Own: LocalizedError { var errorDescription: String? { "rating: must be 1 to 5" } }
        #expect(TerminalOutput.reason(for: Own()) == "rating: must be 1 to 5")
    }
}
