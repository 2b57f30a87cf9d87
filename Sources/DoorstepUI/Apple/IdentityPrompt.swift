#if canImport(SwiftUI)
    import DoorstepClient
    import DoorstepPresentation
    import Foundation
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
        }

        /// The question the sheet shows, if any.
        public var question: Question?
        /// The language the question is asked in: the device's, until a flow on screen says its own.
        public var words = PresentationWords(preferring: Locale.preferredLanguages)
        @ObservationIgnored private var continuation: CheckedContinuation<String?, Never>?
        @ObservationIgnored private var asked = 0

        /// Creates a prompt with no question.
        nonisolated public init() {}

        /// Shows the question and waits for the answer; nil when the person cancels or the calling task
        /// is cancelled. A question still open is cancelled first.
        public func ask(_ request: IdentityConfirmation) async -> IdentityProof? {
            let typed = await present(
                IdentityConfirmationPresentation(
                    hasPassword: request.hasPassword, email: request.email, words: words))
            return typed.map { request.hasPassword ? IdentityProof.password($0) : .code($0) }
        }

        /// Asks for the code the authenticator app shows (or a recovery code) for a sign-in waiting on its
        /// second factor; `problem` says why the last code was refused. Nil when the person cancels.
        public func askForSecondFactor(problem: String?) async -> String? {
            await present(IdentityConfirmationPresentation(secondFactorProblem: problem, words: words))
        }

        private func present(_ presentation: IdentityConfirmationPresentation) async -> String? {
            answer(nil)
            asked += 1
            let id = asked
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    self.continuation = continuation
                    question = Question(id: id, presentation: presentation)
                }
            } onCancel: {
                Task { @MainActor in self.cancel(id) }
            }
        }

        /// Sends what the person typed, or nil for Cancel.
        func answer(_ typed: String?) {
            question = nil
            continuation?.resume(returning: typed)
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
