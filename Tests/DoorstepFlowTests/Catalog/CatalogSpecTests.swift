import DoorstepFlow
import Foundation
import Testing

/// The reference flows carry their specs' texts, rules and design tokens exactly.
@Suite("Catalog against the specs")
struct CatalogSpecTests {
    func texts(_ flow: FlowDefinition, _ screen: String) throws -> [String] {
        let screen = try #require(flow.screen(screen))
        return screen.blocks.compactMap(\.text) + screen.actions.compactMap(\.title)
            + screen.blocks.compactMap(\.label) + screen.blocks.compactMap(\.placeholder)
            + screen.blocks.compactMap(\.linkText) + screen.blocks.compactMap(\.confirmLabel)
    }

    @Test("The catalog lists the five flows in order")
    func ids() {
        #expect(Catalog.bundled.flows.map(\.id) == ["tanda", "trainer", "familysync", "destiny", "kordant"])
    }

    @Test("TANDA's tokens: colours, type scale, spacing and radii")
    func tandaTokens() throws {
        let theme = try Catalog.flow("tanda").theme
        #expect(theme.color("purple.500") == "#8B5CF6")
        // Where a spec colour reads below WCAG AA, its hue is kept and its lightness moved until it passes.
        #expect(theme.color("accent") == "#8452F5")
        #expect(theme.color("link") == "#A079F8")
        #expect(theme.color("purple.600") == "#7C3AED")
        #expect(theme.color("background") == "#111827")
        #expect(theme.color("surface") == "#1F2937")
        #expect(theme.color("border") == "#374151")
        #expect(theme.color("textSecondary") == "#9CA3AF")
        #expect(theme.color("neutral.500") == "#6B7280")
        #expect(theme.color("textTertiary") == "#8B919E")
        #expect(theme.color("danger") == "#EF4444")
        #expect(theme.color("success") == "#22C55E")
        #expect(theme.color("warning") == "#F59E0B")
        #expect(theme.color("coral.500") == "#F68896")
        #expect(theme.color("deepPurple.500") == "#31005C")
        let scale = theme.typography.mapValues { "\(Int($0.size)) \($0.weight)" }
        #expect(
            scale == [
                "display.m": "28 bold", "heading.l": "22 bold", "heading.s": "17 semibold",
                "label.l": "17 medium", "label.s": "13 medium", "label.xs": "11 medium",
                "paragraph.l": "17 regular", "paragraph.m": "15 regular", "paragraph.s": "13 regular",
            ])
        #expect(theme.spacing == ["xxs": 2, "xs": 4, "sm": 8, "md": 16, "lg": 24, "xl": 32, "xxl": 48])
        #expect(
            theme.radius["sm"] == 8 && theme.radius["md"] == 12 && theme.radius["lg"] == 16 && theme.radius["xl"] == 24)
        #expect(theme.appearance == .dark)
    }

    @Test("TANDA's screens say what the spec says")
    func tandaTexts() throws {
        let flow = try Catalog.flow("tanda")
        #expect(try texts(flow, "slide1").contains("Share Funds for Shared Fun"))
        #expect(try texts(flow, "slide2").contains("Save Together, Achieve More"))
        #expect(try texts(flow, "slide3").contains("Your Goals, Within Reach"))
        let create = try texts(flow, "createAccount")
        for text in ["Create Account", "Email", "name@example.com", "Continue", "or continue with"] {
            #expect(create.contains(text))
        }
        #expect(flow.screen("createAccount")?.action("continue")?.loadingTitle == "Checking...")
        #expect(try texts(flow, "passwordLogin").contains("Welcome Back"))
        #expect(try texts(flow, "verifyEmail").contains("Check Your Email"))
        #expect(try texts(flow, "verifyEmail").contains("We sent a verification code to"))
        #expect(try texts(flow, "celebration").contains("You're In!"))
        #expect(try texts(flow, "createPassword").contains("Create a Password"))
        #expect(try texts(flow, "createPassword").contains("Confirm Password"))
        #expect(try texts(flow, "name").contains("What's Your Name?"))
        #expect(try texts(flow, "name").contains("First Name"))
        #expect(try texts(flow, "legal").contains("Terms & Privacy"))
        #expect(try texts(flow, "legal").contains("Terms of Service"))
        #expect(try texts(flow, "legal").contains("Privacy Policy"))
        #expect(try texts(flow, "photo").contains("Add a Photo"))
        #expect(try texts(flow, "photo").contains("Skip for Now"))
        let login = try #require(flow.transitions.first { $0.from == "passwordLogin" && $0.on == "signIn" })
        #expect(
            login.effects?.first?.errors?["invalid_credentials"]?.message == "Incorrect password. Please try again.")
        #expect(flow.screen("verifyEmail")?.action("resend")?.cooldown == Cooldown(effect: "sendCode", seconds: 60))
        #expect(flow.screen("createPassword")?.blocks.first { $0.kind == .password }?.strength == .tanda)
    }

    @Test("The trainer's intake: every LocalIntakeData field, its screen type, in 10 sections in order")
    func trainerIntake() throws {
        let flow = try Catalog.flow("trainer")
        let intake = [
            "name", "age", "gender", "goals", "timeline", "experienceLevel", "frequency", "currentRoutine",
            "pastAttempts", "hobbySports", "height", "weight", "bodyComp", "physicalBaseline", "mobility",
            "injuries", "healthNuances", "supplements", "activityLevel", "sleep", "nutrition", "environment",
            "movementPrefs", "coachingStyle", "anythingElse",
        ]
        let questionScreens = flow.screens.filter { $0.section != nil }
        #expect(questionScreens.map(\.id) == intake)
        #expect(flow.field("name")?.kind == .text)
        #expect(["age", "height", "weight"].allSatisfy { flow.field($0)?.kind == .int })
        #expect(flow.screen("name")?.template == "textInput")
        #expect(flow.screen("gender")?.template == "simpleSelect")
        #expect(["age", "height", "weight"].allSatisfy { flow.screen($0)?.template == "stepper" })
        #expect(flow.field("height")?.unit == "in")
        #expect(flow.field("weight")?.unit == "lb")
        #expect(flow.screen("height")?.blocks.first { $0.kind == .stepper }?.display == .feetInches)
        #expect(
            flow.sections.map(\.label) == [
                "ABOUT YOU", "YOUR GOALS", "TRAINING HISTORY", "BODY METRICS",
                "FITNESS BASELINE", "HEALTH", "LIFESTYLE", "EQUIPMENT", "PREFERENCES",
                "ALMOST DONE",
            ])
        let flowOrder =
            ["introHero", "introNarration", "introCTA"] + intake
            + [
                "complete", "auth", "signIn", "otp", "keepIntake", "preparingGoals", "goalReview", "programReview",
                "notifications", "success", "welcomeBack",
            ]
        #expect(flow.screens.map(\.id) == flowOrder)
    }

    @Test("The trainer's intro, complete and review texts")
    func trainerTexts() throws {
        let flow = try Catalog.flow("trainer")
        #expect(try texts(flow, "introHero").contains("Meet your pocket-sized personal trainer."))
        #expect(try texts(flow, "introHero").contains("Tap to continue"))
        let narration = flow.screen("introNarration")?.blocks.first { $0.kind == .narration }?.lines
        #expect(
            narration == [
                "I make getting in shape simple.",
                "I'll build a workout plan around your life, your goals, and your body.",
                "As you progress, I adapt — so your plan always fits.",
                "And when you're training, I'm right there to guide every rep.",
            ])
        #expect(try texts(flow, "introCTA").contains("Let's build your program."))
        #expect(
            try texts(flow, "introCTA").contains(
                "I'll ask some questions — talk or type. The more I know, the better your plan."))
        #expect(try texts(flow, "introCTA").contains("Get Started"))
        #expect(try texts(flow, "complete").contains("Got it, {name}."))
        #expect(try texts(flow, "complete").contains("Create my program"))
        #expect(try texts(flow, "goalReview").contains("Which goal feels right?"))
        #expect(
            try texts(flow, "goalReview").contains(
                "Based on what you told me, here are some directions we could take."))
        #expect(try texts(flow, "goalReview").contains("Suggest changes..."))
        #expect(try texts(flow, "programReview").contains("Activate Program"))
        #expect(flow.screen("introHero")?.blocks.first?.size == 140)
        #expect(flow.screen("introNarration")?.blocks.first?.size == 32)
        #expect(flow.screen("introCTA")?.blocks.first?.size == 56)
        #expect(flow.screen("complete")?.blocks.first?.size == 100)
    }

    @Test("FamilySync's slides, Aurora palettes, sync choice, household setup and empty state")
    func familySync() throws {
        let flow = try Catalog.flow("familysync")
        #expect(try texts(flow, "slide1").contains("Sync your home."))
        #expect(try texts(flow, "slide2").contains("Never forget the milk."))
        #expect(try texts(flow, "slide3").contains("Dream together."))
        #expect(
            try texts(flow, "slide2").contains(
                "Items move to 'Restock' when checked, ready to be added back for the next trip."))
        let theme = flow.theme
        let calm = try #require(theme.backgrounds?["calmSync"]?.orbs)
        #expect(
            calm.map { [theme.color($0.light), theme.color($0.dark)] }
                == [["#A5B4FC", "#312E81"], ["#93C5FD", "#1E3A8A"], ["#BAE6FD", "#075985"]])
        let fresh = try #require(theme.backgrounds?["freshAction"]?.orbs)
        #expect(fresh.map(\.light) == ["emerald.300", "teal.300", "green.100"])
        let warm = try #require(theme.backgrounds?["warmDreams"]?.orbs)
        #expect(warm.map(\.dark) == ["orange.900", "rose.900", "amber.900"])
        #expect(theme.backgrounds?["calmSync"]?.overlayOpacity == 0.1)
        let choice = try texts(flow, "syncChoice")
        for text in [
            "Choose how to save.", "Select where your data lives.", "Sign in with Apple",
            "Your lists are kept on FamilySync's servers under your Apple ID, the same on every device you sign in on. No new passwords required.",
            "Continue as Guest",
            "Data is saved only on this device.",
        ] {
            #expect(choice.contains(text))
        }
        #expect(flow.screen("syncChoice")?.blocks.first { $0.label == "Sign in with Apple" }?.badge == "Recommended")
        let setup = try texts(flow, "householdSetup")
        for text in [
            "Name your household.", "e.g. Smith Family", "Create Household", "Skip",
            "Have an invite code? Join Household",
        ] {
            #expect(setup.contains(text))
        }
        #expect(flow.screen("householdSetup")?.blocks.first?.helper == nil)
        #expect(flow.screen("householdSetup")?.blocks[1].helper == "This name will be visible to members you invite.")
        let main = try texts(flow, "mainApp")
        for text in [
            "No Household Active", "Create Household", "Join Existing",
            "To share shopping lists and tasks, you need to create or join a household.",
        ] {
            #expect(main.contains(text))
        }
    }

    @Test("Destiny's splash, slides, auth options and birth data")
    func destiny() throws {
        let flow = try Catalog.flow("destiny")
        #expect(flow.screen("splash")?.action("launched")?.after == 2)
        #expect(try texts(flow, "splash").contains("destiny"))
        #expect(try texts(flow, "splash").contains("AI Astrology"))
        #expect(try texts(flow, "slide1").contains("ChatGPT Store's most loved"))
        #expect(try texts(flow, "slide2").contains("What is Destiny AI Astrology?"))
        #expect(try texts(flow, "slide3").contains("How Destiny delivers personal insights"))
        #expect(try texts(flow, "slide4").contains("Here's what you can do"))
        #expect(
            flow.screen("slide4")?.blocks.first { $0.kind == .features }?.items?.map(\.title)
                == ["Ask Me Anything", "Compatibility", "Chat History", "Higher Accuracy"])
        let auth = try texts(flow, "auth")
        for text in [
            "Welcome to Destiny", "Your personal astrology companion", "Sign in with Apple",
            "Sign in with Google", "Sign in with Email", "Continue as Guest",
            "By continuing, you agree to our Terms and Privacy Policy",
        ] {
            #expect(auth.contains(text))
        }
        let birth = try texts(flow, "birthData")
        for text in [
            "Tell us about yourself", "Enter your birth details so we can create your profile",
            "Date of Birth", "Time of Birth", "City of Birth", "Enter city name", "Gender (optional)",
        ] {
            #expect(birth.contains(text))
        }
        #expect(["dateOfBirth", "timeOfBirth", "cityOfBirth", "gender"].allSatisfy { flow.field($0) != nil })
        #expect(flow.field("gender")?.isRequired == false)
        #expect(flow.field("gender")?.options?.map(\.displayTitle) == ["Prefer not to say", "Male", "Female", "Other"])
    }

    @Test("Kordant's login, sign-up, reset, plans, watchlist, invites, completion and Face ID")
    func kordant() throws {
        let flow = try Catalog.flow("kordant")
        let login = try texts(flow, "login")
        for text in [
            "Remember me", "Forgot password?", "Sign In", "Don't have an account? Sign up",
            "Sign in with Apple", "Sign in with Google",
        ] {
            #expect(login.contains(text))
        }
        let signup = try texts(flow, "signup")
        for text in ["Name", "Email", "Password", "Confirm Password", "Create Account"] {
            #expect(signup.contains(text))
        }
        #expect(flow.screen("signup")?.blocks.first { $0.kind == .password }?.strength == .kordant)
        #expect(try texts(flow, "resetSent").contains("Check your email for reset instructions"))
        #expect(flow.field("plan")?.options?.map(\.displayTitle) == ["Basic", "Plus", "Premium"])
        #expect(flow.field("watchlist")?.rule == .emailOrPhone)
        #expect(flow.progress.first?.style == .dots)
        #expect(flow.progress.first?.sections.count == 4)
        #expect(try texts(flow, "done").contains("Get Started"))
        #expect(try texts(flow, "invite").contains("Skip"))
        #expect(try texts(flow, "enableFaceID").contains("Enable Face ID"))
    }
}
