import DoorstepFlow
import Foundation

/// Where a flow's current version shows its paywall, in the flow as written and in each variant of
/// its experiment, and what that paywall sells: what a walk's events and its account's entitlements
/// are judged against.
struct PaywallPlaces: Sendable {
    /// The screens holding a paywall block in the flow as written, in the flow's order.
    let asWritten: [String]
    /// The same, by variant id, for the variants of the flow's experiment.
    let byVariant: [String: [String]]
    /// The App Store products the paywall's plans name; empty when none does (any product counts).
    let products: Set<String>

    /// The paywall of `flow`, or nil when no variant of it has one.
    init?(_ flow: FlowDefinition) {
        let variants = flow.experiment?.variants.compactMap { variant in flow.variant(variant.id) } ?? []
        asWritten = Self.screens(of: flow)
        byVariant = Dictionary(
            zip(flow.experiment?.variants.map(\.id) ?? [], variants.map(Self.screens)),
            uniquingKeysWith: { first, _ in first })
        guard !asWritten.isEmpty || byVariant.values.contains(where: { !$0.isEmpty }) else { return nil }
        let fields = Set(([flow] + variants).flatMap(Self.paywallBlocks).compactMap(\.field))
        products = Set(
            flow.fields.filter { fields.contains($0.id) }.flatMap { $0.options ?? [] }.compactMap(\.productId))
    }

    /// The paywall screens of the variant an install walked (`nil` or an unknown id: the flow as written).
    func screens(ofVariant variant: String?) -> [String] {
        variant.flatMap { byVariant[$0] } ?? asWritten
    }

    /// When the walk was first shown its variant's paywall, if it was: the variant is the one its
    /// first screen names, as funnels count it.
    func firstShown(in walk: [WalkEvent]) -> Date? {
        let ordered = walk.filter(\.isFunnelStep).sorted { ($0.at, $0.sequence) < ($1.at, $1.sequence) }
        guard let variant = ordered.first.map(\.variant) else { return nil }
        let screens = Set(screens(ofVariant: variant))
        return ordered.first { $0.kind == .screenShown && screens.contains($0.screen) }?.at
    }

    /// Whether the entitlement is a purchase made from this paywall at or after `since`: bought by
    /// the account itself (not shared by its family, not granted by support), of one of the paywall's
    /// products. A renewal counts from its own purchase date, so a subscription bought before the
    /// walk and renewed after it counts too.
    func isConversion(_ entitlement: EntitlementRecord, since: Date) -> Bool {
        entitlement.ownershipType == Self.purchased
            && (products.isEmpty || products.contains(entitlement.productID))
            && entitlement.purchasedAt >= since
    }

    /// The ownership of an entitlement the account paid for itself.
    static let purchased = "PURCHASED"

    static func paywallBlocks(of flow: FlowDefinition) -> [Block] {
        flow.screens.flatMap(\.blocks).filter { $0.kind == .paywall }
    }

    static func screens(of flow: FlowDefinition) -> [String] {
        flow.screens.filter { screen in screen.blocks.contains { $0.kind == .paywall } }.map(\.id)
    }
}
