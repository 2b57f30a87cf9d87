import DoorstepServerCore
import Hummingbird

/// How large a browser's form may be, by what it carries: the one place each limit is written.
package enum FormSize {
    /// A sign-in, a passkey's answer, an admin's choice: a few fields.
    case small
    /// A walk's step or a confirmation: the answers of one screen.
    case step
    /// A step that may carry a profile photo.
    case withPhoto

    /// The most bytes a form of this size may have.
    package var limit: Int {
        switch self {
        case .small: 16 * 1024
        case .step: 64 * 1024
        case .withPhoto: ProfileService.maximumAvatarSize + 64 * 1024
        }
    }
}
