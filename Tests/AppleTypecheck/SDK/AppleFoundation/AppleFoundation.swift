// Foundation and Core Foundation declarations that Apple's platforms have and swift-corelibs-foundation
// lacks. The declaration modules that re-export Foundation on iOS re-export this module too, so a file
// sees the same names it sees on iOS. Bodies are never run.

@_exported import Foundation

/// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions
extension AttributedString {
    public struct MarkdownParsingOptions: Hashable, Sendable {
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/interpretedsyntax-swift.enum
        public enum InterpretedSyntax: Hashable, Sendable {
            case full
            case inlineOnly
            case inlineOnlyPreservingWhitespace
        }

        public enum FailurePolicy: Hashable, Sendable {
            case throwError
            case returnPartiallyParsedIfPossible
        }

        public var allowsExtendedAttributes: Bool
        public var interpretedSyntax: InterpretedSyntax
        public var failurePolicy: FailurePolicy
        public var languageCode: String?

        public init(
            allowsExtendedAttributes: Bool = false, interpretedSyntax: InterpretedSyntax = .full,
            failurePolicy: FailurePolicy = .throwError, languageCode: String? = nil
        ) {
            fatalError()
        }
    }

    /// https://developer.apple.com/documentation/foundation/attributedstring/init(markdown:options:baseurl:)-52n3u
    public init(markdown: String, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
        fatalError()
    }
}

// Core Foundation's types are toll-free bridged to Foundation's classes on Apple platforms, which is what
// lets `kSecClass as String` and `query as CFDictionary` compile there. swift-corelibs-foundation has no
// public Core Foundation module, so the bridged Foundation classes stand in for them: the same `as`
// conversions type-check, and a CF type is still a class, never a Swift value.

/// https://developer.apple.com/documentation/corefoundation/cftyperef
public typealias CFTypeRef = AnyObject

/// https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = NSString

/// https://developer.apple.com/documentation/corefoundation/cfdictionary
public typealias CFDictionary = NSDictionary

/// https://developer.apple.com/documentation/corefoundation/cfdata
public typealias CFData = NSData

/// https://developer.apple.com/documentation/corefoundation/cfmutabledata
public typealias CFMutableData = NSMutableData

/// https://developer.apple.com/documentation/corefoundation/cfallocator
public typealias CFAllocator = NSObject

/// https://developer.apple.com/documentation/corefoundation/cferror
public typealias CFError = NSError

/// https://developer.apple.com/documentation/foundation/nserrorpointer
///
/// An `AutoreleasingUnsafeMutablePointer` on Apple platforms, a type that exists only with Objective-C
/// interoperability; the native code passes `nil`, which both accept.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?

/// https://developer.apple.com/documentation/corefoundation/cfoptionflags
public typealias CFOptionFlags = UInt

/// https://developer.apple.com/documentation/kernel/osstatus
public typealias OSStatus = Int32
