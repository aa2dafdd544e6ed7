import Testing
@testable import Storage
