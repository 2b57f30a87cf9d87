#if canImport(SwiftUI) && canImport(AuthenticationServices) && canImport(UIKit)
    import AuthenticationServices
    import UIKit

    /// Runs one authorization request (Sign in with Apple, a passkey) and resumes with what `extract` reads
    /// from its credential, or nil when it fails or is cancelled (AutoFill requests are cancelled when the
    /// person picks another way).
    ///
    /// Everything happens on the main actor, where `ASAuthorizationController` calls its delegate: the
    /// credential, which is not `Sendable`, is read there and never leaves; only the `Sendable` result does.
    @MainActor
    final class AuthorizationSheet<Result: Sendable>: NSObject, ASAuthorizationControllerDelegate,
        ASAuthorizationControllerPresentationContextProviding
    {
        private let extract: (any ASAuthorizationCredential) -> Result?
        private var controller: ASAuthorizationController?
        private var continuation: CheckedContinuation<Result?, Never>?

        /// - Parameter extract: reads the result from the credential the request returned; nil when it is
        ///   not the kind of credential expected.
        init(extract: @escaping (any ASAuthorizationCredential) -> Result?) {
            self.extract = extract
        }

        /// Shows the request's sheet (or, with `autoFill`, offers it from the keyboard) and waits for it.
        /// Cancelling the calling task cancels the request: an AutoFill request must end before another
        /// request can start, and when its screen goes.
        func perform(_ request: ASAuthorizationRequest, autoFill: Bool = false) async -> Result? {
            guard !Task.isCancelled else { return nil }
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    self.continuation = continuation
                    let controller = ASAuthorizationController(authorizationRequests: [request])
                    controller.delegate = self
                    controller.presentationContextProvider = self
                    self.controller = controller
                    if autoFill {
                        controller.performAutoFillAssistedRequests()
                    } else {
                        controller.performRequests()
                    }
                }
            } onCancel: {
                Task { @MainActor in self.cancel() }
            }
        }

        private func cancel() {
            controller?.cancel()
            finish(nil)
        }

        func authorizationController(
            controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
        ) {
            finish(extract(authorization.credential))
        }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
            finish(nil)
        }

        func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
            UIApplication.shared.connectedScenes.lazy.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first
                ?? ASPresentationAnchor()
        }

        private func finish(_ result: Result?) {
            continuation?.resume(returning: result)
            continuation = nil
            controller = nil
        }
    }
#endif
