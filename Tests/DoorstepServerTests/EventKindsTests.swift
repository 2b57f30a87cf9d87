import DoorstepAPI
import DoorstepServerCore
import Testing

@Suite("Event kinds are one list")
struct EventKindsTests {
    @Test("Every kind the contract lets an app send is one the server keeps, and no other")
    func sameKinds() {
        let contract = Set(Components.Schemas.Event._TypePayload.allCases.map(\.rawValue))
        let kept = Set(AnalyticsEventRecord.Kind.allCases.map(\.rawValue))
        #expect(contract == kept)
    }
}
