import Foundation
import Testing
import Validation

@Suite("An id typed back as a prefix")
struct IDPrefixTests {
    @Test("four or more hex digits and dashes, any case, spaces around ignored")
    func accepted() throws {
        #expect(IDPrefix(" 3F2A ")?.text == "3f2a")
        let whole = UUID().uuidString
        #expect(IDPrefix(whole)?.text == whole.lowercased())
    }

    @Test(
        "too short, too long or not an id's characters is no prefix",
        arguments: [
            "", "3f2", "3f2g", "3f 2a", "%", "3f2a%", String(repeating: "a", count: 37),
        ])
    func refused(text: String) {
        #expect(IDPrefix(text) == nil)
    }

    @Test("matches ids in any case; the range covers exactly the ids it begins")
    func matching() throws {
        let prefix = try #require(IDPrefix("AB12"))
        #expect(prefix.matches("ab12ffff-0000") && prefix.matches("AB12"))
        #expect(!prefix.matches("ab1") && !prefix.matches("ab13"))
        let (lower, upper) = prefix.range
        for id in ["ab12", "ab12-ffff", "ab12ffffffff"] { #expect(id >= lower && id < upper) }
        for id in ["ab11ffff", "ab13", "ab2"] { #expect(!(id >= lower && id < upper)) }
    }

    @Test("none, one or several matches")
    func resolution() throws {
        let prefix = try #require(IDPrefix("abcd"))
        #expect(prefix.resolve([Int]()) == .none)
        #expect(prefix.resolve([7]) == .unique(7))
        #expect(prefix.resolve([7, 8, 9]) == .ambiguous(count: 3))
    }
}
