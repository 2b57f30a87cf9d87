import DoorstepServerCore
import Foundation
import Testing

@Suite("Ids as text")
struct UUIDTextTests {
    @Test("The lowercase form is Foundation's, lowercased, and reads back as the same id")
    func roundTrip() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(id.lowercasedText == id.uuidString.lowercased())
            #expect(UUID(text: id.lowercasedText) == id)
            #expect(UUID(text: id.uuidString) == id)
        }
    }

    @Test(
        "Anything but the canonical 36-character form is refused, as UUID(uuidString:) refuses it",
        arguments: [
            "", "f81d4fae-7dec-11d0-a765-00a0c91e6bf", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6a",
            "f81d4fae7dec-11d0-a765-00a0c91e6bf6-", "f81d4fae-7dec-11d0-a765-00a0c91e6bg6",
            "{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}", "f81d4fae-7dec-11d0-a765-00a0c91e6bé",
        ])
    func refuses(_ text: String) {
        #expect(UUID(text: text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
