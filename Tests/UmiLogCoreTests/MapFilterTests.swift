import Geo
import Testing

@testable import UmiLogCore

@Suite("Map filters")
struct MapFilterTests {
    @Test(
        "status filters",
        arguments: [
            (StatusFilter.all, [true, true, true, true]),
            (.wishlist, [false, true, false, false]),
            (.visited, [false, false, true, true]),
            (.logged, [false, false, false, true]),
            (.notYetDived, [true, true, false, false]),
        ])
    func statusFilter(filter: StatusFilter, expected: [Bool]) {
        let statuses: [SiteStatus?] = [nil, .wishlist, .visited, .logged]
        #expect(statuses.map(filter.matches) == expected)
    }

    @Test("each explore chip matches its tags and nothing else", arguments: ExploreFilter.allCases)
    func exploreTags(filter: ExploreFilter) throws {
        for tag in SiteTag.allCases {
            let site = try MapFixtures.site("s", 0, 0, tags: [tag]).site
            let expected = filter == .all || filter.tags.contains(tag)
            #expect(filter.matches(site) == expected, "\(filter) on \(tag)")
        }
    }

    @Test("explore chips map to the seed's taxonomy")
    func exploreMapping() {
        #expect(ExploreFilter.wrecks.tags == [.wreck])
        #expect(ExploreFilter.sharksAndRays.tags.isSuperset(of: [.sharks, .rays, .hammerheads, .mantas]))
        #expect(ExploreFilter.bigAnimals.tags.isSuperset(of: [.whales, .whaleSharks, .dolphins, .mantas]))
        #expect(ExploreFilter.macro.tags.isSuperset(of: [.macro, .nudibranchs]))
        #expect(ExploreFilter.night.tags == [.night])
        #expect(ExploreFilter.caves.tags == [.cave, .cavern, .cenote])
        #expect(ExploreFilter.all.tags.isEmpty)
        for filter in ExploreFilter.allCases { #expect(!filter.title.isEmpty) }
        for filter in StatusFilter.allCases { #expect(!filter.title.isEmpty) }
    }

    @Test("beginner-friendly also passes sites rated beginner without the tag")
    func beginnerByDifficulty() throws {
        #expect(ExploreFilter.beginnerFriendly.matches(try MapFixtures.site("easy", 0, 0, difficulty: .beginner).site))
        #expect(!ExploreFilter.beginnerFriendly.matches(try MapFixtures.site("hard", 0, 0, difficulty: .advanced).site))
    }
}
