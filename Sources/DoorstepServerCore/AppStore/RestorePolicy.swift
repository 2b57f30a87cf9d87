/// What happens when a signed-in account posts a purchase that belongs to another account: the
/// transaction's `appAccountToken` names someone else, or another account already keeps it — a
/// "Restore purchases" on a device signed in to a second account.
public enum RestorePolicy: String, Sendable, Hashable, CaseIterable {
    /// The purchase stays where it is and the caller is told `purchase_of_another_account` (403):
    /// restores never steal. The default.
    case keep
    /// The purchase moves to the caller: the account that had it loses it (`entitlement.revoked`),
    /// the caller gains it (`entitlement.granted`), and both accounts' audit logs say
    /// `entitlement_transferred`. For apps whose accounts are one person's (an Apple ID signed in to
    /// a new account should bring its subscription along).
    case transfer
}
