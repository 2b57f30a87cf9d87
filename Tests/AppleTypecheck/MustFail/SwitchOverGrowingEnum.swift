// expected: switch covers known cases, but 'LABiometryType' may have additional unknown values
// `LABiometryType` is an `NS_ENUM`: Optic ID was added in iOS 17, and a switch that lists today's cases
// must still say what a later one does.
import LocalAuthentication

func biometryName(_ type: LABiometryType) -> String {
    switch type {
    case .none: "None"
    case .touchID: "Touch ID"
    case .faceID: "Face ID"
    case .opticID: "Optic ID"
    }
}
