import DoorstepClient
import Foundation
import Testing

@Suite("A photo is made small enough to upload")
struct PhotoUploadPlanTests {
    @Test("The best quality under the server's limit is kept; lower ones are tried only when needed")
    func quality() {
        let plan = PhotoUploadPlan.avatar
        var tried: [Double] = []
        let kept = plan.firstUploadable { quality in
            tried.append(quality)
            return Data(count: quality > 0.6 ? plan.maximumBytes + 1 : plan.maximumBytes)
        }
        #expect(kept?.count == plan.maximumBytes)
        #expect(tried == [0.85, 0.7, 0.55])
    }

    @Test("A photo no quality brings under the limit, or one that cannot be drawn, is refused, not sent")
    func refused() {
        let plan = PhotoUploadPlan.avatar
        #expect(plan.firstUploadable { _ in Data(count: plan.maximumBytes + 1) } == nil)
        var calls = 0
        #expect(
            plan.firstUploadable { _ in
                calls += 1
                return nil
            } == nil)
        #expect(calls == 1, "a photo that cannot be drawn is not tried again")
    }
}
