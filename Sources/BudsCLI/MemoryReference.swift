import ArgumentParser
import Validation

/// The argument of every command that names one memory. What it may be is BudsCore's rule
/// (`MemoryRepository.resolve`); the shortest prefix is the Validation kit's, shared by every app.
enum MemoryReference {
    static var help: ArgumentHelp {
        "The memory's id (or a \(IDPrefix.minimumLength)+ character prefix) or a CID from its chain."
    }
}
