// The keyboard and AutoFill vocabulary a text field asks for. Bodies are never run.

/// https://developer.apple.com/documentation/uikit/uikeyboardtype
public enum UIKeyboardType: Int, Sendable {
    case `default`
    case asciiCapable
    case numbersAndPunctuation
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case URL
    case numberPad
    case phonePad
    case namePhonePad
    case emailAddress
    case decimalPad
    case twitter
    case webSearch
    case asciiCapableNumberPad
}

/// https://developer.apple.com/documentation/uikit/uitextcontenttype
public struct UITextContentType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static var name: UITextContentType { fatalError() }
    public static var namePrefix: UITextContentType { fatalError() }
    public static var givenName: UITextContentType { fatalError() }
    public static var middleName: UITextContentType { fatalError() }
    public static var familyName: UITextContentType { fatalError() }
    public static var nameSuffix: UITextContentType { fatalError() }
    public static var nickname: UITextContentType { fatalError() }
    public static var emailAddress: UITextContentType { fatalError() }
    public static var telephoneNumber: UITextContentType { fatalError() }
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static var URL: UITextContentType { fatalError() }
    public static var username: UITextContentType { fatalError() }
    public static var password: UITextContentType { fatalError() }
    public static var newPassword: UITextContentType { fatalError() }
    public static var oneTimeCode: UITextContentType { fatalError() }
    public static var birthdate: UITextContentType { fatalError() }
}
