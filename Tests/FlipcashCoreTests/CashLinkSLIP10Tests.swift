import Crypto
import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("SLIP-0010 ed25519: published vectors, paths and hardened-only derivation")
struct CashLinkSLIP10Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let seed: String
        let path: String
        let chainCode: String
        let privateKey: String
        /// As SLIP-0010 prints it: a 0x00 byte, then the 32-byte Ed25519 public key.
        let publicKey: String

        var testDescription: String { "seed \(seed.prefix(6))… \(path)" }
    }

    static let seed1 = "000102030405060708090a0b0c0d0e0f"
    static let seed2 =
        "fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542"

    /// SLIP-0010 "Test vector 1 for ed25519" and "Test vector 2 for ed25519", every chain.
    static let vectors: [Vector] = [
        Vector(
            seed: seed1, path: "m",
            chainCode: "90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb",
            privateKey: "2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7",
            publicKey: "00a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed"),
        Vector(
            seed: seed1, path: "m/0'",
            chainCode: "8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69",
            privateKey: "68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3",
            publicKey: "008c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c"),
        Vector(
            seed: seed1, path: "m/0'/1'",
            chainCode: "a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14",
            privateKey: "b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2",
            publicKey: "001932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187"),
        Vector(
            seed: seed1, path: "m/0'/1'/2'",
            chainCode: "2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c",
            privateKey: "92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9",
            publicKey: "00ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1"),
        Vector(
            seed: seed1, path: "m/0'/1'/2'/2'",
            chainCode: "8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc",
            privateKey: "30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662",
            publicKey: "008abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c"),
        Vector(
            seed: seed1, path: "m/0'/1'/2'/2'/1000000000'",
            chainCode: "68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230",
            privateKey: "8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793",
            publicKey: "003c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a"),
        Vector(
            seed: seed2, path: "m",
            chainCode: "ef70a74db9c3a5af931b5fe73ed8e1a53464133654fd55e7a66f8570b8e33c3b",
            privateKey: "171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012",
            publicKey: "008fe9693f8fa62a4305a140b9764c5ee01e455963744fe18204b4fb948249308a"),
        Vector(
            seed: seed2, path: "m/0'",
            chainCode: "0b78a3226f915c082bf118f83618a618ab6dec793752624cbeb622acb562862d",
            privateKey: "1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635",
            publicKey: "0086fab68dcb57aa196c77c5f264f215a112c22a912c10d123b0d03c3c28ef1037"),
        Vector(
            seed: seed2, path: "m/0'/2147483647'",
            chainCode: "138f0b2551bcafeca6ff2aa88ba8ed0ed8de070841f0c4ef0165df8181eaad7f",
            privateKey: "ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4",
            publicKey: "005ba3b9ac6e90e83effcd25ac4e58a1365a9e35a3d3ae5eb07b9e4d90bcf7506d"),
        Vector(
            seed: seed2, path: "m/0'/2147483647'/1'",
            chainCode: "73bd9fff1cfbde33a1b846c27085f711c0fe2d66fd32e139d3ebc28e5a4a6b90",
            privateKey: "3757c7577170179c7868353ada796c839135b3d30554bbb74a4b1e4a5a58505c",
            publicKey: "002e66aa57069c86cc18249aecf5cb5a9cebbfd6fadeab056254763874a9352b45"),
        Vector(
            seed: seed2, path: "m/0'/2147483647'/1'/2147483646'",
            chainCode: "0902fe8a29f9140480a00ef244bd183e8a13288e4412d8389d140aac1794825a",
            privateKey: "5837736c89570de861ebc173b1086da4f505d4adb387c6a1b1342d5e4ac9ec72",
            publicKey: "00e33c0f7d81d843c572275f287498e8d408654fdf0d1e065b84e2e6f157aab09b"),
        Vector(
            seed: seed2, path: "m/0'/2147483647'/1'/2147483646'/2'",
            chainCode: "5d70af781f3a37b829f0d060924d5e960bdc02e85423494afc0b1a41bbe196d4",
            privateKey: "551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d",
            publicKey: "0047150c75db263559a70d5778bf36abbab30fb061ad69f69ece61a72b0cfa4fc0"),
    ]

    @Test("every chain of the published ed25519 vectors", arguments: vectors)
    func publishedVector(vector: Vector) throws {
        let path = try DerivationPath(parsing: vector.path)
        #expect(path.description == vector.path)
        let key = try SLIP10Key.derive(seed: Data(hex: vector.seed), path: path)
        #expect(key.chainCode.hex == vector.chainCode)
        #expect(key.privateKey.hex == vector.privateKey)
        #expect("00" + key.publicKey.hex == vector.publicKey)
        #expect(key.signingKey.publicKey.rawRepresentation == key.publicKey)
    }

    @Test("step-by-step children equal whole-path derivation; each vector's parent leads to the next")
    func stepwiseDerivation() throws {
        for seed in [Self.seed1, Self.seed2] {
            let chain = Self.vectors.filter { $0.seed == seed }
            var key = SLIP10Key.master(seed: Data(hex: seed))
            #expect(key.privateKey.hex == chain.first?.privateKey)
            for (parent, child) in zip(chain, chain.dropFirst()) {
                let parentPath = try DerivationPath(parsing: parent.path)
                let childPath = try DerivationPath(parsing: child.path)
                #expect(Array(childPath.indices.dropLast()) == parentPath.indices)
                key = try key.child(try #require(childPath.indices.last))
                #expect(key.privateKey.hex == child.privateKey)
            }
        }
    }

    @Test("ed25519 has no non-hardened children")
    func nonHardenedRefused() throws {
        let master = SLIP10Key.master(seed: Data(hex: Self.seed1))
        #expect(throws: SLIP10Error.nonHardenedIndex(0)) { try master.child(0) }
        #expect(throws: SLIP10Error.nonHardenedIndex(0x7FFF_FFFF)) { try master.child(0x7FFF_FFFF) }
        let mixed = try DerivationPath(parsing: "m/44'/501'/0'/0")
        #expect(mixed.indices == [0x8000_002C, 0x8000_01F5, 0x8000_0000, 0])
        #expect(throws: SLIP10Error.nonHardenedIndex(0)) { try master.derived(along: mixed) }
        #expect(SLIP10Error.nonHardenedIndex(0).errorDescription?.contains("hardened") == true)
    }

    @Test("path notation: ' or h or H, the Solana account path, round trips")
    func pathNotation() throws {
        let solana = DerivationPath.solanaAccount
        #expect(solana.description == "m/44'/501'/0'/0'")
        #expect(solana == DerivationPath(hardened: [44, 501, 0, 0]))
        for text in ["m/44'/501'/0'/0'", "m/44h/501h/0h/0h", "m/44H/501'/0h/0'", " m/44'/501'/0'/0'\n"] {
            #expect(try DerivationPath(parsing: text) == solana, "\(text)")
        }
        #expect(try DerivationPath(parsing: "m").indices.isEmpty)
        #expect(try DerivationPath(parsing: "m/2147483647'").indices == [0xFFFF_FFFF])
        #expect(try DerivationPath(parsing: "m/7").description == "m/7")
        #expect(DerivationPath(indices: [1, 0x8000_0002]).description == "m/1/2'")
    }

    @Test(
        "malformed paths are typed errors",
        arguments: [
            ("", DerivationPathError.missingMasterPrefix),
            ("44'/501'", .missingMasterPrefix),
            ("M/0'", .missingMasterPrefix),
            ("n/0'", .missingMasterPrefix),
            ("m/", .invalidComponent(position: 1)),
            ("m//0'", .invalidComponent(position: 1)),
            ("m/0'/", .invalidComponent(position: 2)),
            ("m/-1'", .invalidComponent(position: 1)),
            ("m/+1'", .invalidComponent(position: 1)),
            ("m/2147483648'", .invalidComponent(position: 1)),
            ("m/99999999999999999999", .invalidComponent(position: 1)),
            ("m/0''", .invalidComponent(position: 1)),
            ("m/'", .invalidComponent(position: 1)),
            ("m/1x", .invalidComponent(position: 1)),
            ("m/0'/ 1'", .invalidComponent(position: 2)),
            ("m/٣'", .invalidComponent(position: 1)),
        ])
    func malformedPath(text: String, expected: DerivationPathError) {
        #expect(throws: expected) { try DerivationPath(parsing: text) }
        #expect(expected.errorDescription?.isEmpty == false)
    }

    @Test("random path text never crashes the parser; what parses prints back the same")
    func pathFuzz() throws {
        var random = SplitMix64(seed: 0x511_0010)
        let alphabet = Array("m/0123456789'hH/m/")
        for _ in 0..<5000 {
            let text = random.text(maxLength: 40, alphabet: alphabet)
            if let path = try? DerivationPath(parsing: text) {
                #expect(try DerivationPath(parsing: path.description) == path)
            }
        }
    }

    @Test("a key's description shows only its public key")
    func redaction() {
        let key = SLIP10Key.master(seed: Data(hex: Self.seed1))
        #expect(!key.description.contains(key.privateKey.hex))
        #expect(key.description.hasPrefix("SLIP10Key(public: "))
        #expect(String(reflecting: key) == key.description)
    }
}
