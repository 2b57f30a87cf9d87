// expected: cannot convert value '$name' of type 'Binding<String>' to expected type 'String', use wrapped value instead
// A binding passed where the value it reaches is expected.
import SwiftUI

struct NameField: View {
    @State private var name = ""

    var body: some View {
        TextField("Name", text: $name)
            .accessibilityValue(greeting(for: $name))
    }

    private func greeting(for name: String) -> String { "Hello, \(name)" }
}
