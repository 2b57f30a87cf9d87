import DoorstepFlow
import DoorstepPresentation
import Foundation
import Testing

/// The spec rules that live in the presentation, checked on the catalog's flows.
@Suite("Screen presenter")
struct PresenterTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func present(
        _ flowID: String, at screen: String, answers: [String: Value] = [:], typed: [String: Value] = [:],
        providers: Set<String>? = nil, prepare: (inout FlowSnapshot) -> Void = { _ in }
    ) throws -> ScreenPresentation {
        let flow = try #require(try FlowCatalog.bundled().flow(flowID))
        var snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen, answers: answers)
        prepare(&snapshot)
        var engine = try FlowEngine(flow: flow, restoring: snapshot)
        for (field, value) in typed { _ = engine.handle(.answerChanged(field: field, value: value), at: now) }
        return ScreenPresenter(engine: engine, now: now, offeredProviders: providers).present()
    }

    @Test("Kordant's \"Sign up with a passkey\" shows only where passkeys are offered, as a passkey action does")
    func passkeySignUpNeedsPasskeys() throws {
        let ids = { (screen: ScreenPresentation) in screen.allActions.map(\.id) }
        #expect(ids(try present("kordant", at: "signup", providers: ["passkey"])).contains("passkeySignUp"))
        #expect(!ids(try present("kordant", at: "signup", providers: [])).contains("passkeySignUp"))
    }

    @Test("TANDA's primary button is drawn in the accent colour with white words, and waits for the email")
    func tandaPrimaryButton() throws {
        let screen = try present("tanda", at: "createAccount")
        let primary = try #require(screen.dock.first)
        #expect(primary.role == .primary && primary.title == "Continue")
        #expect(primary.requiredFields == ["email"])
        #expect(primary.isEnabled == false)
        #expect(primary.look.color == ColorPair(try #require(RGBA(hex: "#FFFFFF"))))
        // The spec's purple.500 with its lightness moved until white words on it read at WCAG AA.
        let purple = try #require(try FlowCatalog.bundled().flow("tanda")?.theme.palette["purple.500.aa"])
        #expect(screen.theme.color("accent") == ColorPair(try #require(RGBA(hex: purple))))
        #expect(primary.look.colorRole == "onAccent")
        #expect(screen.defaultAction == "continue")
    }

    @Test("Kordant's password checklist shows which rules the typed password meets, never the password")
    func kordantChecklist() throws {
        let weak = try present("kordant", at: "signup", typed: ["password": "abcdefgh"])
        let strong = try present("kordant", at: "signup", typed: ["password": "Abcdefg1!xyz"])
        func strength(_ screen: ScreenPresentation) throws -> (StrengthContent, FieldPresentation) {
            for block in screen.blocks {
                if case .password(let content) = block.content, let strength = content.strength {
                    return (strength, content.field)
                }
            }
            throw PresenterTestError.missing("a password with a strength meter")
        }
        let (weakStrength, weakField) = try strength(weak)
        let (strongStrength, _) = try strength(strong)
        #expect(weakStrength.rules == .kordant)
        #expect(weakStrength.checks.contains { !$0.isMet })
        #expect(strongStrength.checks.allSatisfy { $0.isMet })
        #expect(strongStrength.filledSegments > weakStrength.filledSegments)
        #expect(weakField.value.isEmpty && weakField.isSecure && weakField.contentType == .newPassword)
        let encoded = String(decoding: try JSONEncoder().encode(strong), as: UTF8.self)
        #expect(!encoded.contains("Abcdefg1!xyz"))
    }

    @Test("Kordant's sign-up moves Return from name to email to password, and from the last to the button")
    func kordantFocusOrder() throws {
        let screen = try present("kordant", at: "signup")
        var fields: [FieldPresentation] = []
        for block in screen.blocks {
            switch block.content {
            case .textField(let content): fields.append(content.field)
            case .password(let content): fields += [content.field] + [content.confirmation].compactMap { $0 }
            default: break
            }
        }
        #expect(fields.map(\.id).prefix(3) == ["fullName", "email", "password"])
        #expect(fields[0].returnFocuses == "email" && fields[0].returnKey == .next)
        #expect(fields[0].contentType == .name && fields[0].capitalization == .words)
        #expect(fields[1].keyboard == .emailAddress && fields[1].capitalization == .none)
        #expect(fields.last?.returnFocuses == nil && fields.last?.returnKey == .go)
        #expect(screen.defaultAction == "createAccount")
    }

    @Test("The trainer's questions carry the section's name above a sectioned progress bar")
    func trainerSectionHeader() throws {
        let flow = try #require(try FlowCatalog.bundled().flow("trainer"))
        let question = try #require(flow.screens.first { $0.template == "stepper" })
        let screen = try present("trainer", at: question.id)
        let progress = try #require(screen.navigation?.progress)
        #expect(progress.style == .sectioned)
        #expect(progress.sectionLabel == flow.sections.first { $0.id == question.section }?.label)
        #expect(progress.accessibilityLabel.hasPrefix("Step \(progress.current) of \(progress.segments.count)"))
        #expect(progress.animation == .crossfadeLabel)
        let stepper = try #require(
            screen.blocks.compactMap { block -> StepperContent? in
                if case .stepper(let content) = block.content { return content }
                return nil
            }.first)
        #expect(stepper.canIncrement && stepper.field.keyboard == .numberPad)
    }

    @Test("Destiny's birth data: a date no later than today, a time, a city the system does not fill, a gender")
    func destinyBirthData() throws {
        let screen = try present("destiny", at: "birthData")
        var pickers: [PickerContent] = []
        var city: FieldPresentation?
        var gender: ChoicesContent?
        for block in screen.blocks {
            switch block.content {
            case .picker(let picker): pickers.append(picker)
            case .textField(let content) where content.field.id == "cityOfBirth": city = content.field
            case .choices(let content): gender = content
            default: break
            }
        }
        #expect(pickers.map(\.mode) == [.date, .time])
        #expect(pickers.first?.latest == CalendarDate(now).description)
        #expect(city?.contentType == ContentKind.none && city?.capitalization == .words)
        #expect(gender?.field.id == "gender" && gender?.style == .list && gender?.allowsMany == false)
    }

    @Test("A sent code's resend waits out its minute, counting down, and cannot be tapped")
    func resendCountdown() throws {
        let screen = try present("tanda", at: "verifyEmail", answers: ["email": "ada@example.com"]) { snapshot in
            snapshot.effectTimes["sendCode"] = now.addingTimeInterval(-12)
        }
        let resend = try #require(screen.allActions.first { $0.id == "resend" })
        #expect(resend.countdown == 48)
        #expect(resend.title == "\(resend.baseTitle) in 48s")
        #expect(resend.isEnabled == false)
        #expect(resend.accessibility.traits.contains(.notEnabled))
        let code = try #require(
            screen.blocks.compactMap { block -> CodeEntryContent? in
                if case .codeEntry(let content) = block.content { return content }
                return nil
            }.first)
        #expect(code.length == 6 && code.field.contentType == .oneTimeCode && code.field.keyboard == .numberPad)
    }

    @Test("The resend counts down to a fixed moment and turns enabled when the screen is presented then")
    func resendCountsToAnEnd() throws {
        let sent = now.addingTimeInterval(-12)
        let screen = try present("tanda", at: "verifyEmail", answers: ["email": "ada@example.com"]) { snapshot in
            snapshot.effectTimes["sendCode"] = sent
        }
        let resend = try #require(screen.allActions.first { $0.id == "resend" })
        let end = sent.addingTimeInterval(60)
        #expect(resend.availableAt == end && screen.nextCountdownEnd == end)
        #expect(resend.title(at: now.addingTimeInterval(30)) == "\(resend.baseTitle) in 18s")
        #expect(resend.title(at: end.addingTimeInterval(-0.5)) == "\(resend.baseTitle) in 1s")
        #expect(resend.title(at: end) == resend.baseTitle)

        let flow = try #require(try FlowCatalog.bundled().flow("tanda"))
        var snapshot = FlowSnapshot(
            flowID: flow.id, flowVersion: flow.version, screen: "verifyEmail", answers: ["email": "ada@example.com"])
        snapshot.effectTimes["sendCode"] = sent
        let later = ScreenPresenter(engine: try FlowEngine(flow: flow, restoring: snapshot), now: end).present()
        let enabled = try #require(later.allActions.first { $0.id == "resend" })
        #expect(enabled.isEnabled && enabled.title == enabled.baseTitle && later.nextCountdownEnd == nil)
    }

    @Test("A refused password empties its input: the field says so once per refusal, never with the password")
    func refusedPasswordResetsInput() throws {
        let flow = try #require(try FlowCatalog.bundled().flow("tanda"))
        var engine = try FlowEngine(
            flow: flow,
            restoring: FlowSnapshot(
                flowID: flow.id, flowVersion: flow.version, screen: "passwordLogin",
                answers: ["email": "sam@example.com"]))
        func passwordField() throws -> FieldPresentation {
            let screen = ScreenPresenter(engine: engine, now: now).present()
            return try #require(screen.blocks.lazy.compactMap { $0.content.field("loginPassword") }.first)
        }
        engine.handle(.answerChanged(field: "loginPassword", value: "Wrong-Harbor-1"), at: now)
        #expect(try passwordField().resets == nil)
        let commands = engine.handle(.actionTapped("signIn"), at: now)
        for case .perform(let request) in commands {
            engine.handle(
                .effectFinished(
                    EffectOutcome(requestID: request.id, result: .failure(code: "invalid_credentials", message: nil))),
                at: now)
        }
        let field = try passwordField()
        #expect(field.resets == 1 && field.value.isEmpty)
    }

    @Test("Where a passkey can sign in, the email field offers passkeys in AutoFill and presses the passkey button")
    func passkeyAutoFill() throws {
        let tanda = try present("tanda", at: "createAccount", providers: ["apple", "passkey"])
        #expect(tanda.passkeyAutoFillAction?.id == "passkey")
        let kordant = try present("kordant", at: "login", providers: ["passkey"])
        #expect(kordant.passkeyAutoFillAction?.id == "passkey")
        let withoutPasskeys = try present("tanda", at: "createAccount", providers: ["apple"])
        #expect(withoutPasskeys.passkeyAutoFillAction == nil)
    }

    @Test("A host that cannot start Google or Apple sign-in shows neither button, nor the divider before them")
    func providersOffered() throws {
        let all = try present("tanda", at: "createAccount")
        let none = try present("tanda", at: "createAccount", providers: [])
        #expect(all.blocks.contains { $0.kind == .socialButton })
        #expect(all.blocks.contains { $0.kind == .divider })
        #expect(!none.blocks.contains { $0.kind == .socialButton || $0.kind == .divider })
        #expect(!none.allActions.contains { $0.provider != nil })
    }

    @Test("FamilySync ticks as its carousel pages and celebrates a new household; its slides drift")
    func familySyncHapticsAndAurora() throws {
        let slide = try present("familysync", at: "slide1")
        #expect(slide.carousel?.next?.haptic == .selection)
        #expect(slide.background?.kind == .aurora && slide.background?.animation == .auroraDrift)
        let orbs = try #require(slide.background?.orbs)
        #expect(orbs.count == 3 && orbs.allSatisfy { $0.color.light != $0.color.dark })
        let setup = try present("familysync", at: "householdSetup")
        #expect(setup.dock.first { $0.id == "create" }?.haptic == .success)
    }

    @Test("A refused answer is shown under its field, focused, shaken and felt")
    func refusedAnswer() throws {
        let screen = try present("tanda", at: "createAccount", answers: ["email": "nope"]) { snapshot in
            snapshot.issues = [FieldIssue(field: "email", code: "invalid", message: "Enter a valid email address.")]
        }
        let block = try #require(screen.blocks.first { $0.id == "email" })
        guard case .textField(let content) = block.content else {
            Issue.record("email is not a text field")
            return
        }
        #expect(content.field.error == "Enter a valid email address.")
        #expect(content.field.accessibilityHint == "Enter a valid email address.")
        #expect(content.field.value == "nope" && content.field.isFocused)
        #expect(screen.focusedField == "email" && block.animation == .shake && screen.haptic == .error)
    }

    @Test("Destiny's email carries the engine's words for a wrong address, for a renderer to show on leaving it")
    func checkMessagesForALeftField() throws {
        let screen = try present("destiny", at: "emailEntry", typed: ["email": "not-an-email"])
        let block = try #require(screen.blocks.first { $0.id == "email" || $0.content.field("email") != nil })
        guard case .textField(let content) = block.content else {
            Issue.record("email is not a text field")
            return
        }
        #expect(content.field.checkMessages == FieldCheckMessages(wrongForm: "Please enter a valid email address."))
        #expect(content.field.error == nil, "nothing is said while the person is still typing")
        #expect(screen.dock.first { $0.role == .primary }?.isEnabled == false)

        var engine = try FlowEngine(
            flow: try #require(try FlowCatalog.bundled().flow("destiny")),
            restoring: FlowSnapshot(flowID: "destiny", flowVersion: 1, screen: "emailEntry"))
        engine.handle(.answerChanged(field: "email", value: "not-an-email"), at: now)
        engine.handle(.fieldLeft("email"), at: now)
        let left = ScreenPresenter(engine: engine, now: now).present()
        let leftBlock = try #require(left.blocks.first { $0.content.field("email") != nil })
        #expect(leftBlock.content.field("email")?.error == content.field.checkMessages?.wrongForm)
    }

    @Test("The Trainer's goal options load behind three skeleton cards, the work named for VoiceOver")
    func goalSkeleton() throws {
        let screen = try present("trainer", at: "preparingGoals")
        let skeletons = screen.blocks.compactMap { block -> (SkeletonContent, AccessibilityPresentation)? in
            guard case .skeleton(let skeleton) = block.content else { return nil }
            return (skeleton, block.accessibility)
        }
        #expect(skeletons.count == 1)
        #expect(skeletons.first?.0.cards == 3)
        #expect(skeletons.first?.0.label == "Finding directions that fit you...")
        #expect(skeletons.first?.1.label == "Finding directions that fit you...")
    }

    @Test("A password and its confirmation carry the words for too short and for a mismatch")
    func checkMessagesForPasswords() throws {
        let screen = try present("kordant", at: "signup")
        let fields = screen.blocks.compactMap { block -> [FieldPresentation]? in
            guard case .password(let content) = block.content else { return nil }
            return [content.field] + (content.confirmation.map { [$0] } ?? [])
        }.flatMap { $0 }
        #expect(fields.first?.checkMessages?.tooShort?.contains("at least") == true)
        #expect(fields.last?.checkMessages?.mismatch == "Passwords don't match.", "Kordant's own words")
    }

    @Test("Without a problem, VoiceOver hears the field's helper on the control; with one, the problem")
    func helperThenProblemAsHint() throws {
        func householdName(_ screen: ScreenPresentation) throws -> FieldPresentation {
            let block = try #require(screen.blocks.first { $0.id == "householdName" })
            guard case .textField(let content) = block.content else {
                throw PresenterTestError.missing("householdName text field")
            }
            return content.field
        }
        let helper = "This name will be visible to members you invite."
        #expect(try householdName(present("familysync", at: "householdSetup")).accessibilityHint == helper)
        let refused = try present("familysync", at: "householdSetup") { snapshot in
            snapshot.issues = [FieldIssue(field: "householdName", code: "required", message: "Name your household.")]
        }
        #expect(try householdName(refused).accessibilityHint == "Name your household.")
    }

    @Test("The question before a link finishes its sentence: \"Already have an account? Sign in\"")
    func questionAndLink() throws {
        let screen = try present("tanda", at: "createAccount")
        let last = try #require(screen.blocks.last { $0.kind == .text })
        guard case .text(let text) = last.content else { return }
        #expect(text.text.text == "Already have an account?")
        #expect(text.trailingActions.map(\.role) == [.link])
    }

    @Test("Under reduced motion, motion holds still and changes cross-fade")
    func reducedMotion() {
        #expect(AnimationIntent.orbBreathe.underReducedMotion() == nil)
        #expect(AnimationIntent.wordByWord.underReducedMotion() == nil)
        #expect(AnimationIntent.progressFill.underReducedMotion() == .crossfadeLabel)
    }
}

enum PresenterTestError: Error {
    case missing(String)
}
