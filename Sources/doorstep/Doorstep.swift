import ArgumentParser

@main
struct Doorstep: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doorstep",
        abstract: "Onboarding and authentication for iOS apps: flows, engine and server.",
        subcommands: [
            Serve.self, Flows.self, Keys.self, Users.self, Sessions.self, Entitlements.self, Analytics.self,
            Webhooks.self,
            Audit.self, Seed.self,
        ]
    )
}
