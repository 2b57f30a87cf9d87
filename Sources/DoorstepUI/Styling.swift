#if canImport(SwiftUI)
    import DoorstepPresentation
    import SwiftUI

    #if canImport(UIKit)
        import UIKit
    #endif

    extension Color {
        /// A colour that follows light and dark mode.
        init(_ pair: ColorPair) {
            #if canImport(UIKit)
                self.init(
                    uiColor: UIColor { traits in
                        let rgba = pair.color(isDark: traits.userInterfaceStyle == .dark).components
                        return UIColor(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
                    })
            #else
                let rgba = pair.light.components
                self.init(.sRGB, red: rgba.red, green: rgba.green, blue: rgba.blue, opacity: rgba.alpha)
            #endif
        }
    }

    extension FontSpec.ScalingStyle {
        var textStyle: Font.TextStyle {
            switch self {
            case .largeTitle: return .largeTitle
            case .title: return .title
            case .headline: return .headline
            case .body: return .body
            case .subheadline: return .subheadline
            case .footnote: return .footnote
            case .caption: return .caption
            }
        }
    }

    extension FontSpec.Weight {
        var fontWeight: Font.Weight {
            switch self {
            case .light: return .light
            case .regular: return .regular
            case .medium: return .medium
            case .semibold: return .semibold
            case .bold: return .bold
            }
        }
    }

    /// Draws text in a look from the presentation, scaling its size with Dynamic Type once: a custom
    /// font scales itself relative to the look's text style; the system font at a fixed size does not, so
    /// its size is scaled here.
    struct LookModifier: ViewModifier {
        let look: TextLook
        @ScaledMetric private var scaledSize: CGFloat

        init(look: TextLook) {
            self.look = look
            _scaledSize = ScaledMetric(wrappedValue: look.font.size, relativeTo: look.font.scalesWith.textStyle)
        }

        func body(content: Content) -> some View {
            content
                .font(font)
                .tracking(look.font.trackingPoints)
                .lineSpacing(look.font.lineSpacing)
                .textCase(look.font.uppercase ? .uppercase : nil)
                .foregroundStyle(Color(look.color))
        }

        private var font: Font {
            if let family = look.font.family {
                // `custom(_:size:)` alone would scale with the body style, on top of any scaling here.
                return .custom(family, size: look.font.size, relativeTo: look.font.scalesWith.textStyle)
                    .weight(look.font.weight.fontWeight)
            }
            return .system(size: scaledSize, weight: look.font.weight.fontWeight)
        }
    }

    extension View {
        /// Draws text in a look from the presentation.
        func look(_ look: TextLook) -> some View {
            modifier(LookModifier(look: look))
        }

        /// Plays a motion the spec names, or holds still under reduced motion.
        func motion(_ intent: AnimationIntent?) -> some View {
            modifier(MotionModifier(intent: intent))
        }
    }

    /// The specs' repeating motions: breathing and floating orbs and symbols.
    struct MotionModifier: ViewModifier {
        let intent: AnimationIntent?
        @Environment(\.accessibilityReduceMotion) private var reduceMotion
        @State private var isAnimating = false

        func body(content: Content) -> some View {
            let intent = reduceMotion ? intent?.underReducedMotion() : intent
            content
                .scaleEffect(scale(intent))
                .offset(y: intent == .float && isAnimating ? -6 : 0)
                .opacity(intent == .scaleIn && !isAnimating ? 0 : 1)
                .onAppear {
                    guard let intent else { return }
                    let animation = Animation.easeInOut(duration: intent.duration / (intent.repeats ? 2 : 1))
                    withAnimation(intent.repeats ? animation.repeatForever(autoreverses: true) : animation) {
                        isAnimating = true
                    }
                }
        }

        private func scale(_ intent: AnimationIntent?) -> CGFloat {
            switch intent {
            case .orbBreathe: return isAnimating ? 1.06 : 1
            case .orbSettle: return isAnimating ? 1 : 1.04
            case .scaleIn: return isAnimating ? 1 : 0.6
            default: return 1
            }
        }
    }

    extension HapticIntent {
        var feedback: SensoryFeedback {
            switch self {
            case .selection: return .selection
            case .success: return .success
            case .error: return .error
            case .impactLight: return .impact(weight: .light)
            }
        }
    }
#endif
