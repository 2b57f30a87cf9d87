import DoorstepClient
import Foundation
import Testing

@Suite("Photo formats the server takes")
struct UploadImageFormatTests {
    @Test("JPEG and PNG go up as they are; HEIC from the camera, GIF or anything else must become JPEG")
    func formats() {
        #expect(UploadImageFormat(of: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])) == .jpeg)
        #expect(UploadImageFormat(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])) == .png)
        let heic = Data([0, 0, 0, 0x18]) + Data("ftypheic".utf8)
        #expect(UploadImageFormat(of: heic) == nil)
        #expect(UploadImageFormat(of: Data("GIF89a".utf8)) == nil)
        #expect(UploadImageFormat(of: Data()) == nil)
    }
}
