import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Logging

/// The transport of a server started with `--mail none`: every mail is recorded in the outbox as
/// failed, and a warning says so, never with the mail's content (its subject may carry a code).
public struct UndeliverableMailer: Mailer {
    let logger: Logger

    /// Creates the transport.
    public init(logger: Logger = Logger(label: "doorstep.mail")) {
        self.logger = logger
    }

    public func send(_ mail: Mail) async throws {
        logger.warning("no mail transport is configured; a mail was not sent")
        throw MailDeliveryError(isPermanent: true, reason: "no mail transport is configured")
    }
}
