/// The effects hosts know how to run. Module effects are namespaced (`trainer.goalOptions`).
public enum EffectNames {
    /// Every core effect, with the result keys it may deliver.
    public static let core: Set<String> = [
        "identify", "sendCode", "verifyCode", "signUp", "logIn", "forgotPassword", "resetPassword",
        "setPassword", "signInWithApple", "signInWithGoogle", "continueAsGuest", "saveProfile",
        "acceptConsents", "pickImage", "uploadAvatar", "createGroup", "joinGroup", "inviteMembers",
        "submitAnswers", "checkAnswers", "requestPermission", "enableBiometrics", "logOut",
        "signInWithPasskey", "addPasskey",
    ]

    /// Whether hosts can be expected to run an effect of this name.
    public static func isKnown(_ name: String) -> Bool {
        core.contains(name) || isModuleEffect(name)
    }

    /// Whether the name is a module's (`module.operation`).
    public static func isModuleEffect(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }
    }
}
