import Foundation

/// How much mail the server sends in an hour, across every instance: a flood of invitations cannot get
/// the operator's mail domain blocklisted, and codes, which people wait for, come first.
public struct OutboundMailBudget: Sendable, Hashable {
    /// Mails per sliding hour.
    public var perHour: Int

    /// A budget of `perHour` mails an hour.
    public init(perHour: Int) {
        self.perHour = perHour
    }

    /// The kinds that carry a code someone is waiting for.
    static let codeKinds: Set<String> = [
        MailKind.signupCode.rawValue, MailKind.loginCode.rawValue, MailKind.verifyEmail.rawValue,
        MailKind.passwordReset.rawValue,
    ]

    static let window: TimeInterval = 60 * 60

    /// Which of `claimed` go now, codes first, and which wait: codes may use the whole budget, other
    /// mail (invitations, notices) only its first half, so codes always have room. The rest waits
    /// until `resumeAt`, when the oldest sends of the hour have left the window.
    public func split(_ claimed: [OutboxRecord], sentInLastHour sent: [LedgerMark], now: Date) -> (
        send: [OutboxRecord], wait: [OutboxRecord], resumeAt: Date
    ) {
        var used = sent.totalWeight
        var allowed: Set<UUID> = []
        let codesFirst =
            claimed.filter { Self.codeKinds.contains($0.kind) } + claimed.filter { !Self.codeKinds.contains($0.kind) }
        for record in codesFirst where used < (Self.codeKinds.contains(record.kind) ? perHour : perHour / 2) {
            allowed.insert(record.id)
            used += 1
        }
        // What goes keeps the order it was written in.
        let send = claimed.filter { allowed.contains($0.id) }
        let wait = claimed.filter { !allowed.contains($0.id) }
        let oldest = sent.map(\.at).min() ?? now
        return (send, wait, max(now.addingTimeInterval(1), oldest.addingTimeInterval(Self.window)))
    }
}
