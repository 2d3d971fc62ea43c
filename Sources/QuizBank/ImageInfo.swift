// Reads the pixel dimensions of PNG, JPEG and WebP images from their headers,
// without decoding any image data. Written for this project from the format
// specifications:
//  * PNG (ISO/IEC 15948, W3C PNG spec): 8-byte signature, IHDR first chunk.
//  * JPEG (ITU-T T.81 Annex B, JFIF): SOI, marker segments, SOFn frame header.
//  * WebP (RIFF container, RFC 9649): "RIFF" size "WEBP", then a VP8, VP8L or
//    VP8X chunk; VP8 frame header per RFC 6386 §9.1, VP8L header per the
//    lossless bitstream spec.
//
// Every read is bounds-checked; malformed or hostile input produces an
// `ImageInfoError`, never a trap.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The image formats `readImageInfo` understands.
public enum ImageFormat: String, Sendable {
    case png, jpeg, webp

    /// Human-readable name for messages.
    var displayName: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        }
    }
}

/// The format and pixel dimensions of an image.
public struct ImageInfo: Equatable, Sendable {
    public let format: ImageFormat
    public let width: Int
    public let height: Int

    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

/// Why `readImageInfo` could not report an image's dimensions.
public enum ImageInfoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with a PNG, JPEG or WebP signature.
    case unknownFormat
    /// The signature (or a prefix of it) matches, but the data ends before the
    /// dimensions could be read.
    case truncated(ImageFormat)
    /// The signature matches but the header is invalid, e.g. zero width, a bad
    /// first chunk, or no SOF marker before the image data.
    case malformed(ImageFormat, String)

    public var description: String {
        switch self {
        case .unknownFormat:
            return "not a PNG, JPEG or WebP file"
        case .truncated(let format):
            return "\(format.displayName) file is truncated before its dimensions"
        case .malformed(let format, let reason):
            return "malformed \(format.displayName) file: \(reason)"
        }
    }
}

/// Reads the format, width and height of a PNG, JPEG or WebP image.
///
/// Only the header is examined; the rest of the file is not validated. A
/// non-empty input that is a proper prefix of a format's signature counts as
/// that format, truncated.
public func readImageInfo(_ bytes: [UInt8]) throws(ImageInfoError) -> ImageInfo {
    try ImageHeaderParser.read(bytes)
}

/// Why an image file could not be read.
public enum ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing at the path, or a folder.
    case missing
    /// Something other than a regular file (a FIFO, a device, a socket): refused unread, since
    /// reading a FIFO waits for a writer forever and a device may never end.
    case notRegularFile(kind: String)
    /// The file is there but cannot be opened or read (the system's reason).
    case cannotOpen(String)
    case cannotRead(String)

    public var description: String {
        switch self {
        case .missing: return "no such file"
        case .notRegularFile(let kind): return "it is \(kind), not a regular file"
        case .cannotOpen(let reason): return "the file cannot be opened: \(reason)"
        case .cannotRead(let reason): return "the file cannot be read: \(reason)"
        }
    }
}

/// An image file open for reading, only ever a regular one; `withImageFile` closes it.
public struct ImageFile {
    fileprivate let descriptor: Int32

    /// Up to `count` bytes from where the last read stopped; fewer only at the end.
    public func read(upTo count: Int) throws(ImageFileError) -> [UInt8] {
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < count {
                let got = Self.systemRead(descriptor, buffer.baseAddress.map { $0 + initialized }, count - initialized)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { return }
                initialized += got
            }
        }
        if let failure { throw .cannotRead(String(cString: strerror(failure))) }
        return bytes
    }

    /// The rest of the file.
    public func readToEnd() throws(ImageFileError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let piece = try read(upTo: 1 << 16)
            bytes += piece
            if piece.count < 1 << 16 { return bytes }
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }
}

