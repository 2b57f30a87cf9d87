// expected: main actor-isolated initializer 'init()' cannot be called from outside of the actor
// A `@MainActor` `NSObject` subclass made from nonisolated async code, as a controller delegate would be.
import AuthenticationServices

@MainActor
final class PasskeySheet: NSObject, ASAuthorizationControllerDelegate {
    func perform(_ request: ASAuthorizationRequest) {
        let controller = ASAuthorizationController(authorizationRequests: [request])
        controller.delegate = self
        controller.performRequests()
    }
}

enum Passkeys {
    static func register(_ request: ASAuthorizationRequest) async {
        let sheet = PasskeySheet()
        await sheet.perform(request)
    }
}
