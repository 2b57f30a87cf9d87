import DoorstepFlow

extension PresentationWords {
    /// A password meter's words — a level (``PasswordStrength/Level/label``) or a check
    /// (``PasswordStrength/Check/label``) — in the flow's language: the engine measures in English.
    func strength(_ english: String) -> String {
        let words = self
        return switch english {
        case "Weak": words("Weak")
        case "Medium": words("Medium")
        case "Strong": words("Strong")
        case "At least 8 characters": words("At least 8 characters")
        case "An uppercase letter": words("An uppercase letter")
        case "A number or symbol": words("A number or symbol")
        case "A number": words("A number")
        case "A special character": words("A special character")
        default: words(english)
        }
    }
}
