/// Applies the policy to a protected action: checks the proof a request carried, counts the outcome
/// by action, writes refusals (and, under `monitor`, would-be refusals) to the audit log, and refuses
/// under `enforce`.
public struct HumanProofGate: Sendable {
    /// What each action asks.
    public let policy: HumanProofPolicy
    /// App Attest, when the server has apps to attest.
    public let appAttest: AppAttestService?
    /// The web funnel's puzzles.
    public let puzzles: PuzzleService?
    let metrics: DoorstepMetrics
    let audit: SecurityAudit

    /// Creates a gate.
    public init(
        policy: HumanProofPolicy, appAttest: AppAttestService?, puzzles: PuzzleService? = nil,
        metrics: DoorstepMetrics, audit: SecurityAudit
    ) {
        self.policy = policy
        self.appAttest = appAttest
        self.puzzles = puzzles
        self.metrics = metrics
        self.audit = audit
    }

    /// Whether a page that may lead to `action` should carry a puzzle: the policy looks at it, and
    /// the server hands puzzles out.
    public func asksPuzzle(for action: ProtectedAction) -> Bool {
        puzzles != nil && policy.mode(for: action, on: .web) != .off
    }

    /// What a check found.
    enum Verdict: Equatable {
        case passed
        case missing
        case invalid(String)
    }

    /// Lets `action` go on, or refuses it as the policy says.
    /// - Parameters:
    ///   - proof: what the request carried, nil when nothing.
    ///   - onTheWeb: whether a page of the web funnel asked, whose refusal speaks of the page, not the app.
    /// - Returns: whether the proof was checked and held (and, a puzzle, spent); false where the action
    ///   is off, or let through under `monitor` without a valid proof.
    @discardableResult
    public func check(_ action: ProtectedAction, proof: HumanProof?, onTheWeb: Bool = false) async throws -> Bool {
        let mode = policy.mode(for: action, on: onTheWeb ? .web : .app)
        guard mode != .off else { return false }
        let verdict = try await verdict(of: proof)
        let reason: String
        switch verdict {
        case .passed:
            metrics.humanProofChecked(action: action, outcome: "passed", reason: "none")
            return true
        case .missing: reason = "missing"
        case .invalid(let why): reason = why
        }
        let kind = verdict == .missing ? "missing" : "invalid"
        if mode == .monitor {
            metrics.humanProofChecked(action: action, outcome: "would_refuse", reason: kind)
            audit.record(.attestationWouldRefuse, reason: "action=\(action.label) proof=\(reason)")
            return false
        }
        metrics.humanProofChecked(action: action, outcome: kind, reason: kind)
        audit.record(.attestationRefused, reason: "action=\(action.label) proof=\(reason)")
        if onTheWeb { throw Self.puzzleRequired }
        throw verdict == .missing ? Self.required : Self.invalid
    }

    func verdict(of proof: HumanProof?) async throws -> Verdict {
        switch proof {
        case nil:
            return .missing
        case .unreadable(let error):
            return .invalid(error.reason)
        case .puzzle(let solution):
            guard let puzzles else { return .invalid("puzzles_off") }
            do {
                try await puzzles.redeem(solution)
                return .passed
            } catch let refusal as PuzzleBook.Refusal {
                return .invalid("puzzle_\(refusal.rawValue)")
            }
        case .appAttest(let assertion):
            guard let appAttest else { return .invalid(AppAttestError.disabled.reason) }
            do {
                _ = try await appAttest.verify(assertion)
                return .passed
            } catch let error as AppAttestError {
                return .invalid(error.reason)
            }
        }
    }

    /// The refusal of a request with no proof.
    public static let required = ServiceError(
        status: 403, code: .attestationRequired,
        detail: "This request must come from the app. Update the app and try again.")

    /// The refusal of a web page's request with no solved puzzle, or one that was not taken.
    public static let puzzleRequired = ServiceError(
        status: 403, code: .attestationRequired,
        detail:
            "This page checks that you're a person before going on. Turn on JavaScript, wait a moment and try again.")

    /// The refusal of a request whose proof did not verify.
    public static let invalid = ServiceError(
        status: 403, code: .attestationInvalid,
        detail: "The app could not prove it is genuine. Try again, or update the app.")
}
