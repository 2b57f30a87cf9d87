// The SwiftUI photo picker and the item it selects. Bodies are never run.

import CoreTransferable
@_exported import SwiftUI

/// https://developer.apple.com/documentation/photosui/photospickeritem
public struct PhotosPickerItem: Equatable, Hashable, Sendable {
    /// https://developer.apple.com/documentation/photosui/photospickeritem/itemidentifier
    public let itemIdentifier: String?

    /// https://developer.apple.com/documentation/photosui/photospickeritem/encodingdisambiguationpolicy
    public struct EncodingDisambiguationPolicy: Equatable, Hashable, Sendable {
        public static var automatic: EncodingDisambiguationPolicy { fatalError() }
        public static var current: EncodingDisambiguationPolicy { fatalError() }
        public static var compatible: EncodingDisambiguationPolicy { fatalError() }
    }

    /// https://developer.apple.com/documentation/photosui/photospickeritem/loadtransferable(type:)
    public func loadTransferable<T: Transferable>(type: T.Type) async throws -> T? { fatalError() }
}

/// https://developer.apple.com/documentation/photokit/phpickerfilter
public struct PHPickerFilter: Equatable, Hashable, Sendable {
    public static var images: PHPickerFilter { fatalError() }
    public static var videos: PHPickerFilter { fatalError() }
    public static var livePhotos: PHPickerFilter { fatalError() }
}

/// https://developer.apple.com/documentation/photosui/photospicker
@MainActor @preconcurrency
public struct PhotosPicker<Label: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/photosui/photospicker/init(selection:matching:preferreditemencoding:label:)-6jm4c
    nonisolated public init(
        selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil,
        preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic,
        @ViewBuilder label: () -> Label
    ) {
        fatalError()
    }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/photospicker(ispresented:selection:matching:preferreditemencoding:)
    nonisolated public func photosPicker(
        isPresented: Binding<Bool>, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil,
        preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic
    ) -> some View {
        fatalError()
    }
}
