import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import Foundation
import Hummingbird
import Synchronization

extension FunnelEffects {
    /// Lets a guarded action through, or refuses it as the policy says, with the page's puzzle as the
    /// proof: once the puzzle has been checked and spent for one action of this request, the others
    /// follow it. A puzzle let through unchecked (its action off, or only monitored) proves nothing for
    /// the next action, which may be enforced.
    func requireProof(_ action: ProtectedAction) async throws {
        guard !proven.isSet else { return }
        if try await proofs.check(action, proof: puzzle.map(HumanProof.puzzle), onTheWeb: true) { proven.set() }
    }
}

/// A flag set once, shared by the copies of a request's effects performer.
final class ProvenOnce: Sendable {
    private let flag = Mutex(false)

    var isSet: Bool { flag.withLock { $0 } }

    func set() { flag.withLock { $0 = true } }
}

extension FunnelController {
    /// The performer of one browser request's effects.
    func makeEffects(browser: BrowserSession, request: Request, upload: Data?) -> FunnelEffects {
        FunnelEffects(
            services: services, proofs: proofs,
            meta: RequestMeta(userAgent: request.headers[.userAgent], languages: FunnelLanguage.preferred(by: request)),
            upload: upload,
            signedIn: browser.state.signedIn, webProviders: Set(webSignIns.keys))
    }

    /// The effects a policy may guard, by the action it names them.
    static let guardedEffects: [String: ProtectedAction] = [
        FlowEffect.signUp.rawValue: .signUp, FlowEffect.sendCode.rawValue: .codeSend,
        FlowEffect.continueAsGuest.rawValue: .guest, FlowEffect.logIn.rawValue: .passwordLogIn,
        FlowEffect.forgotPassword.rawValue: .codeSend,
    ]

    /// A puzzle for the page of `engine`'s screen when a way on from it runs an effect the policy
    /// guards; nil otherwise, so a person solves one only where it counts.
    func puzzle(for engine: FlowEngine) -> Puzzle? {
        guard let puzzles = proofs.puzzles else { return nil }
        let screen = engine.screen.id
        let guarded = engine.flow.transitions.contains { transition in
            transition.from == screen
                && (transition.effects ?? []).contains { call in
                    Self.guardedEffects[call.name].map(proofs.asksPuzzle) ?? false
                }
        }
        return guarded ? puzzles.issue() : nil
    }
}
