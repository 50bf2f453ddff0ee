import Catalog
import Foundation

/// Money as people read it: the currency and the amount in its minor units ("EUR 121.50").
enum DeskMoney {
    /// The digits after the decimal point of ISO 4217 currencies that do not have two.
    static let minorDigits: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0, "RWF": 0,
        "UGX": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    ]

    static func format(_ minor: Int, _ currency: String) -> String {
        let code = InertText.sanitize(currency)
        return code + " " + (minor < 0 ? "-" : "") + amount(minor.magnitude, code)
    }

    /// What a folio owes: "EUR 121.50", and below zero what it holds for the guest,
    /// "Credit EUR 12.00" (#30: never "EUR -12.00").
    static func owed(_ minor: Int, _ currency: String) -> String {
        guard minor < 0 else { return format(minor, currency) }
        let code = InertText.sanitize(currency)
        return L("reservation.credit", ["amount": code + " " + amount(minor.magnitude, code)])
    }

    /// The digits of an amount in minor units, with the currency's decimal places.
    private static func amount(_ magnitude: UInt, _ code: String) -> String {
        let digits = minorDigits[code.uppercased()] ?? 2
        var scale: UInt = 1
        for _ in 0..<digits { scale *= 10 }
        let whole = magnitude / scale
        let fraction = magnitude % scale
        var amount = String(whole)
        if digits > 0 {
            let text = String(fraction)
            amount += "." + String(repeating: "0", count: digits - text.count) + text
        }
        return amount
    }
}
