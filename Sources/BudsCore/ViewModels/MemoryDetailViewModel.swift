import Foundation
public import Observation

/// One memory with the history of its receipt chain and whether each receipt verifies.
@MainActor
@Observable
public final class MemoryDetailViewModel {
    public private(set) var memory: Memory?
    /// Oldest first.
    public private(set) var history: [ReceiptVersion] = []
    public private(set) var errorMessage: String?

    private let repository: MemoryRepository
    private let reference: String

    /// - Parameter reference: the memory's id or the CID of any receipt in its chain.
    public init(reference: String, repository: MemoryRepository) {
        self.reference = reference
        self.repository = repository
    }

    public func load() async {
        do {
            history = try await repository.history(of: reference)
            memory = try await repository.resolve(reference)
            errorMessage = nil
        } catch {
            memory = nil
            errorMessage = ErrorText.describe(error)
        }
    }

    /// True when every receipt of the chain verifies (signature, CID, DID and chain link).
    public var isVerified: Bool { !history.isEmpty && history.allSatisfy(\.isVerified) }

    /// True when the chain ends in a deletion.
    public var isDeleted: Bool { history.last?.receiptType == ReceiptType.sessionDeleted.rawValue }
}
