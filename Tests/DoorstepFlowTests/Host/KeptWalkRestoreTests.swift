import Foundation
import Testing

@testable import DoorstepFlow

@Suite("Signing in picks up the answers of the walk the server keeps")
struct KeptWalkRestoreTests {
    @Test("Kordant's plan and watchlist come back; a secret, a flag the flow set and a given answer do not")
    func restoresGivenAnswers() throws {
        let flow = try Catalog.flow("kordant")
        let kept = FlowSnapshot(
            flowID: "kordant", flowVersion: flow.version, screen: "invite",
            answers: [
                "plan": "premium", "watchlist": ["+1 415 555 0100"], "email": "lee@example.com",
                "biometricsOffered": true, "newPassword": "Never-Kept-1!",
            ])
        let restored = FlowEffectDispatcher.restorable(
            kept, into: ["email": "lee@example.com", "watchlist": []], of: flow)
        #expect(restored == ["plan": "premium", "watchlist": ["+1 415 555 0100"]])
    }

    @Test("A walk of another version is not read")
    func otherVersion() throws {
        let flow = try Catalog.flow("kordant")
        let kept = FlowSnapshot(
            flowID: "kordant", flowVersion: flow.version - 1, screen: "invite", answers: ["plan": "premium"])
        #expect(FlowEffectDispatcher.restorable(kept, into: [:], of: flow).isEmpty)
    }
}

@Suite("Invitations that mail nobody say why")
struct EffectInvitationsTests {
    @Test("Nobody mailed because the address is the inviter's or a member's is a failure; a partial send is not")
    func failures() {
        #expect(EffectInvitations(sent: 0, refusals: ["own_address"]).failure?.code == "own_address")
        #expect(EffectInvitations(sent: 0, refusals: ["already_member"]).failure?.code == "already_member")
        #expect(EffectInvitations(sent: 1, refusals: ["own_address"]).failure == nil)
        #expect(EffectInvitations(sent: 0, refusals: ["already_invited"]).failure == nil)
    }
}