/// Opens the image file at `path` for `body` and closes it after. The file is opened without
/// blocking (so that a FIFO does not wait for a writer) and refused unless it is a regular file.
public func withImageFile<Result>(atPath path: String, _ body: (ImageFile) throws(ImageFileError) -> Result) throws(ImageFileError) -> Result {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
        let reason = errno
        if reason == ENOENT || reason == ENOTDIR || reason == EISDIR { throw .missing }
        throw .cannotOpen(String(cString: strerror(reason)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .cannotRead(String(cString: strerror(errno))) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .missing
    case S_IFIFO: throw .notRegularFile(kind: "a FIFO")
    case S_IFCHR: throw .notRegularFile(kind: "a character device")
    case S_IFBLK: throw .notRegularFile(kind: "a block device")
    case S_IFSOCK: throw .notRegularFile(kind: "a socket")
    default: throw .notRegularFile(kind: "a special file")
    }
    return try body(ImageFile(descriptor: descriptor))
}

/// Parsing helpers, namespaced so their names cannot clash with anything
/// else in the module.
private enum ImageHeaderParser {
    static func read(_ bytes: [UInt8]) throws(ImageInfoError) -> ImageInfo {
        if ByteReader.hasPrefix(bytes, pngSignature) {
            return try readPNG(ByteReader(bytes, .png))
        }
        if ByteReader.hasPrefix(bytes, jpegSignature) {
            return try readJPEG(ByteReader(bytes, .jpeg))
        }
        if isWebP(bytes) {
            return try readWebP(ByteReader(bytes, .webp))
        }
        // A non-empty, proper prefix of one of the signatures: cut short.
        if !bytes.isEmpty {
            if bytes.count < pngSignature.count, ByteReader.hasPrefix(pngSignature, bytes) {
                throw .truncated(.png)
            }
            if bytes.count < jpegSignature.count, ByteReader.hasPrefix(jpegSignature, bytes) {
                throw .truncated(.jpeg)
            }
            if isWebPPrefix(bytes) {
                throw .truncated(.webp)
            }
        }
        throw .unknownFormat
    }

    // MARK: - Signatures

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let jpegSignature: [UInt8] = [0xFF, 0xD8]
    static let riffTag: [UInt8] = Array("RIFF".utf8)
    static let webpTag: [UInt8] = Array("WEBP".utf8)

    /// `RIFF` <4-byte size> `WEBP`.
    static func isWebP(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12 else { return false }
        return bytes[0..<4].elementsEqual(riffTag) && bytes[8..<12].elementsEqual(webpTag)
    }

    /// Whether a short input (fewer than 12 bytes) could be the start of a WebP file.
    static func isWebPPrefix(_ bytes: [UInt8]) -> Bool {
        let n = bytes.count
        guard n < 12 else { return false }
        if !bytes[0..<min(n, 4)].elementsEqual(riffTag[0..<min(n, 4)]) { return false }
        if n > 8 && !bytes[8..<n].elementsEqual(webpTag[0..<(n - 8)]) { return false }
        return true
    }

    // MARK: - Bounds-checked reading

    /// Bounds-checked big- and little-endian reads that throw `.truncated` when
    /// the data ends early.
    struct ByteReader {
        let bytes: [UInt8]
        let format: ImageFormat

        init(_ bytes: [UInt8], _ format: ImageFormat) {
            self.bytes = bytes
            self.format = format
        }

        var count: Int { bytes.count }

        static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
            bytes.count >= prefix.count && bytes[0..<prefix.count].elementsEqual(prefix)
        }

        /// Throws `.truncated` unless `length` bytes are available at `offset`.
        func need(_ offset: Int, _ length: Int) throws(ImageInfoError) {
            guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
                throw .truncated(format)
            }
        }

        func u8(_ offset: Int) throws(ImageInfoError) -> Int {
            try need(offset, 1)
            return Int(bytes[offset])
        }

        func be16(_ offset: Int) throws(ImageInfoError) -> Int {
            try need(offset, 2)
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }

        func be32(_ offset: Int) throws(ImageInfoError) -> Int {
            try need(offset, 4)
            return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16
                | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        }

        func le16(_ offset: Int) throws(ImageInfoError) -> Int {
            try need(offset, 2)
            return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
        }

        func le24(_ offset: Int) throws(ImageInfoError) -> Int {
            try need(offset, 3)
            return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
        }

        func le32(_ offset: Int) throws(ImageInfoError) -> Int {
            try need(offset, 4)
            return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
                | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }

        /// Four bytes as a chunk name; non-printable bytes are shown as `\xNN`.
        func fourCC(_ offset: Int) throws(ImageInfoError) -> String {
            try need(offset, 4)
            var s = ""
            for b in bytes[offset..<(offset + 4)] {
                if b >= 0x20 && b < 0x7F {
                    s.unicodeScalars.append(Unicode.Scalar(b))
                } else {
                    s += "\\x" + hexByte(b)
                }
            }
            return s
        }

        func malformed(_ reason: String) -> ImageInfoError {
            .malformed(format, reason)
        }
    }

    static func hexByte(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 0x0F)]])
    }

    // MARK: - PNG

    /// Signature, then IHDR, which must be the first chunk:
    /// length (4, = 13) "IHDR" width (4, BE) height (4, BE) depth colour
    /// compression filter interlace (1 each) CRC (4).
    static func readPNG(_ r: ByteReader) throws(ImageInfoError) -> ImageInfo {
        let chunkStart = 8
        let length = try r.be32(chunkStart)
        let type = try r.fourCC(chunkStart + 4)
        guard type == "IHDR" else {
            throw r.malformed("first chunk is '\(type)', expected 'IHDR'")
        }
        guard length == 13 else {
            throw r.malformed("IHDR chunk length is \(length), expected 13")
        }
        // The whole IHDR chunk, CRC included, must be present. (The CRC is not
        // verified.)
        try r.need(chunkStart + 8, 13 + 4)
        let width = try r.be32(chunkStart + 8)
        let height = try r.be32(chunkStart + 12)
        // PNG limits both dimensions to 1 ... 2^31 - 1.
        guard width > 0, width <= Int(Int32.max) else {
            throw r.malformed("invalid width \(width)")
        }
        guard height > 0, height <= Int(Int32.max) else {
            throw r.malformed("invalid height \(height)")
        }
        return ImageInfo(format: .png, width: width, height: height)
    }

    // MARK: - JPEG

    /// SOI, then marker segments until the first SOFn frame header:
    /// FF Cn length (2) precision (1) height (2) width (2) components (1) ...
    static func readJPEG(_ r: ByteReader) throws(ImageInfoError) -> ImageInfo {
        var pos = 2  // after SOI (FF D8)
        while true {
            // Every marker starts with 0xFF; any number of extra 0xFF fill bytes
            // may precede the marker code.
            let lead = try r.u8(pos)
            guard lead == 0xFF else {
                throw r.malformed("expected a marker at offset \(pos), found byte 0x\(hexByte(UInt8(lead)))")
            }
            while try r.u8(pos) == 0xFF { pos += 1 }
            let marker = try r.u8(pos)
            let markerOffset = pos - 1
            pos += 1

            switch marker {
            case 0x00:
                throw r.malformed("stuffed zero byte where a marker was expected at offset \(markerOffset)")
            case 0x01, 0xD0...0xD7:
                // TEM and RST0-7 stand alone, without a length.
                continue
            case 0xD8:
                throw r.malformed("second SOI marker at offset \(markerOffset)")
            case 0xD9:
                throw r.malformed("EOI marker before any SOF marker")
            case 0xDA:
                throw r.malformed("SOS marker (image data) before any SOF marker")
            default:
                break
            }

            let length = try r.be16(pos)
            guard length >= 2 else {
                throw r.malformed("segment length \(length) of marker 0x\(hexByte(UInt8(marker))) at offset \(markerOffset) is less than 2")
            }

            if isStartOfFrame(marker) {
                // Frame header: P (1) Y (2) X (2) Nf (1), then 3 bytes per component.
                guard length >= 8 else {
                    throw r.malformed("SOF segment length \(length) is too short")
                }
                let height = try r.be16(pos + 3)
                let width = try r.be16(pos + 5)
                let components = try r.u8(pos + 7)
                guard components > 0, length == 8 + 3 * components else {
                    throw r.malformed("SOF segment length \(length) does not match its \(components) components")
                }
                try r.need(pos, length)
                guard width > 0 else { throw r.malformed("zero width in SOF header") }
                guard height > 0 else {
                    // Height 0 means "given later by a DNL marker", which is
                    // practically unused and not supported here.
                    throw r.malformed("zero height in SOF header (DNL-defined height is not supported)")
                }
                return ImageInfo(format: .jpeg, width: width, height: height)
            }

            // Skip the segment; its length counts the two length bytes.
            try r.need(pos, length)
            pos += length
        }
    }

    /// SOF0-SOF15 (0xC0-0xCF) except DHT (C4), JPG (C8) and DAC (CC).
    static func isStartOfFrame(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    // MARK: - WebP

    /// "RIFF" size (4, LE) "WEBP", then the first chunk: fourCC (4) size (4, LE)
    /// payload. The first chunk decides the layout:
    ///  * "VP8 " (lossy): 3-byte frame tag, start code 9D 01 2A, then 16-bit
    ///    little-endian width and height whose low 14 bits are the size;
    ///  * "VP8L" (lossless): signature 0x2F, then a 32-bit little-endian word with
    ///    width-1 (14 bits), height-1 (14 bits), alpha (1), version (3, = 0);
    ///  * "VP8X" (extended): flags (1), reserved (3), width-1 (24-bit LE),
    ///    height-1 (24-bit LE).
    static func readWebP(_ r: ByteReader) throws(ImageInfoError) -> ImageInfo {
        let riffSize = try r.le32(4)
        // The RIFF size covers "WEBP" plus at least one chunk header.
        guard riffSize >= 4 + 8 else {
            throw r.malformed("RIFF size \(riffSize) is too small")
        }
        let chunk = try r.fourCC(12)
        let chunkSize = try r.le32(16)
        let data = 20

        switch chunk {
        case "VP8 ":
            guard chunkSize >= 10 else {
                throw r.malformed("VP8 chunk size \(chunkSize) is too small")
            }
            try r.need(data, 10)
            let frameTag = try r.le24(data)
            guard frameTag & 1 == 0 else {
                throw r.malformed("VP8 bitstream does not start with a key frame")
            }
            guard try r.u8(data + 3) == 0x9D, try r.u8(data + 4) == 0x01, try r.u8(data + 5) == 0x2A else {
                throw r.malformed("VP8 start code 9D 01 2A missing")
            }
            // The top two bits of each field are an upscaling hint, not size.
            let width = try r.le16(data + 6) & 0x3FFF
            let height = try r.le16(data + 8) & 0x3FFF
            guard width > 0 else { throw r.malformed("zero width in VP8 header") }
            guard height > 0 else { throw r.malformed("zero height in VP8 header") }
            return ImageInfo(format: .webp, width: width, height: height)

        case "VP8L":
            guard chunkSize >= 5 else {
                throw r.malformed("VP8L chunk size \(chunkSize) is too small")
            }
            try r.need(data, 5)
            guard try r.u8(data) == 0x2F else {
                throw r.malformed("VP8L signature byte 0x2F missing")
            }
            let bits = try r.le32(data + 1)
            let version = bits >> 29
            guard version == 0 else {
                throw r.malformed("unsupported VP8L version \(version)")
            }
            let width = (bits & 0x3FFF) + 1
            let height = ((bits >> 14) & 0x3FFF) + 1
            return ImageInfo(format: .webp, width: width, height: height)

        case "VP8X":
            guard chunkSize >= 10 else {
                throw r.malformed("VP8X chunk size \(chunkSize) is too small")
            }
            try r.need(data, 10)
            let width = try r.le24(data + 4) + 1
            let height = try r.le24(data + 7) + 1
            return ImageInfo(format: .webp, width: width, height: height)

        default:
            throw r.malformed("first chunk is '\(chunk)', expected 'VP8 ', 'VP8L' or 'VP8X'")
        }
    }
}
