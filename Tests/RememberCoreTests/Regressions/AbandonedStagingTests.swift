import Foundation
import TestSupport
import Testing

@testable import RememberCore

/// An import killed mid-way leaves its hidden `.staging-*` folder (issue 13: recover or remove
/// what an interrupted operation left on the next start). Opening the store removes abandoned
/// ones and keeps one young enough to belong to an import still running elsewhere.
@Suite("Regression: abandoned import staging folders are removed when a store opens")
struct AbandonedStagingTests {
    @Test("an old staging folder goes, a fresh one stays, people's files are untouched")
    func openRemovesAbandonedStaging() throws {
        let store = ScratchFolder.url("remember-staging")
        defer { try? FileManager.default.removeItem(at: store) }
        _ = try RememberServices.open(at: store, logger: .test)
        let manager = FileManager.default
        let old = store.appendingPathComponent(".staging-old", isDirectory: true)
        let fresh = store.appendingPathComponent(".staging-fresh", isDirectory: true)
        let sketch = store.appendingPathComponent("sketches/someone.svg")
        for folder in [old, fresh, sketch.deletingLastPathComponent()] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("<svg/>".utf8).write(to: old.appendingPathComponent("sketches-x.svg"))
        try Data("<svg/>".utf8).write(to: sketch)
        let longAgo = Date().addingTimeInterval(-FileService.abandonedStagingAge - 60)
        try manager.setAttributes([.modificationDate: longAgo], ofItemAtPath: old.path)
        try manager.setAttributes([.modificationDate: longAgo], ofItemAtPath: sketch.path)

        _ = try RememberServices.open(at: store, logger: .test)

        #expect(!manager.fileExists(atPath: old.path))
        #expect(manager.fileExists(atPath: fresh.path))
        #expect(manager.fileExists(atPath: sketch.path))
    }
}
