import Foundation
import QuizBank
import QuizSupport

/// What reading one image file gave.
enum ImageFileState: Sendable, Equatable {
    /// No file at that path (nothing there, or a folder), as compiling reports it.
    case missing(lookedFor: String)
    /// A file that cannot be read, or is not a PNG, JPEG or WebP file `readImageInfo` accepts.
    case unreadable(String)
    case image(ImageInfo)
}

/// Reads each distinct image file once for the rule instance that owns it (a rule instance
/// lives for one bank), however many questions show it.
///
/// The engine calls a question rule from one thread, but rules are `Sendable`, so the cache is
/// guarded by a lock all the same.
final class ImageFiles: Sendable {
    private let states = Locked<[String: ImageFileState]>([:])

    /// The first bytes read of an image: enough for the header of any PNG or WebP and of almost
    /// every JPEG; a JPEG whose frame header comes later (a large EXIF block) is read whole.
    static let headerBytes = 64 * 1024

    /// The state of the file `image` names, or nil when the path itself is invalid (absolute,
    /// with `\`, or leaving the image root): the decoder reports those (`image-path`).
    func state(of image: String, in header: BankHeader) -> ImageFileState? {
        guard ImageFiles.isCheckablePath(image) else { return nil }
        let file = header.imageFilePath(image)
        let key = ImageFiles.absolute(file)
        return states.withLock { states in
            if let known = states[key] { return known }
            let state = ImageFiles.read(file)
            states[key] = state
            return state
        }
    }

    /// Whether `image` is a path the decoder accepts, so that its file is worth looking at.
    static func isCheckablePath(_ image: String) -> Bool {
        if image.isEmpty || image.hasPrefix("/") || image.hasPrefix("~") || image.contains("\\") { return false }
        var depth = 0
        for component in image.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": depth -= 1
            default: depth += 1
            }
            if depth < 0 { return false }
        }
        return true
    }

    /// `path` made absolute from the current directory, with `.`, `..` and `//` resolved
    /// lexically (links are not followed).
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    static func read(_ file: String) -> ImageFileState {
        do throws(ImageFileError) {
            let bytes = try withImageFile(atPath: file) { image throws(ImageFileError) in
                var bytes = try image.read(upTo: headerBytes)
                if case .failure(.truncated) = info(bytes), bytes.count == headerBytes {
                    // The rest of the file may hold the header: read it all, once.
                    bytes += try image.readToEnd()
                }
                return bytes
            }
            switch info(bytes) {
            case .success(let info): return .image(info)
            case .failure(let error): return .unreadable("\(error)")
            }
        } catch .missing {
            return .missing(lookedFor: file)
        } catch {
            return .unreadable("\(error)")
        }
    }

    private static func info(_ bytes: [UInt8]) -> Result<ImageInfo, ImageInfoError> {
        do throws(ImageInfoError) {
            return .success(try readImageInfo(bytes))
        } catch {
            return .failure(error)
        }
    }
}
