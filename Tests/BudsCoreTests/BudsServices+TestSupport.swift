import BudsCore
import Foundation
import Identity
import Logging
import TestSupport

/// A journal in a fresh temporary folder: real SQLite file, real key files, real blob store.
struct TestJournal {
    let journal: BudsServices
    let clock: TestClock
    let directory: URL

    init(clock: TestClock = TestClock(), directory: URL? = nil) throws {
        let folder =
            directory
            ?? ScratchFolder.url("buds-tests")
        self.directory = folder
        self.clock = clock
        self.journal = try BudsServices.open(at: folder, now: clock.function, logger: testLogger)
    }

    var repository: MemoryRepository { journal.repository }
}

extension SessionDraft {
    static func sample(
        _ strain: String = "Blue Dream", type: ProductType = .flower, rating: Int = 4, effects: [String] = ["relaxed"]
    ) -> SessionDraft {
        SessionDraft(strainName: strain, productType: type, rating: rating, effects: effects)
    }
}

/// What the journal logs in tests goes nowhere in particular: no assertion reads it.
let testLogger = Logger(label: "test")

/// A 1×1 PNG that passes the structural image check new photos must pass.
let pngBytes = ValidImages.png()
