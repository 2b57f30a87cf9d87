import Foundation
import Observation

/// Who is signed in, as an observable value an app's views read: put one in the environment and switch
/// between onboarding and the app's home on ``state``, instead of reading ``DoorstepClient/authStates()``
/// by hand.
///
/// ```swift
/// @State private var session = AuthSession(client: client)
/// var body: some Scene {
///     WindowGroup { Root().environment(session).task { await session.follow() } }
/// }
/// ```
@MainActor @Observable
public final class AuthSession {
    /// The client whose state this follows.
    public let client: DoorstepClient
    /// The current state: `.signedOut` until ``follow()`` hears otherwise.
    public private(set) var state: AuthState = .signedOut
    /// Whether someone, a guest included, is signed in.
    public var isSignedIn: Bool {
        if case .signedIn = state { return true }
        return false
    }

    /// Follows `client`'s sessions once ``follow()`` runs.
    public init(client: DoorstepClient) {
        self.client = client
    }

    /// Keeps ``state`` current until the calling task ends: the client's state at once, then every
    /// sign-in, refresh that fails and sign-out.
    public func follow() async {
        for await state in await client.authStates() where state != self.state {
            self.state = state
        }
    }
}
