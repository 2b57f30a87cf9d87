import DoorstepServer
import DoorstepServerCore
import Foundation
import Testing

@Suite("The App Attest policy per action")
struct HumanProofPolicyTests {
    @Test("A policy reads action=mode pairs; all sets every action; unnamed actions are off")
    func parsing() throws {
        let policy = try HumanProofPolicy(parsing: "sign-up=enforce, code-send=monitor")
        #expect(policy.mode(for: .signUp) == .enforce)
        #expect(policy.mode(for: .codeSend) == .monitor)
        #expect(policy.mode(for: .guest) == .off && policy.mode(for: .passwordLogIn) == .off)
        #expect(policy.description == "sign-up=enforce,code-send=monitor")
        let all = try HumanProofPolicy(parsing: "all=monitor,guest=off,password-login=enforce")
        #expect(all.description == "sign-up=monitor,code-send=monitor,password-login=enforce")
        #expect(HumanProofPolicy().isOff && HumanProofPolicy().description == "off")
        #expect(try HumanProofPolicy(parsing: "all=off").isOff)
    }

    @Test("An entry may name the app or the web alone: enforced on the web while older apps only count")
    func surfaces() throws {
        let policy = try HumanProofPolicy(parsing: "app.sign-up=monitor,web.sign-up=enforce,code-send=enforce")
        #expect(policy.mode(for: .signUp, on: .app) == .monitor && policy.mode(for: .signUp, on: .web) == .enforce)
        #expect(policy.mode(for: .codeSend, on: .app) == .enforce && policy.mode(for: .codeSend, on: .web) == .enforce)
        #expect(policy.description == "app.sign-up=monitor,web.sign-up=enforce,code-send=enforce")
        let web = try HumanProofPolicy(parsing: "web.all=enforce")
        #expect(web.isOffForTheApp && !web.isOff && web.mode(for: .guest, on: .web) == .enforce)
        #expect(throws: HumanProofPolicyError.self) { try HumanProofPolicy(parsing: "desktop.sign-up=enforce") }
    }

    @Test("A policy that names an unknown action or mode is refused with the words to fix it")
    func refusals() {
        for text in ["signup=enforce", "sign-up=strict", "sign-up", "=enforce"] {
            #expect(throws: HumanProofPolicyError.self) { try HumanProofPolicy(parsing: text) }
        }
        do {
            _ = try HumanProofPolicy(parsing: "sign-up=strict")
        } catch {
            #expect(error.description.contains("modes: off, monitor, enforce"))
        }
    }

    @Test("A policy with no app to attest, or a test root behind https, is refused")
    func validation() async throws {
        var configuration = ServerConfiguration()
        configuration.sendsNoMail = true
        configuration.appAttest.policy = try HumanProofPolicy(parsing: "sign-up=enforce")
        #expect(
            await ConfigurationValidationTests.refusal(configuration)?.contains("needs the apps to attest") == true)
        configuration.appAttest.policy = try HumanProofPolicy(parsing: "web.sign-up=enforce")
        #expect(await ConfigurationValidationTests.refusal(configuration) == nil, "the web needs no app")
        configuration.appAttest.policy = try HumanProofPolicy(parsing: "sign-up=enforce")
        configuration.appleAppIDs = [TestAppAttest.appID]
        #expect(await ConfigurationValidationTests.refusal(configuration) == nil)
        configuration.appAttest.rootCertificates = [try TestAppAttest().rootDER]
        #expect(await ConfigurationValidationTests.refusal(configuration) == nil, "a test root on loopback")
        configuration.publicURL = "https://auth.example.com"
        #expect(
            await ConfigurationValidationTests.refusal(configuration)?.hasPrefix(
                "An App Attest root other than Apple's")
                == true)
        configuration.appAttest.rootCertificates = [Data("not a certificate".utf8)]
        #expect(await ConfigurationValidationTests.refusal(configuration)?.contains("cannot be read") == true)
    }
}
