import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import ServerKit
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 15: the generated decoder reads query numbers with `Double(_:)`, which takes `0x10`
/// for 16, so `lat=0x10` searched around 16°. Query numbers are now checked as text first.
@Suite("Near queries take numbers as people write them")
struct StrictQueryNumberTests {
    @Test(
        "hex, nan, inf, a plus sign or a space is refused naming the parameter",
        arguments: [
            ("lat=0x10&lon=2", "lat"), ("lat=48&lon=0x1p3", "lon"), ("lat=nan&lon=2", "lat"), ("lat=48&lon=inf", "lon"),
            ("lat=%2B48&lon=2", "lat"), ("lat=48&lon=2&radius=1e400", "radius"), ("lat=48&lon=2&limit=10.0", "limit"),
            ("lat=48%20&lon=2", "lat"),
        ])
    func refused(query: String, field: String) async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let response = try await client.send(.get, "/kilroys/near?" + query, device: Devices.alice)
            #expect(response.status == .badRequest, "\(query)")
            let error = try response.decoded(Components.Schemas._Error.self)
            #expect(error.field == field, "\(query): \(error)")
        }
    }

    @Test("plain decimals, negatives and exponents are read as before")
    func accepted() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            for query in ["lat=48.8584&lon=2.2945", "lat=-33.5&lon=-70&radius=5e2&limit=10", "lat=0&lon=0"] {
                let response = try await client.send(.get, "/kilroys/near?" + query, device: Devices.alice)
                #expect(response.status == .ok, "\(query)")
            }
        }
    }

    @Test("the grammar: JSON's numbers, whole ones for integers")
    func grammar() {
        for text in ["0", "-1", "12.5", "1e5", "1E-5", "-0.25e+3", "007"] { #expect(StrictNumber.isValid(text), "\(text)") }
        for text in ["", "-", "+1", ".5", "5.", "1e", "0x10", "nan", "inf", "1 ", "1_000", "١"] {
            #expect(!StrictNumber.isValid(text), "\(text)")
        }
        #expect(StrictNumber.isValid("42", integer: true) && !StrictNumber.isValid("4.2", integer: true))
    }
}
