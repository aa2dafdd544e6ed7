import Testing
@testable import DAGCBOR
