import ArgumentParser
import Foundation

/// `--cloud`: an http(s) URL with a host.
struct CloudURL: ExpressibleByArgument {
    let url: URL

    init?(argument: String) {
        guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        self.url = url
    }

    static var defaultValueDescription: String { "URL" }
}
