#if canImport(SwiftUI)
    import DoorstepClient
    import DoorstepPresentation
    import Observation

    /// Asks the person to confirm who they are before a change that needs a recent sign-in: holds the
    /// question a view shows with ``SwiftUI/View/identityConfirmation(_:)`` and resumes whoever asked
    /// with the answer. ``AppleDeviceEffects`` asks through one for the flows; app code asks through
    /// the same one (``DoorstepClient/withRecentSignIn(confirmingWith:_:)``).
    @MainActor @Observable
    public final class IdentityPrompt {
        /// A question on screen.
        public struct Question: Identifiable {
            public let id: Int
            /// What the sheet says and asks for.
            public let presentation: IdentityConfirmationPresentation
            let hasPassword: Bool
        }

        /// The question the sheet shows, if any.
        public var question: Question?
        @ObservationIgnored private var continuation: CheckedContinuation<IdentityProof?, Never>?
        @ObservationIgnored private var asked = 0

        /// Creates a prompt with no question.
        nonisolated public init() {}

        /// Shows the question and waits for the answer; nil when the person cancels or the calling task
        /// is cancelled. A question still open is cancelled first.
        public func ask(_ request: IdentityConfirmation) async -> IdentityProof? {
            answer(nil)
            asked += 1
            let id = asked
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    self.continuation = continuation
                    question = Question(
                        id: id,
                        presentation: IdentityConfirmationPresentation(
                            hasPassword: request.hasPassword, email: request.email),
                        hasPassword: request.hasPassword)
                }
            } onCancel: {
                Task { @MainActor in self.cancel(id) }
            }
        }

        /// Sends what the person typed, or nil for Cancel.
        func answer(_ typed: String?) {
            let proof = typed.flatMap { typed in
                question.map { $0.hasPassword ? IdentityProof.password(typed) : .code(typed) }
            }
            question = nil
            continuation?.resume(returning: proof)
            continuation = nil
        }

        /// The sheet went away (swiped down): the question is cancelled unless it was answered.
        func dismissed() {
            if continuation != nil { answer(nil) }
        }

        private func cancel(_ id: Int) {
            if question?.id == id { answer(nil) }
        }
    }
#endif
