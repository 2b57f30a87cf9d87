#if canImport(SwiftUI)
    import DoorstepClient
    import DoorstepPresentation
    import SwiftUI

    #if canImport(PhotosUI)
        import PhotosUI
    #endif

    /// The photo picker: the current photo or the person's initials, and a button that opens the
    /// system's photo picker (PhotosUI). The picked image goes to the model as the field's answer.
    struct AvatarPickerView: View {
        let content: AvatarContent
        let theme: ThemePresentation
        let model: any FlowActions
        #if canImport(PhotosUI)
            @State private var item: PhotosPickerItem?
        #endif
        @State private var picked: Image?

        var body: some View {
            VStack(spacing: theme.spacing("md")) {
                ZStack {
                    Circle().fill(Color(theme.color("surface")))
                    if let picked {
                        picked.resizable().scaledToFill().clipShape(.circle)
                    } else if let url = content.photoURL.flatMap(URL.init(string:)) {
                        AsyncImage(url: url) {
                            $0.resizable().scaledToFill()
                        } placeholder: {
                            ProgressView()
                        }
                        .clipShape(.circle)
                    } else {
                        Image(systemName: content.emptySymbol)
                            .font(.system(size: 40))
                            .foregroundStyle(Color(theme.color("textTertiary")))
                    }
                }
                .frame(width: 120, height: 120)
                .overlay(alignment: .bottomTrailing) { badge }
                .accessibilityHidden(true)
                #if canImport(PhotosUI)
                    PhotosPicker(selection: $item, matching: .images) {
                        Text(content.buttonTitle)
                    }
                    .onChange(of: item) { _, item in
                        Task {
                            guard
                                let upload = await PhotoUpload.prepared(
                                    try? await item?.loadTransferable(type: Data.self))
                            else { return }
                            #if canImport(UIKit)
                                picked = UIImage(data: upload).map(Image.init(uiImage:))
                            #endif
                            await model.pickedPhoto(upload, field: content.field.id)
                        }
                    }
                #endif
                if let error = content.field.error {
                    Text(error).font(.footnote).foregroundStyle(Color(theme.color("danger")))
                }
            }
            .frame(maxWidth: .infinity)
        }

        /// Plus on the empty circle, pencil once a photo is there.
        private var badge: some View {
            let symbol = picked == nil ? content.badgeSymbol : AvatarContent.badgeSymbol(hasPhoto: true)
            return Image(systemName: symbol)
                .font(.system(size: 16, weight: .semibold))
                .foregroundStyle(Color(theme.color("onAccent")))
                .frame(width: 36, height: 36)
                .background(Color(theme.color("accent")), in: .circle)
                .overlay(Circle().stroke(Color(theme.color("background")), lineWidth: 3))
        }
    }
#endif
