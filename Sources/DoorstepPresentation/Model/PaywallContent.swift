import DoorstepFlow

/// Plan cards that sell App Store products, and what App Review asks to be read beside a
/// subscription's price: the renewal terms and links to the terms of use and the privacy policy.
public struct PaywallContent: Sendable, Hashable, Codable {
    /// A link under the plans.
    public struct Link: Sendable, Hashable, Codable {
        public var title: String
        public var url: String

        /// Creates a link.
        public init(title: String, url: String) {
            self.title = title
            self.url = url
        }
    }

    /// The plans as cards. A plan that sells a product shows no price until ``priced(_:)`` gives the
    /// store's; a free plan says so.
    public var plans: ChoicesContent
    /// The App Store product of each plan that sells one, by the plan's value.
    public var products: [String: String]
    /// The value of the plan drawn as recommended.
    public var recommended: String?
    /// The auto-renewal terms.
    public var renewal: String
    public var terms: Link
    public var privacy: Link
    /// What a host that sells nothing (the web) says under the plans instead of a price.
    public var elsewhere: String
    /// The words of a price and its period, in the flow's language, by period (`month`, `3 months`…).
    var periodWords: PeriodWords

    /// The product ids to ask the store for.
    public var productIDs: [String] { plans.options.compactMap { products[$0.value] } }

    /// The paywall with each selling plan's price as the store gives it, in the person's currency and
    /// period (`$4.99 a month`); a plan the store does not know keeps no price and cannot be bought.
    public func priced(_ prices: [String: StorePrice]) -> PaywallContent {
        var priced = self
        for index in priced.plans.options.indices {
            let value = priced.plans.options[index].value
            guard let productID = products[value], let price = prices[productID] else { continue }
            priced.plans.options[index].price = periodWords.line(for: price)
        }
        return priced
    }
}

/// A product's price as the App Store gives it on the device.
public struct StorePrice: Sendable, Hashable {
    /// How often a subscription renews: every `count` units.
    public struct Period: Sendable, Hashable {
        /// The unit of a period.
        public enum Unit: Sendable, Hashable {
            case day, week, month, year
        }

        public var unit: Unit
        public var count: Int

        /// Creates a period.
        public init(_ count: Int, _ unit: Unit) {
            self.unit = unit
            self.count = count
        }
    }

    /// The price formatted by the store in the person's currency, such as `$4.99` or `4,99 €`.
    public var displayPrice: String
    /// How often a subscription renews; nil for a one-time purchase.
    public var period: Period?

    /// Creates a price.
    public init(displayPrice: String, period: Period?) {
        self.displayPrice = displayPrice
        self.period = period
    }
}

/// How a price and its period read in the flow's language.
struct PeriodWords: Sendable, Hashable, Codable {
    let language: String

    func line(for price: StorePrice) -> String {
        guard let period = price.period else { return price.displayPrice }
        let words = PresentationWords(language: language)
        let values = ["price": price.displayPrice, "count": String(period.count)]
        return switch (period.unit, period.count == 1) {
        case (.day, true): words("{price} a day", values)
        case (.day, false): words("{price} every {count} days", values)
        case (.week, true): words("{price} a week", values)
        case (.week, false): words("{price} every {count} weeks", values)
        case (.month, true): words("{price} a month", values)
        case (.month, false): words("{price} every {count} months", values)
        case (.year, true): words("{price} a year", values)
        case (.year, false): words("{price} every {count} years", values)
        }
    }
}
