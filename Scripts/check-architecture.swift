// Checks that ARCHITECTURE.md's module map says what Package.swift says: one row per module
// (every target that is not a test suite) and, in its last column, exactly the module's direct
// dependencies, each in backticks. Run from the repository root:
//
//     swift Scripts/check-architecture.swift
//
// It reads the package through `swift package dump-package`, so it sees the manifest as SwiftPM
// does. Exit status 1, with one line per difference, when the two disagree.
import Foundation

struct Manifest: Decodable {
    struct Target: Decodable {
        let name: String
        let type: String
        let dependencies: [Dependency]
    }

    /// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or
    /// `{"product": [name, package, moduleAliases, condition]}`: the first element is the name.
    struct Dependency: Decodable {
        let name: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let object = try container.decode([String: [Ignored]].self)
            guard let first = object.values.first?.first?.text else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a dependency without a name")
            }
            name = first
        }
    }

    /// Any JSON value; only strings are kept.
    struct Ignored: Decodable {
        let text: String?
        init(from decoder: any Decoder) throws {
            text = try? decoder.singleValueContainer().decode(String.self)
        }
    }

    let targets: [Target]
}

func dumpPackage() throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        FileHandle.standardError.write(Data("check-architecture: swift package dump-package failed\n".utf8))
        exit(2)
    }
    return data
}

/// The words in backticks in `text`, in order.
func backticked(_ text: Substring) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
}

let manifest = try JSONDecoder().decode(Manifest.self, from: dumpPackage())
var expected: [String: Set<String>] = [:]
for target in manifest.targets where target.type != "test" {
    expected[target.name] = Set(target.dependencies.map(\.name))
}

let document = try String(contentsOfFile: "ARCHITECTURE.md", encoding: .utf8)
guard let mapStart = document.range(of: "## Module map") else {
    print("ARCHITECTURE.md: no \"## Module map\" section")
    exit(1)
}
var documented: [String: Set<String>] = [:]
var problems: [String] = []
for line in document[mapStart.upperBound...].split(separator: "\n").prefix(while: { !$0.hasPrefix("## ") }) {
    let cells = line.split(separator: "|", omittingEmptySubsequences: false)
    guard line.hasPrefix("| `"), cells.count >= 4, let module = backticked(cells[1]).first else { continue }
    let dependencies = Set(backticked(cells[cells.count - 2]))
    if documented.updateValue(dependencies, forKey: module) != nil {
        problems.append("\(module): more than one row")
    }
}

for (module, dependencies) in expected.sorted(by: { $0.key < $1.key }) {
    guard let written = documented[module] else {
        problems.append("\(module): in Package.swift, missing from ARCHITECTURE.md's module map")
        continue
    }
    let missing = dependencies.subtracting(written).sorted()
    let extra = written.subtracting(dependencies).sorted()
    if !missing.isEmpty { problems.append("\(module): the map omits \(missing.joined(separator: ", "))") }
    if !extra.isEmpty { problems.append("\(module): the map lists \(extra.joined(separator: ", ")), which Package.swift does not") }
}
for module in documented.keys.sorted() where expected[module] == nil {
    problems.append("\(module): in ARCHITECTURE.md's module map, not a module in Package.swift")
}

if problems.isEmpty {
    print("ARCHITECTURE.md's module map matches Package.swift (\(expected.count) modules).")
} else {
    problems.forEach { print("ARCHITECTURE.md: \($0)") }
    exit(1)
}
