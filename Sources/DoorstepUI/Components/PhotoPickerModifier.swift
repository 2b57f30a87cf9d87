#if canImport(SwiftUI)
    import SwiftUI

    #if canImport(PhotosUI)
        import PhotosUI
    #endif

    extension View {
        /// Shows the system photo picker whenever the prompt asks for a photo.
        func photoPicker(_ prompt: PhotoPickerPrompt) -> some View {
            modifier(PhotoPickerModifier(prompt: prompt))
        }
    }

    struct PhotoPickerModifier: ViewModifier {
        @Bindable var prompt: PhotoPickerPrompt

        func body(content: Content) -> some View {
            #if canImport(PhotosUI)
                content.photosPicker(isPresented: $prompt.isPresented, selection: $prompt.selection, matching: .images)
            #else
                content
            #endif
        }
    }
#endif
