import Testing
@testable import Identity
