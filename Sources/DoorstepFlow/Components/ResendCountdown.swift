import Foundation

/// The wait before a code may be sent again, and the words shown meanwhile.
public struct ResendCountdown: Sendable, Hashable {
    /// When the last code was sent.
    public var sentAt: Date
    /// How long the wait lasts.
    public var seconds: Int

    /// Creates a countdown that starts at `sentAt`.
    public init(sentAt: Date, seconds: Int = 60) {
        self.sentAt = sentAt
        self.seconds = seconds
    }

    /// Whole seconds left at `now`, rounded up; zero once the wait is over.
    public func remaining(at now: Date) -> Int {
        let left = Double(seconds) - now.timeIntervalSince(sentAt)
        return left <= 0 ? 0 : Int(left.rounded(.up))
    }

    /// Whether a new code may be requested at `now`.
    public func canResend(at now: Date) -> Bool { remaining(at: now) == 0 }

    /// `Resend in 0:42` while waiting, then `Resend`.
    public func label(at now: Date) -> String {
        let left = remaining(at: now)
        guard left > 0 else { return "Resend" }
        return "Resend in \(left / 60):" + String(format: "%02d", left % 60)
    }
}
