// expected: switch must be exhaustive
// A switch over a presentation enum that misses a case added later, as `.username` was.
import DoorstepPresentation
import UIKit

func contentType(_ kind: ContentKind) -> UITextContentType? {
    switch kind {
    case .emailAddress: return .emailAddress
    case .oneTimeCode: return .oneTimeCode
    case .newPassword: return .newPassword
    case .password: return .password
    case .givenName: return .givenName
    case .familyName: return .familyName
    case .name: return .name
    case .none: return nil
    }
}
