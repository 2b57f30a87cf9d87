// expected: cannot convert value of type 'some View' to expected argument type 'Text'
// `+` joins two `Text`s; a modifier that returns `some View` leaves nothing `+` can take.
import SwiftUI

struct TermsLine: View {
    var body: some View {
        Text("I agree to the").padding(.trailing, 4) + Text("Terms")
    }
}
