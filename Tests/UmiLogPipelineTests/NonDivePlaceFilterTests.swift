import Testing

@testable import UmiLogPipeline

@Suite("Non-dive place filter (stage 2)")
struct NonDivePlaceFilterTests {
    let filter = NonDivePlaceFilter()

    @Test(
        "venue names are caught, with the keyword reported",
        arguments: [
            ("Cairo International Stadium", "stadium"), ("Estádio do Maracanã", "stadium"), ("Stade de France", "stadium"),
            ("Olympic Arena", "arena"), ("City Sports Centre", "sports-centre"), ("Polideportivo Municipal", "sports-centre"),
            ("Eastside Soccer Fields", "football"), ("FC Fußball Verein", "football"), ("Royal Golf Club", "golf"),
            ("Club de Tenis", "tennis"), ("Muscle Gym", "gym"), ("Strike Bowling Alley", "bowling"), ("Venice Skatepark", "skate-park"),
            ("Harbour Car Park", "parking"), ("Parkplatz Nord", "parking"), ("Kids Playground", "playground"),
            ("Funland Theme Park", "amusement-park"), ("Parc d'Attractions", "amusement-park"), ("Wild Wadi Water Park", "water-park"),
            ("Central Park", "park"), ("Parque del Retiro", "park"), ("Olympic Aquatic Centre", "swimming-pool"),
            ("Piscina Comunale", "swimming-pool"), ("Blue Ocean Dive Centre", "dive-centre"), ("Tauchbasis Mike", "dive-centre"),
        ])
    func names(name: String, keyword: String) {
        let match = filter.match(name: name, type: nil, description: nil)
        #expect(match?.keyword == keyword)
        #expect(match?.field == .name)
    }

    @Test(
        "marine parks, reserves and Spanish sand are dive sites",
        arguments: [
            "Bonaire National Marine Park", "Molinere Underwater Sculpture Park", "Coral Reef Park", "Cabo de Palos Marine Reserve",
            "Parque Marino Cabo Pulmo", "Ras Mohammed National Park", "Punta Arena", "Golf von Aqaba", "Parkside Reef",
            "Sparky's Reef", "Golden Arch", "Shark Pitch",
        ])
    func diveSites(name: String) {
        #expect(filter.match(name: name, type: nil, description: nil) == nil)
    }

    @Test(
        "OSM-style type hints are read",
        arguments: [
            ("leisure=stadium", "stadium"), ("amenity=dive_centre", "dive-centre"), ("leisure=pitch", "sports-pitch"),
            ("leisure=swimming_pool", "swimming-pool"), ("leisure=park", "park"), ("leisure=water_park", "water-park"),
        ])
    func types(type: String, keyword: String) {
        let match = filter.match(name: "Somewhere", type: type, description: nil)
        #expect(match?.keyword == keyword)
        #expect(match?.field == .type)
        #expect(filter.match(name: "Somewhere", type: "sport=diving", description: nil) == nil)
    }

    @Test("descriptions are read for venue words unless they talk about diving")
    func descriptions() {
        #expect(filter.match(name: "Nasr City", type: nil, description: "Multi-purpose stadium in Cairo.")?.keyword == "stadium")
        #expect(filter.match(name: "Nasr City", type: nil, description: "Multi-purpose stadium in Cairo.")?.field == .description)
        #expect(filter.match(name: "Old Pier", type: nil, description: "A wreck dive off the football stadium.") == nil)
        #expect(filter.match(name: "Old Pier", type: nil, description: "Park in the car park by the public pool.") == nil)
        #expect(filter.match(name: "Old Pier Reef", type: nil, description: "Ten pin bowling nearby.") == nil)
    }

    @Test("the most specific rule wins within a field")
    func specificity() {
        #expect(filter.match(name: "Aquatica Water Park", type: nil, description: nil)?.keyword == "water-park")
        #expect(filter.match(name: "Downtown Skate Park", type: nil, description: nil)?.keyword == "skate-park")
        #expect(filter.match(name: "Marina Park Car Park", type: nil, description: nil)?.keyword == "parking")
    }
}
