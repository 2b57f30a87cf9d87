/// What a paywall says around its plans: the auto-renewal terms and links App Review requires beside
/// a subscription's price, the plan drawn as recommended, and what a host that sells nothing (the web
/// funnel) says instead of a price.
public struct PaywallTerms: Codable, Sendable, Hashable {
    /// The auto-renewal terms shown under the plans wherever they can be bought.
    public var renewal: String
    /// The address of the terms of use.
    public var termsLink: String
    /// The address of the privacy policy.
    public var privacyLink: String
    /// Where a host that sells nothing sends the person, such as "Subscribe in the Kordant app on your
    /// iPhone."
    public var elsewhere: String
    /// The value of the plan drawn as recommended.
    public var recommended: String?

    /// Creates the terms.
    public init(renewal: String, termsLink: String, privacyLink: String, elsewhere: String, recommended: String?) {
        self.renewal = renewal
        self.termsLink = termsLink
        self.privacyLink = privacyLink
        self.elsewhere = elsewhere
        self.recommended = recommended
    }
}
