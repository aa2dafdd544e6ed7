import CommandLineKit
import Foundation
import Testing

/// Guards issue 13: the command lines found `~` from the user database, not `$HOME`, so a
/// person or a test that set `HOME` had the store written into the real home.
@Suite("The home folder comes from $HOME")
struct HomeDirectoryTests {
    @Test("$HOME wins over the user database when set and not empty")
    func homeVariableWins() {
        #expect(HomeDirectory.path(environment: ["HOME": "/tmp/somewhere-else"]) == "/tmp/somewhere-else")
    }

    @Test("an empty or missing $HOME falls back to the user's entry")
    func emptyHomeFallsBack() {
        let fallback = HomeDirectory.path(environment: [:])
        #expect(!fallback.isEmpty)
        #expect(HomeDirectory.path(environment: ["HOME": ""]) == fallback)
    }

    @Test("a leading ~ expands to $HOME; other paths are unchanged")
    func tildeExpansion() {
        let environment = ["HOME": "/h/me"]
        #expect(HomeDirectory.expandingTilde(in: "~", environment: environment) == "/h/me")
        #expect(HomeDirectory.expandingTilde(in: "~/journal.car", environment: environment) == "/h/me/journal.car")
        #expect(HomeDirectory.expandingTilde(in: "/abs/~/x", environment: environment) == "/abs/~/x")
        #expect(HomeDirectory.expandingTilde(in: "rel/x", environment: environment) == "rel/x")
        #expect(HomeDirectory.expandingTilde(in: "~no-such-user-h6/x", environment: environment) == "~no-such-user-h6/x")
    }

    @Test("the default store is under $HOME/.local/share/<app>; --store and $<APP>_HOME expand ~ from $HOME")
    func storeDirectoryUsesHome() {
        let environment = ["HOME": "/h/me"]
        #expect(
            StoreDirectory.resolve(option: nil, environmentVariable: "APP_HOME", appName: "app", environment: environment).path
                == "/h/me/.local/share/app")
        #expect(
            StoreDirectory.resolve(option: "~/s", environmentVariable: "APP_HOME", appName: "app", environment: environment).path
                == "/h/me/s")
        #expect(
            StoreDirectory.resolve(
                option: nil, environmentVariable: "APP_HOME", appName: "app", environment: environment.merging(["APP_HOME": "~/t"]) { $1 }
            ).path == "/h/me/t")
    }
}
