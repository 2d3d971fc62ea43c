/// Rule ids of what compiling can find that decoding cannot (it reads the image files); the
/// linter's image rules report them too, under the same ids.
public enum CompileRule: String, CaseIterable, Sendable {
    case imageMissing = "image-missing"
    case imageUnreadable = "image-unreadable"
}
