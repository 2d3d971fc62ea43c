internal import CHarfBuzz
import Foundation

/// Why a font file cannot be used.
public struct FontError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "cannot use font '\(path)': \(reason)" }
}

/// A font file opened with HarfBuzz, and a buffer to shape with.
///
/// Owns every HarfBuzz object it creates and destroys them in `deinit`; no HarfBuzz pointer
/// leaves this class. Not thread-safe: `TextMeasurer` serializes calls.
final class HarfBuzzShaper {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    private let buffer: OpaquePointer
    /// Features applied when shaping: the font's defaults (kerning, ligatures, contextual
    /// alternates), less `trak`: tracking is added by the measurer, from the HIG table or the
    /// caller, so a font's own `trak` table (SFNS has one) must not add it twice.
    private var features: [hb_feature_t]
    private let unitsPerEm: Double

    init(path: String) throws(FontError) {
        // HarfBuzz would open a FIFO and wait for a writer, or read a device for ever.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw FontError(path: path, reason: "it is not a regular file")
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw FontError(path: path, reason: "the file cannot be read")
        }
        // HarfBuzz hands out its inert empty objects rather than null; checked all the same.
        guard let face = hb_face_create(blob, 0) else {
            hb_blob_destroy(blob)
            throw FontError(path: path, reason: "HarfBuzz cannot open it")
        }
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw FontError(path: path, reason: "it is not an OpenType or TrueType font")
        }
        guard let buffer = hb_buffer_create() else {
            hb_font_destroy(font)
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw FontError(path: path, reason: "HarfBuzz cannot open it")
        }
        let upem = hb_face_get_upem(face)
        hb_font_set_scale(font, Int32(clamping: upem), Int32(clamping: upem))
        self.blob = blob
        self.face = face
        self.font = font
        self.buffer = buffer
        self.unitsPerEm = Double(upem)
        var feature = hb_feature_t()
        _ = "-trak".withCString { hb_feature_from_string($0, -1, &feature) }
        self.features = [feature]
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// Shapes UTF-8 text; returns the total advance in em and whether a glyph is missing
    /// (.notdef).
    func advance(_ utf8: UnsafeBufferPointer<UInt8>) -> (advance: Double, missing: Bool) {
        shape(utf8)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count),
              let infos = hb_buffer_get_glyph_infos(buffer, nil) else { return (0, false) }
        var total: Int = 0
        var missing = false
        for index in 0..<Int(count) {
            total += Int(positions[index].x_advance)
            if infos[index].codepoint == 0 { missing = true }
        }
        return (Double(total) / unitsPerEm, missing)
    }

    /// Shapes UTF-8 text and returns, for each glyph, its cluster (the UTF-8 offset of the
    /// first character it comes from), its advance in em and whether it is .notdef.
    func glyphs(_ utf8: UnsafeBufferPointer<UInt8>) -> [(cluster: Int, advance: Double, missing: Bool)] {
        shape(utf8)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count),
              let infos = hb_buffer_get_glyph_infos(buffer, nil) else { return [] }
        var result: [(cluster: Int, advance: Double, missing: Bool)] = []
        result.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            result.append((Int(infos[index].cluster), Double(positions[index].x_advance) / unitsPerEm, infos[index].codepoint == 0))
        }
        return result
    }

    private func shape(_ utf8: UnsafeBufferPointer<UInt8>) {
        hb_buffer_clear_contents(buffer)
        utf8.withMemoryRebound(to: CChar.self) { chars in
            hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
    }
}
