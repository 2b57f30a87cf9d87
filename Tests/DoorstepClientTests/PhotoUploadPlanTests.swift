import DoorstepClient
import Foundation
import Testing

@Suite("A photo is made small enough to upload")
struct PhotoUploadPlanTests {
    @Test("The best quality under the server's limit is kept; lower ones are tried only when needed")
    func quality() {
        let plan = PhotoUploadPlan.avatar
        var tried: [PhotoUploadPlan.Encoding] = []
        let kept = plan.firstUploadable { encoding in
            tried.append(encoding)
            guard case .jpeg(let quality) = encoding else { return nil }
            return Data(count: quality > 0.6 ? plan.maximumBytes + 1 : plan.maximumBytes)
        }
        #expect(kept?.count == plan.maximumBytes)
        #expect(tried == [.jpeg(quality: 0.85), .jpeg(quality: 0.7), .jpeg(quality: 0.55)])
    }

    @Test("A picture with transparency stays PNG, smaller if need be, and never becomes a black-backed JPEG")
    func transparency() {
        let plan = PhotoUploadPlan.avatar
        var tried: [PhotoUploadPlan.Encoding] = []
        let kept = plan.firstUploadable(hasTransparency: true) { encoding in
            tried.append(encoding)
            guard case .png(let size) = encoding else { return nil }
            // RGBA that compresses badly: four bytes a pixel.
            return Data(count: min(size * size * 4, plan.maximumBytes + 1))
        }
        #expect(tried == [.png(maximumPixelSize: 2048), .png(maximumPixelSize: 1024)])
        #expect(kept?.count == 1024 * 1024 * 4)
        #expect(plan.encodings(hasTransparency: true).allSatisfy { if case .png = $0 { true } else { false } })
        let smallest = plan.transparentPixelSizes.last ?? 0
        #expect(smallest * smallest * 4 <= plan.maximumBytes, "the smallest PNG fits, whatever the picture")
    }

    @Test("Transparency is read from the picture's alpha channel, whichever end of the pixel it is at")
    func alphaChannel() {
        // CGImageAlphaInfo: none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast,
        // noneSkipFirst, alphaOnly.
        let withAlpha = (0...7).filter { PhotoUploadPlan.hasTransparency(alphaInfo: UInt32($0)) }
        #expect(withAlpha == [1, 2, 3, 4, 7])
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
