import Testing
@testable import Validation
