import Foundation

/// The effects that find, make or end a session.
extension EffectInvocation {
    func identify() async throws -> [String: Value] {
        try await performer.identify(email: arguments.text("email")).results
    }

    func sendCode() async throws -> [String: Value] {
        try await performer.sendCode(email: arguments.text("email"), purpose: arguments.text("purpose"))
        return [:]
    }

    mutating func verifyCode() async throws -> [String: Value] {
        let signIn = try await performer.verifyCode(
            email: arguments.text("email"), code: arguments.text("code"), purpose: arguments.text("purpose"))
        return try await signedIn(signIn)
    }

    mutating func signUp() async throws -> [String: Value] {
        let signUp = EffectSignUp(
            email: arguments.text("email"), password: arguments.text("password"),
            firstName: arguments.optionalText("firstName"), lastName: arguments.optionalText("lastName"),
            name: arguments.optionalText("name"), consents: consents)
        let signIn = try await performer.signUp(signUp)
        return try await signedIn(signIn)
    }

    mutating func logIn() async throws -> [String: Value] {
        let signIn = try await performer.logIn(
            email: arguments.text("email"), password: arguments.text("password"), remember: remember)
        return try await signedIn(signIn)
    }

    func forgotPassword() async throws -> [String: Value] {
        try await performer.forgotPassword(email: arguments.text("email"))
        return [:]
    }

    mutating func resetPassword() async throws -> [String: Value] {
        let signIn = try await performer.resetPassword(
            email: arguments.text("email"), code: arguments.text("code"), newPassword: arguments.text("newPassword"))
        return try await signedIn(signIn)
    }

    mutating func setPassword() async throws -> [String: Value] {
        try await performer.setPassword(arguments.text("newPassword"))
        return ["password.set": true]
    }

    mutating func signInWithApple() async throws -> [String: Value] {
        let signIn = try await performer.signInWithApple(remember: remember)
        return try await signedIn(signIn)
    }

    mutating func signInWithGoogle() async throws -> [String: Value] {
        let signIn = try await performer.signInWithGoogle(remember: remember)
        return try await signedIn(signIn)
    }

    mutating func signInWithPasskey() async throws -> [String: Value] {
        let signIn = try await performer.signInWithPasskey(remember: remember)
        return try await signedIn(signIn)
    }

    mutating func continueAsGuest() async throws -> [String: Value] {
        ["session.isGuest": .bool(try await performer.continueAsGuest().isGuest)]
    }

    mutating func addPasskey() async throws -> [String: Value] {
        try await performer.addPasskey(name: arguments.optionalText("name"))
        return ["passkey.added": true]
    }

    mutating func logOut() async throws -> [String: Value] {
        try await performer.logOut()
        return ["session.active": false]
    }

    /// A sign-in's results, with whether this account already finished the flow and the answers its
    /// walk kept on the server that this walk lacks. Call it with the sign-in already made: as an
    /// argument, `performer.signUp(…)` would run after `self` was read, and these reads would go out
    /// with the performer as it was before the sign-in.
    private func signedIn(_ signIn: EffectSignIn) async throws -> [String: Value] {
        let kept = try await performer.keptWalk(flow: flow)
        let results = signIn.results(
            flowCompleted: try await performer.hasSubmittedAnswers(flow: flow),
            flowFinished: kept?.completed ?? false)
        let restored = FlowEffectDispatcher.restorable(kept, into: answers, of: flow)
        return results.merging(restored) { result, _ in result }
    }
}
