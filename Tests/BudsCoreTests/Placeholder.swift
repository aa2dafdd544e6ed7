import Testing
@testable import BudsCore
