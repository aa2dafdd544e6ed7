import Testing
@testable import Geo
