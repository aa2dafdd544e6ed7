import Testing
@testable import Receipts
