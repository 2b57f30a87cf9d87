import DoorstepServerCore
import Hummingbird

/// How large a browser's form may be, by what it carries: the one place each limit is written.
enum FormSize {
    /// A sign-in, a passkey's answer, an admin's choice: a few fields.
    case small
    /// A walk's step or a confirmation: the answers of one screen.
    case step
    /// A step that may carry a profile photo.
    case withPhoto

    /// The most bytes a form of this size may have.
    var limit: Int {
        switch self {
        case .small: 16 * 1024
        case .step: 64 * 1024
        case .withPhoto: ProfileService.maximumAvatarSize + 64 * 1024
        }
    }
}

extension FunnelForm {
    /// The form `request` carries, read up to `size`'s limit (a larger body is refused with 413).
    static func read(_ request: Request, size: FormSize) async throws -> FunnelForm {
        try parse(try await request.body.collect(upTo: size.limit), contentType: request.headers[.contentType])
    }
}
