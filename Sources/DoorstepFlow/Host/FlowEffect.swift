/// The effects a flow can ask its host to perform — the one catalogue the SDK and the web funnel
/// both run: each effect's name, the arguments it reads and the results it delivers.
public enum FlowEffect: String, CaseIterable, Sendable {
    case identify, sendCode, verifyCode, signUp, logIn, forgotPassword, resetPassword, setPassword
    case signInWithApple, signInWithGoogle, signInWithPasskey, continueAsGuest, addPasskey
    case saveProfile, acceptConsents, pickImage, uploadAvatar
    case createGroup, joinGroup, inviteMembers
    case submitAnswers, checkAnswers, requestPermission, enableBiometrics, logOut, checkPasskeys, checkBiometrics
    case purchase, restorePurchases

    /// The arguments the effect reads; a flow passing any other is refused by the linter.
    public var argumentKeys: Set<String> {
        switch self {
        case .identify, .forgotPassword: ["email"]
        case .sendCode: ["email", "purpose"]
        case .verifyCode: ["email", "code", "purpose"]
        case .signUp: ["email", "password", "firstName", "lastName", "name", "consents"]
        case .logIn: ["email", "password", "remember"]
        case .resetPassword: ["email", "code", "newPassword"]
        case .setPassword: ["newPassword"]
        case .signInWithApple, .signInWithGoogle, .signInWithPasskey, .continueAsGuest: ["remember"]
        case .addPasskey: ["name"]
        case .saveProfile: ["firstName", "lastName", "name"]
        case .acceptConsents: ["consents"]
        case .pickImage, .purchase: ["field"]
        case .uploadAvatar: ["image"]
        case .createGroup: ["name", "kind"]
        case .joinGroup: ["inviteCode"]
        case .inviteMembers: ["groupId", "emails"]
        case .submitAnswers: ["fields"]
        case .requestPermission: ["permission"]
        case .checkAnswers, .enableBiometrics, .logOut, .checkPasskeys, .checkBiometrics, .restorePurchases:
            []
        }
    }

    /// The results the effect delivers when it succeeds.
    public var results: [EffectResultKey] {
        switch self {
        case .identify: [.fixed("account.exists"), .fixed("account.hasPassword")]
        case .verifyCode, .signUp, .logIn, .resetPassword, .signInWithApple, .signInWithGoogle, .signInWithPasskey:
            EffectSignIn.keys.map(EffectResultKey.fixed)
        case .continueAsGuest: [.fixed("session.isGuest")]
        case .addPasskey: [.fixed("passkey.added")]
        case .pickImage: [.namedBy(argument: "field", prefix: "")]
        case .uploadAvatar: [.fixed("avatar.url")]
        case .createGroup, .joinGroup: EffectGroup.keys.map(EffectResultKey.fixed)
        case .inviteMembers: [.fixed("invitations.sent")]
        case .submitAnswers, .checkAnswers: [.fixed("flow.completed")]
        case .requestPermission: [.namedBy(argument: "permission", prefix: "permission.")]
        case .enableBiometrics: [.fixed("biometrics.enabled")]
        case .checkPasskeys: [.fixed("passkey.available")]
        case .checkBiometrics: [.fixed("biometrics.available")]
        case .purchase, .restorePurchases: [.fixed("entitlement")]
        case .setPassword: [.fixed("password.set")]
        case .logOut: [.fixed("session.active")]
        case .sendCode, .forgotPassword, .saveProfile, .acceptConsents: []
        }
    }

    /// Whether a result key is one this effect delivers for a call with these arguments.
    public func delivers(_ key: String, arguments: [String: Value]) -> Bool {
        results.contains { result in
            switch result {
            case .fixed(let fixed): fixed == key
            case .namedBy(let argument, let prefix):
                arguments[argument]?.stringValue.map { prefix + $0 == key }
                    ?? (key.hasPrefix(prefix) && key.count > prefix.count)
            }
        }
    }

    /// Whether hosts can be expected to run an effect of this name: one of the catalogue, or another
    /// module's (`module.operation`), which its host registers.
    public static func isKnown(_ name: String) -> Bool {
        FlowEffect(rawValue: name) != nil || isModuleEffect(name)
    }

    /// Whether the name is a module's (`module.operation`).
    public static func isModuleEffect(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }
    }
}

/// A result an effect delivers: a fixed key, or one named by an argument (`pickImage` answers the
/// field it was given; `requestPermission` sets `permission.<name>`).
public enum EffectResultKey: Sendable, Hashable {
    case fixed(String)
    case namedBy(argument: String, prefix: String)
}
