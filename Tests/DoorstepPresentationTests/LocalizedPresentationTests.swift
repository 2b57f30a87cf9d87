import DoorstepFlow
import DoorstepPresentation
import Foundation
import Testing

/// A translated flow reads in its language from edge to edge: the renderers' own words too, and
/// right to left for Arabic.
@Suite("Presentations in the person's language")
struct LocalizedPresentationTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func present(
        _ flowID: String, at screen: String, in language: String, prepare: (inout FlowSnapshot) -> Void = { _ in }
    ) throws -> ScreenPresentation {
        let source = try #require(try FlowCatalog.bundled().flow(flowID))
        let flow = source.localized(with: try FlowCatalog.strings(flowID), preferredLanguages: [language]).definition
        var snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen)
        prepare(&snapshot)
        return ScreenPresenter(engine: try FlowEngine(flow: flow, restoring: snapshot), now: now).present()
    }

    @Test("TANDA in Arabic reads right to left, its back button an arrow named in Arabic, its steps counted in Arabic")
    func tandaArabic() throws {
        let screen = try present("tanda", at: "createPassword", in: "ar")
        #expect(screen.language == "ar" && screen.isRightToLeft)
        let back = try #require(screen.navigation?.leading.first)
        #expect(back.title == "رجوع")
        #expect(back.symbolPlacement == .only, "an arrow alone, as in English")
        #expect(back.accessibility.label == "رجوع")
        let progress = try #require(screen.navigation?.progress)
        #expect(progress.accessibilityLabel.hasPrefix("الخطوة "), "\(progress.accessibilityLabel)")
        #expect(!progress.accessibilityLabel.contains("Step"))
    }

    @Test("An English flow says so by saying nothing: no language, left to right, the words as before")
    func englishUnchanged() throws {
        let source = try #require(try FlowCatalog.bundled().flow("tanda"))
        let engine = try FlowEngine(
            flow: source,
            restoring: FlowSnapshot(flowID: "tanda", flowVersion: source.version, screen: "createPassword"))
        let screen = ScreenPresenter(engine: engine, now: now).present()
        #expect(screen.language == nil && !screen.isRightToLeft)
        #expect(screen.navigation?.progress?.accessibilityLabel.hasPrefix("Step ") == true)
        #expect(screen.navigation?.leading.first?.symbolPlacement == .only)
    }

    @Test("A resend countdown counts in the person's language, now and as it ticks")
    func countdownInSpanish() throws {
        let screen = try present("tanda", at: "verifyEmail", in: "es") { snapshot in
            snapshot.effectTimes["sendCode"] = now.addingTimeInterval(-18)
        }
        let resend = try #require(screen.allActions.first { $0.id == "resend" })
        #expect(resend.countdown == 42)
        #expect(resend.title == "\(resend.baseTitle) en 42 s", "\(resend.title)")
        #expect(resend.title(at: now.addingTimeInterval(30)) == "\(resend.baseTitle) en 12 s")
        #expect(resend.title(at: now.addingTimeInterval(60)) == resend.baseTitle)
        #expect(resend.accessibility.hint == "Disponible en 42 segundos")
        #expect(!resend.baseTitle.contains("Resend"), "the flow's own word is translated too")
    }

    @Test("FamilySync's carousel dots are counted in Arabic")
    func familySyncDots() throws {
        let screen = try present("familysync", at: "slide1", in: "ar")
        let dots = try #require(screen.carousel?.dots)
        #expect(dots.accessibilityLabel.hasPrefix("الصفحة "), "\(dots.accessibilityLabel)")
    }

    @Test("The trainer's height is in pulgadas for a Spanish reader")
    func trainerUnitsInSpanish() throws {
        let screen = try present("trainer", at: "height", in: "es")
        let stepper = try #require(
            screen.blocks.lazy.compactMap { block -> StepperContent? in
                if case .stepper(let content) = block.content { return content }
                return nil
            }.first)
        #expect(stepper.unit == "pulgadas")
    }

    @Test("A left or right arrow is drawn as its backward or forward twin, so it mirrors right to left")
    func directionalSymbols() {
        #expect(DirectionalSymbol.drawn("chevron.left") == "chevron.backward")
        #expect(DirectionalSymbol.drawn("chevron.right") == "chevron.forward")
        #expect(DirectionalSymbol.drawn("arrow.right.circle.fill") == "arrow.forward.circle.fill")
        #expect(DirectionalSymbol.drawn("chevron.leftward") == "chevron.leftward", "only whole names")
        #expect(DirectionalSymbol.drawn("xmark") == "xmark")
    }

    @Test("The question before a sensitive change is asked in the person's language")
    func identityQuestionInArabic() {
        let words = PresentationWords(preferring: ["ar-EG"])
        let sheet = IdentityConfirmationPresentation(hasPassword: false, email: "sam@example.com", words: words)
        #expect(sheet.title != "Confirm it's you" && sheet.cancelTitle == "إلغاء")
        #expect(sheet.message.contains("sam@example.com") && !sheet.message.contains("{email}"))
        let english = IdentityConfirmationPresentation(hasPassword: true, email: "sam@example.com")
        #expect(english.title == "Confirm it's you" && english.fieldLabel == "Password")
    }

    @Test("A launch without the server says so in the device's language; a kept flow in its own")
    func launchNotices() throws {
        let none = FlowStart(fetched: nil, cached: nil, bundled: nil, preferredLanguages: ["es-MX"])
        #expect(none.message == "No se pudo cargar. Revisa tu conexión e inténtalo de nuevo.")
        let source = try #require(try FlowCatalog.bundled().flow("destiny"))
        let arabic = source.localized(with: try FlowCatalog.strings("destiny"), preferredLanguages: ["ar"]).definition
        let offline = FlowStart(fetched: nil, cached: arabic, bundled: nil, preferredLanguages: ["es"])
        #expect(offline.message?.hasPrefix("أنت غير متصل") == true, "\(offline.message ?? "")")
        #expect(FlowStart(fetched: nil, cached: nil, bundled: nil).message?.hasPrefix("The flow could not") == true)
    }
}
