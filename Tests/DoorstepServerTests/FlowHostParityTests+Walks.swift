import DoorstepFlow
import Foundation

/// The scripted walks: one or more through every flow of the catalog, each as a person would take it,
/// wrong answers, a field left holding one, going back and a crowded server included.
extension FlowHostParityTests {
    static let walks: [Walk] = [tanda, tandaInACrowd, familySync, destiny, destinyAsGuest, kordant, trainer]

    static let tanda = Walk(
        name: "tanda",
        flowID: "tanda",
        moves: [
            .tap("getStarted"), .answer("email", "not-an-email"), .tap("continue"),
            .answer("email", "sam@example.com"), .tap("continue"), .answer("code", "000000"), .tap("verify"),
            .mailedCode("code", to: "sam@example.com"), .tap("verify"), .tap("continue"),
            .answer("password", "short"), .leave("password"), .answer("password", "Sunny-Days-2026"),
            .answer("confirmPassword", "Sunny-Days-2026"), .tap("continue"),
            .tap("notNow"), .answer("firstName", "Sam"), .answer("lastName", "Jones"), .tap("continue"),
            .answer("acceptedTerms", true), .answer("acceptedPrivacy", true), .tap("continue"), .tap("skip"),
        ])

    /// Every password hash refused, as when a crowd signs in at once: the person stays where they were
    /// with the same words in the app (after its retries) and on the web.
    static let tandaInACrowd = Walk(
        name: "tanda, the password hasher crowded",
        flowID: "tanda",
        moves: [
            .tap("getStarted"), .answer("email", "kim@example.com"), .tap("continue"),
            .mailedCode("code", to: "kim@example.com"), .tap("verify"), .tap("continue"),
            .answer("password", "Sunny-Days-2026"), .answer("confirmPassword", "Sunny-Days-2026"), .tap("continue"),
        ],
        crowded: true)

    /// A guest: the progress kept on the server is the guest account's.
    static let familySync = Walk(
        name: "familysync",
        flowID: "familysync",
        moves: [
            .tap("next"), .tap("next"), .tap("getStarted"), .tap("guest"), .answer("householdName", ""),
            .tap("create"), .answer("householdName", "Smith Family"), .tap("create"),
        ],
        serverMade: ["group.id", "group.inviteCode"])

    static let destiny = Walk(
        name: "destiny",
        flowID: "destiny",
        moves: [
            .tap("launched"), .tap("skip"), .tap("email"), .answer("email", "luna@example.com"), .tap("sendCode"),
            .mailedCode("code", to: "luna@example.com"), .tap("verify"), .answer("dateOfBirth", "1991-08-02"),
            .answer("timeOfBirth", "04:45"), .answer("cityOfBirth", "Lisbon"), .tap("continue"),
        ])

    /// "Continue as Guest": no account at all, after a half-typed address shown wrong on leaving its
    /// field, a tap it refuses, and the email screen's Back button.
    static let destinyAsGuest = Walk(
        name: "destiny as a guest",
        flowID: "destiny",
        moves: [
            .tap("launched"), .tap("skip"), .tap("email"), .answer("email", "luna@"), .leave("email"),
            .tap("sendCode"), .tap("back"), .tap("guest"), .answer("dateOfBirth", "1991-08-02"),
            .answer("timeOfBirth", "04:45"),
            .answer("cityOfBirth", "Lisbon"), .tap("continue"),
        ],
        keepsProgress: false)

    static let kordant = Walk(
        name: "kordant",
        flowID: "kordant",
        moves: [
            .tap("signUp"), .answer("fullName", "Dana Reyes"), .answer("email", "dana@example.com"),
            .answer("password", "Shield-Up-2026!"), .answer("confirmPassword", "Shield-Up-2026!"),
            .answer("acceptedTerms", false), .tap("createAccount"), .answer("fullName", "Dana Reyes"),
            .answer("email", "dana@example.com"), .answer("password", "Shield-Up-2026!"),
            .answer("confirmPassword", "Shield-Up-2026!"), .answer("acceptedTerms", true), .tap("createAccount"),
            .tap("notNow"), .answer("plan", "plus"), .tap("continue"),
            .answer("watchlist", ["dana@example.com", "+1 415 555 0100"]), .tap("continue"),
            .answer("familyInvites", ["sam@example.com"]), .tap("send"), .tap("getStarted"),
        ],
        serverMade: ["group.id", "group.inviteCode"])

    static let trainer: Walk = {
        var moves: [Move] = [.tap("continue"), .tap("finished"), .tap("getStarted")]
        let flow = try? FlowCatalog.bundled().flow("trainer")
        for screen in flow?.screens ?? [] where screen.section != nil {
            if let example = flow?.field(screen.id)?.example { moves.append(.answer(screen.id, example)) }
            moves.append(.tap("next"))
        }
        moves += [
            .tap("createProgram"), .answer("email", "alex@example.com"), .answer("agreedToTerms", true),
            .tap("continue"), .mailedCode("code", to: "alex@example.com"), .tap("verify"), .tap("prepare"),
            .firstOption("goalChoice"),
            .tap("confirm"), .tap("activate"), .tap("notNow"),
        ]
        return Walk(
            name: "trainer", flowID: "trainer", moves: moves,
            serverMade: ["goalChoice", "trainer.goalOptions", "trainer.goal.id", "trainer.program.id"])
    }()
}
