#if canImport(SwiftUI)
    import SwiftUI

    #if canImport(PhotosUI)
        import PhotosUI
    #endif

    extension View {
        /// Shows the system photo picker whenever the prompt asks for a photo; with `presents` false
        /// this view leaves it to another.
        func photoPicker(_ prompt: PhotoPickerPrompt, presents: Bool = true) -> some View {
            modifier(PhotoPickerModifier(prompt: prompt, presents: presents))
        }
    }

    struct PhotoPickerModifier: ViewModifier {
        @Bindable var prompt: PhotoPickerPrompt
        let presents: Bool

        func body(content: Content) -> some View {
            #if canImport(PhotosUI)
                content.photosPicker(
                    isPresented: presents ? $prompt.isPresented : .constant(false), selection: $prompt.selection,
                    matching: .images)
            #else
                content
            #endif
        }
    }
#endif
