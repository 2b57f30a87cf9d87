import ArgumentParser
import DoorstepServer
import DoorstepServerCore
import Foundation
import Logging

extension Serve {
    /// The configuration: command line first, then environment, then defaults.
    func resolvedConfiguration(environment: [String: String]) throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = host ?? environment["DOORSTEP_HOST"] ?? configuration.host
        configuration.port = try port ?? Self.integer(environment, "DOORSTEP_PORT") ?? configuration.port
        configuration.database = database ?? environment["DOORSTEP_DATABASE"] ?? configuration.database
        configuration.databasePoolSize =
            try databasePoolSize ?? Self.integer(environment, "DOORSTEP_DATABASE_POOL_SIZE")
            ?? configuration.databasePoolSize
        configuration.publicURL = publicURL ?? environment["DOORSTEP_PUBLIC_URL"]
        configuration.issuer = tokenIssuer ?? environment["DOORSTEP_TOKEN_ISSUER"]
        configuration.rateLimits =
            try rateLimits?.isOn ?? Self.switchValue(environment, "DOORSTEP_RATE_LIMITS") ?? configuration.rateLimits
        configuration.identifyEnabled =
            try identify?.isOn ?? Self.switchValue(environment, "DOORSTEP_IDENTIFY") ?? configuration.identifyEnabled
        configuration.passwordCost =
            try passwordCost ?? Self.integer(environment, "DOORSTEP_PASSWORD_COST") ?? configuration.passwordCost
        configuration.flowsDirectory = flowsDirectory ?? environment["DOORSTEP_FLOWS_DIRECTORY"]
        configuration.webhooks.urls.allowsPrivate =
            try webhooksAllowPrivate || Self.switchValue(environment, "DOORSTEP_WEBHOOKS_ALLOW_PRIVATE") ?? false
        configuration.adminToken = adminToken ?? environment["DOORSTEP_ADMIN_TOKEN"]
        configuration.adminEmails = adminEmails.isEmpty ? Self.list(environment, "DOORSTEP_ADMIN_EMAILS") : adminEmails
        configuration.otlpEndpoint = otlpEndpoint
        configuration.drainSeconds =
            try drainSeconds ?? Self.integer(environment, "DOORSTEP_DRAIN_SECONDS").map(Double.init)
            ?? configuration.drainSeconds
        try resolveProviders(into: &configuration, environment: environment)
        try resolveAppStore(into: &configuration, environment: environment)
        try resolveSessionsAndBudgets(into: &configuration, environment: environment)
        try resolveMail(into: &configuration, environment: environment)
        try resolvePasskeys(into: &configuration, environment: environment)
        try appAttest.resolve(into: &configuration, environment: environment)
        try resolveEdge(into: &configuration, environment: environment)
        do {
            try configuration.validate(sealedKeys: environment["DOORSTEP_KEY_ENCRYPTION_KEY"] != nil)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
        return configuration
    }

    /// Sign in with Apple and Google (audiences, keys, the web's client) and the trainer's planner.
    private func resolveProviders(into configuration: inout ServerConfiguration, environment: [String: String]) throws {
        let apple = appleAudiences.isEmpty ? Self.list(environment, "DOORSTEP_APPLE_AUDIENCES") : appleAudiences
        if !apple.isEmpty {
            configuration.apple = .apple(audiences: Set(apple))
            if let url = try Self.url(environment, "DOORSTEP_APPLE_JWKS_URL") { configuration.apple?.jwksURL = url }
            configuration.appleTokens = try Self.appleTokens(environment, clientID: apple[0])
            if let id = environment["DOORSTEP_APPLE_WEB_CLIENT_ID"],
                let secret = environment["DOORSTEP_APPLE_WEB_CLIENT_SECRET"]
            {
                configuration.apple?.web = .apple(clientID: id, clientSecret: secret)
            }
        }
        let google = googleAudiences.isEmpty ? Self.list(environment, "DOORSTEP_GOOGLE_AUDIENCES") : googleAudiences
        if !google.isEmpty {
            configuration.google = .google(audiences: Set(google))
            if let url = try Self.url(environment, "DOORSTEP_GOOGLE_JWKS_URL") { configuration.google?.jwksURL = url }
            if let id = environment["DOORSTEP_GOOGLE_WEB_CLIENT_ID"],
                let secret = environment["DOORSTEP_GOOGLE_WEB_CLIENT_SECRET"]
            {
                configuration.google?.web = .google(clientID: id, clientSecret: secret)
            }
        }
        if let url = try Self.url(environment, "DOORSTEP_PLANNER_URL") {
            configuration.planner = .init(
                baseURL: url, model: environment["DOORSTEP_PLANNER_MODEL"] ?? "gpt-4o-mini",
                apiKey: environment["DOORSTEP_PLANNER_API_KEY"])
        }
    }

    /// The server's logger: text or JSON lines at the chosen level.
    func makeLogger(environment: [String: String]) throws -> Logger {
        let format =
            try logFormat ?? environment["DOORSTEP_LOG_FORMAT"].map { name in
                guard let format = LogFormat(rawValue: name) else {
                    throw ValidationError("DOORSTEP_LOG_FORMAT is text or json, not \"\(name)\".")
                }
                return format
            } ?? .text
        let levelName = logLevel ?? environment["DOORSTEP_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ValidationError(
                "The log level is trace, debug, info, notice, warning, error or critical, not \"\(levelName)\".")
        }
        var logger =
            format == .json
            ? Logger(label: "doorstep") { JSONLogHandler(label: $0, metadataProvider: ServerTracing.logMetadata) }
            : Logger(label: "doorstep") { TextLogHandler(label: $0, metadataProvider: ServerTracing.logMetadata) }
        logger.logLevel = level
        return logger
    }
}
