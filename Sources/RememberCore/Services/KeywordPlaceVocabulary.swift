/// Countries, regions and large cities, recognised after "from" or "grew up in" when the
/// transcript is all one case and capitals cannot mark a place name.
enum KeywordPlaceVocabulary {
    /// Lower-case phrase → the place as it is written ("new zealand" → "New Zealand").
    static let places: KeywordPhraseIndex<String> = {
        var table: [String: String] = [:]
        for name in countries + regions + cities { table[name.lowercased()] = name }
        for (alias, name) in aliases { table[alias] = name }
        return KeywordPhraseIndex(table)
    }()

    private static let aliases: [String: String] = [
        "the uk": "UK", "the us": "USA", "the usa": "USA", "the states": "USA", "the united states": "United States",
        "the netherlands": "Netherlands", "the philippines": "Philippines", "nyc": "New York", "holland": "Netherlands",
        "the uae": "UAE", "britain": "Britain", "great britain": "Britain", "sao paulo": "São Paulo",
        "bogota": "Bogotá", "montreal": "Montréal", "zurich": "Zürich", "munchen": "Munich",
    ]

    private static let countries: [String] = [
        "Afghanistan", "Albania", "Algeria", "Argentina", "Armenia", "Australia", "Austria", "Azerbaijan",
        "Bangladesh", "Belarus", "Belgium", "Bolivia", "Bosnia", "Brazil", "Bulgaria", "Cambodia", "Cameroon",
        "Canada", "Chile", "China", "Colombia", "Costa Rica", "Croatia", "Cuba", "Cyprus", "Czech Republic",
        "Czechia", "Denmark", "Dominican Republic", "Ecuador", "Egypt", "El Salvador", "England", "Estonia",
        "Ethiopia", "Fiji", "Finland", "France", "Georgia", "Germany", "Ghana", "Greece", "Guatemala", "Haiti",
        "Honduras", "Hungary", "Iceland", "India", "Indonesia", "Iran", "Iraq", "Ireland", "Israel", "Italy",
        "Jamaica", "Japan", "Jordan", "Kazakhstan", "Kenya", "Korea", "South Korea", "North Korea", "Kosovo",
        "Kuwait", "Laos", "Latvia", "Lebanon", "Libya", "Lithuania", "Luxembourg", "Madagascar", "Malaysia",
        "Mali", "Malta", "Mexico", "Moldova", "Mongolia", "Montenegro", "Morocco", "Mozambique", "Myanmar",
        "Nepal", "Netherlands", "New Zealand", "Nicaragua", "Nigeria", "Northern Ireland", "Norway", "Oman",
        "Pakistan", "Palestine", "Panama", "Paraguay", "Peru", "Philippines", "Poland", "Portugal", "Puerto Rico",
        "Qatar", "Romania", "Russia", "Rwanda", "Saudi Arabia", "Scotland", "Senegal", "Serbia", "Singapore",
        "Slovakia", "Slovenia", "Somalia", "South Africa", "Spain", "Sri Lanka", "Sudan", "Sweden", "Switzerland",
        "Syria", "Taiwan", "Tanzania", "Thailand", "Trinidad", "Tunisia", "Turkey", "Uganda", "Ukraine", "UAE",
        "UK", "United Kingdom", "United States", "America", "Uruguay", "USA", "Uzbekistan", "Venezuela",
        "Vietnam", "Wales", "Yemen", "Zambia", "Zimbabwe",
    ]

    private static let regions: [String] = [
        "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
        "Florida", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine",
        "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska",
        "Nevada", "New Hampshire", "New Jersey", "New Mexico", "North Carolina", "North Dakota", "Ohio",
        "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee",
        "Texas", "Utah", "Vermont", "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming",
        "Ontario", "Quebec", "British Columbia", "Alberta", "Bavaria", "Catalonia", "Sicily", "Sardinia",
        "Tuscany", "Brittany", "Normandy", "Provence", "Andalusia", "Yorkshire", "Cornwall", "Devon", "Kent",
        "Essex", "Queensland", "Tasmania", "Patagonia", "Siberia", "the Midwest", "New England", "Bay Area",
    ]

    private static let cities: [String] = [
        "Amsterdam", "Athens", "Atlanta", "Auckland", "Austin", "Baghdad", "Bangkok", "Barcelona", "Beijing",
        "Beirut", "Belfast", "Berlin", "Bogotá", "Bordeaux", "Boston", "Brisbane", "Bristol", "Brussels",
        "Bucharest", "Budapest", "Buenos Aires", "Cairo", "Calgary", "Cape Town", "Cardiff", "Chicago",
        "Copenhagen", "Dallas", "Delhi", "New Delhi", "Denver", "Detroit", "Dubai", "Dublin", "Edinburgh",
        "Florence", "Frankfurt", "Geneva", "Glasgow", "Hamburg", "Helsinki", "Hong Kong", "Honolulu", "Houston",
        "Istanbul", "Jakarta", "Jerusalem", "Johannesburg", "Karachi", "Kyiv", "Kiev", "Kraków", "Krakow",
        "Lagos", "Lahore", "Las Vegas", "Leeds", "Lima", "Lisbon", "Liverpool", "London", "Los Angeles", "Lyon",
        "Madrid", "Manchester", "Manila", "Marseille", "Melbourne", "Mexico City", "Miami", "Milan", "Montréal",
        "Moscow", "Mumbai", "Munich", "Nairobi", "Naples", "Nashville", "New Orleans", "New York", "Oslo",
        "Ottawa", "Oxford", "Cambridge", "Paris", "Perth", "Philadelphia", "Phoenix", "Portland", "Prague",
        "Rio de Janeiro", "Riyadh", "Rome", "Rotterdam", "San Diego", "San Francisco", "Santiago", "São Paulo",
        "Seattle", "Seoul", "Shanghai", "Singapore", "Stockholm", "Sydney", "Taipei", "Tehran", "Tel Aviv",
        "Tokyo", "Toronto", "Toulouse", "Vancouver", "Venice", "Vienna", "Warsaw", "Wellington", "Zürich",
        "Osaka", "Kyoto", "Seville", "Valencia", "Porto", "Marrakech", "Casablanca", "Accra", "Addis Ababa",
        "Hanoi", "Ho Chi Minh City", "Kuala Lumpur", "Bangalore", "Bengaluru", "Chennai", "Kolkata", "Dhaka",
        "Havana", "Caracas", "Quito", "Montevideo", "Birmingham", "Newcastle", "Brighton", "Belgrade",
        "Sofia", "Zagreb", "Ljubljana", "Tallinn", "Riga", "Vilnius", "Reykjavik", "Bratislava",
    ]
}
