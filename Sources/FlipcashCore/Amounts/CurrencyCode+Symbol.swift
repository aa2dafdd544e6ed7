import Foundation

extension CurrencyCode {
    /// The one-character symbol shown before an amount ("$", "¥", "€"), or nil when the currency has
    /// none and its amounts are shown bare (IDR, CHF, AED…).
    ///
    /// The app took the first one-character symbol that any locale using the currency gives it
    /// (so CAD, AUD and MXN all show "$"). The table below is that rule evaluated once over CLDR's
    /// locale data and pinned, so a figure never changes with the machine's ICU version or locale;
    /// three results that are not readable symbols (CVE's zero-width space, GNF's N'Ko sign, a lone
    /// Arabic letter for PKR) are left out. CNY and JPY both use "¥".
    public var singleCharacterSymbol: String? { Self.symbols[self] }

    private static let symbols: [CurrencyCode: String] = [
        .afn: "؋", .amd: "֏", .ars: "$", .aud: "$", .azn: "₼", .bbd: "$", .bdt: "৳", .bmd: "$",
        .bnd: "$", .bsd: "$", .bwp: "P", .bzd: "$", .cad: "$", .clp: "$", .cny: "¥", .cop: "$",
        .crc: "₡", .cup: "$", .eur: "€", .fjd: "$", .fkp: "£", .gbp: "£", .gel: "₾", .gip: "£",
        .gmd: "D", .gtq: "Q", .gyd: "$", .hnl: "L", .htg: "G", .ils: "₪", .inr: "₹", .jmd: "$",
        .jpy: "¥", .khr: "៛", .krw: "₩", .kyd: "$", .kzt: "₸", .lak: "₭", .lrd: "$", .mdl: "L",
        .mmk: "K", .mnt: "₮", .mxn: "$", .nad: "$", .ngn: "₦", .nzd: "$", .pgk: "K", .php: "₱",
        .pyg: "₲", .rub: "₽", .sbd: "$", .sgd: "$", .shp: "£", .sos: "S", .srd: "$", .ssp: "£",
        .szl: "E", .thb: "฿", .try: "₺", .ttd: "$", .twd: "$", .uah: "₴", .usd: "$", .uyu: "$",
        .vnd: "₫", .xcd: "$", .zar: "R", .zmw: "K",
    ]
}
