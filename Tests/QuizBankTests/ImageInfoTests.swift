import Testing
@testable import QuizBank

@Suite("Image headers")
struct ImageInfoTests {
    // MARK: - Building minimal headers

    /// Deterministic SplitMix64 generator, so the fuzz tests are reproducible.
    struct SplitMix64 {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func next(below bound: Int) -> Int {
            Int(next() % UInt64(bound))
        }
        mutating func bytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
        }
    }

    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
         UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
    static func be16(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
    static func le16(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
    }
    static func le24(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16)]
    }
    static func le32(_ v: Int) -> [UInt8] {
        le16(v) + le16(v >> 16)
    }
    static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// CRC-32 (ISO-HDLC), as PNG chunks use, so the headers are genuinely valid.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Signature plus a complete IHDR chunk (8-bit RGBA), and nothing more.
    static func png(width: Int, height: Int, firstChunk: String = "IHDR", length: Int = 13) -> [UInt8] {
        let data = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        let typeAndData = ascii(firstChunk) + data
        return pngSignature + be32(length) + typeAndData + be32(Int(crc32(typeAndData)))
    }

    static func jpegSegment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    static let jfifAPP0: [UInt8] = jpegSegment(0xE0, ascii("JFIF") + [0, 1, 1, 0] + be16(1) + be16(1) + [0, 0])

    /// A frame header for three 8-bit components.
    static func sof(_ marker: UInt8, width: Int, height: Int) -> [UInt8] {
        jpegSegment(marker, [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
    }

    /// SOI, APP0 (JFIF), then the given SOF segment; ends right after SOF.
    static func jpeg(width: Int, height: Int, sofMarker: UInt8 = 0xC0) -> [UInt8] {
        [0xFF, 0xD8] + jfifAPP0 + sof(sofMarker, width: width, height: height)
    }

    static func riff(_ chunkType: String, _ payload: [UInt8]) -> [UInt8] {
        let chunk = ascii(chunkType) + le32(payload.count) + payload
        return ascii("RIFF") + le32(4 + chunk.count) + ascii("WEBP") + chunk
    }

    /// Lossy: frame tag (key frame, version 0, shown, partition size),
    /// start code, 14-bit dimensions with the upscaling bits in the top two.
    static func webpVP8(width: Int, height: Int, widthScale: Int = 0, heightScale: Int = 0) -> [UInt8] {
        let partitionSize = 1234
        let frameTag = 0 | (0 << 1) | (1 << 4) | (partitionSize << 5)
        return riff("VP8 ", le24(frameTag) + [0x9D, 0x01, 0x2A]
            + le16(width | widthScale << 14) + le16(height | heightScale << 14))
    }

    /// Lossless: signature 0x2F, then width-1 and height-1 in 14 bits each.
    static func webpVP8L(width: Int, height: Int, alpha: Bool = false) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14 | (alpha ? 1 << 28 : 0)
        return riff("VP8L", [0x2F] + le32(bits))
    }

    /// Extended: flags, 3 reserved bytes, 24-bit width-1 and height-1.
    static func webpVP8X(width: Int, height: Int) -> [UInt8] {
        riff("VP8X", [0x10, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    }

    // MARK: - Valid headers

    @Test("PNG IHDR")
    func pngDimensions() throws {
        #expect(try readImageInfo(Self.png(width: 256, height: 128)) == ImageInfo(format: .png, width: 256, height: 128))
        #expect(try readImageInfo(Self.png(width: 1, height: 1)) == ImageInfo(format: .png, width: 1, height: 1))
        let big = try readImageInfo(Self.png(width: 0x7FFF_FFFF, height: 70_000))
        #expect(big.width == 0x7FFF_FFFF && big.height == 70_000)
        // Trailing data (the rest of the file) is fine.
        #expect(try readImageInfo(Self.png(width: 3, height: 5) + [0, 0, 0, 0] + Self.ascii("IEND")).width == 3)
    }

    @Test("JPEG with APP0 then SOF0 (baseline)")
    func jpegBaseline() throws {
        let info = try readImageInfo(Self.jpeg(width: 640, height: 480))
        #expect(info == ImageInfo(format: .jpeg, width: 640, height: 480))
        #expect(try readImageInfo(Self.jpeg(width: 65535, height: 1)) == ImageInfo(format: .jpeg, width: 65535, height: 1))
    }

    @Test("JPEG with APP0 then SOF2 (progressive)")
    func jpegProgressive() throws {
        #expect(try readImageInfo(Self.jpeg(width: 1024, height: 768, sofMarker: 0xC2))
            == ImageInfo(format: .jpeg, width: 1024, height: 768))
    }

    @Test("JPEG: other SOFn markers count; DHT, JPG and DAC do not", arguments: [
        0xC1, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
    ] as [UInt8])
    func jpegOtherFrames(marker: UInt8) throws {
        #expect(try readImageInfo(Self.jpeg(width: 33, height: 44, sofMarker: marker))
            == ImageInfo(format: .jpeg, width: 33, height: 44))
    }

    @Test("JPEG: segments that look like SOF are skipped; fill bytes and standalone markers")
    func jpegMarkerWalk() throws {
        // DHT (C4), JPG (C8) and DAC (CC) bodies that would read as 16x16 if
        // mistaken for a frame header, then the real SOF0.
        let fake = [8] + Self.be16(16) + Self.be16(16) + [1, 1, 0x11, 0]
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += Self.jfifAPP0
        bytes += Self.jpegSegment(0xC4, fake)
        bytes += Self.jpegSegment(0xC8, fake)
        bytes += Self.jpegSegment(0xCC, fake)
        bytes += [0xFF, 0xFF, 0xFF]          // fill bytes before a marker
        bytes += Self.jpegSegment(0xE1, Self.ascii("Exif") + [0, 0] + [UInt8](repeating: 0xFF, count: 20))
        bytes += [0xFF, 0xD3, 0xFF, 0x01]    // RST3 and TEM: no length
        bytes += Self.jpegSegment(0xFE, [])  // empty comment (length 2)
        bytes += Self.sof(0xC0, width: 300, height: 200)
        #expect(try readImageInfo(bytes) == ImageInfo(format: .jpeg, width: 300, height: 200))
    }

    @Test("WebP lossy (VP8)")
    func webpLossy() throws {
        #expect(try readImageInfo(Self.webpVP8(width: 550, height: 368)) == ImageInfo(format: .webp, width: 550, height: 368))
        // The upscaling bits are not part of the size.
        #expect(try readImageInfo(Self.webpVP8(width: 16383, height: 2, widthScale: 3, heightScale: 1))
            == ImageInfo(format: .webp, width: 16383, height: 2))
    }

    @Test("WebP lossless (VP8L)")
    func webpLossless() throws {
        #expect(try readImageInfo(Self.webpVP8L(width: 400, height: 301)) == ImageInfo(format: .webp, width: 400, height: 301))
        #expect(try readImageInfo(Self.webpVP8L(width: 1, height: 16384, alpha: true))
            == ImageInfo(format: .webp, width: 1, height: 16384))
        #expect(try readImageInfo(Self.webpVP8L(width: 16384, height: 1)) == ImageInfo(format: .webp, width: 16384, height: 1))
    }

    @Test("WebP extended (VP8X)")
    func webpExtended() throws {
        #expect(try readImageInfo(Self.webpVP8X(width: 1920, height: 1080)) == ImageInfo(format: .webp, width: 1920, height: 1080))
        #expect(try readImageInfo(Self.webpVP8X(width: 1 << 24, height: 1)) == ImageInfo(format: .webp, width: 1 << 24, height: 1))
    }

    // MARK: - Errors

    @Test("unknown signatures")
    func unknownFormat() {
        for bytes: [UInt8] in [[], [0x00], Self.ascii("GIF89a\u{01}\u{00}\u{01}\u{00}"), Self.ascii("<svg></svg>"),
                               Self.ascii("RIFF\u{00}\u{00}\u{00}\u{00}WAVEfmt "), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x00]] {
            #expect(throws: ImageInfoError.unknownFormat) { try readImageInfo(bytes) }
        }
    }

    @Test("malformed PNG headers")
    func malformedPNG() {
        #expect(throws: ImageInfoError.malformed(.png, "invalid width 0")) { try readImageInfo(Self.png(width: 0, height: 5)) }
        #expect(throws: ImageInfoError.malformed(.png, "invalid height 0")) { try readImageInfo(Self.png(width: 5, height: 0)) }
        #expect(throws: ImageInfoError.malformed(.png, "invalid width 2147483648")) {
            try readImageInfo(Self.png(width: 0x8000_0000, height: 5))
        }
        #expect(throws: ImageInfoError.malformed(.png, "first chunk is 'gAMA', expected 'IHDR'")) {
            try readImageInfo(Self.png(width: 5, height: 5, firstChunk: "gAMA"))
        }
        #expect(throws: ImageInfoError.malformed(.png, "IHDR chunk length is 12, expected 13")) {
            try readImageInfo(Self.png(width: 5, height: 5, length: 12))
        }
    }

    @Test("malformed JPEG headers")
    func malformedJPEG() {
        let soi: [UInt8] = [0xFF, 0xD8]
        #expect(throws: ImageInfoError.malformed(.jpeg, "EOI marker before any SOF marker")) {
            try readImageInfo(soi + Self.jfifAPP0 + [0xFF, 0xD9])
        }
        #expect(throws: ImageInfoError.malformed(.jpeg, "SOS marker (image data) before any SOF marker")) {
            try readImageInfo(soi + Self.jfifAPP0 + Self.jpegSegment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0x34])
        }
        #expect(throws: ImageInfoError.malformed(.jpeg, "zero width in SOF header")) {
            try readImageInfo(Self.jpeg(width: 0, height: 10))
        }
        #expect(throws: (any Error).self) { try readImageInfo(Self.jpeg(width: 10, height: 0)) }
        // A byte other than 0xFF where a marker should start.
        #expect(throws: (any Error).self) { try readImageInfo(soi + [0x00, 0x10] + Self.sof(0xC0, width: 1, height: 1)) }
        // A segment length below 2 would otherwise loop or go backwards.
        #expect(throws: (any Error).self) { try readImageInfo(soi + [0xFF, 0xE0, 0x00, 0x00]) }
        #expect(throws: (any Error).self) { try readImageInfo(soi + [0xFF, 0xE0, 0x00, 0x01]) }
        // SOF whose length disagrees with its component count.
        #expect(throws: (any Error).self) {
            try readImageInfo(soi + Self.jpegSegment(0xC0, [8] + Self.be16(4) + Self.be16(4) + [3, 1, 0x11, 0]))
        }
    }

    @Test("malformed WebP headers")
    func malformedWebP() {
        #expect(throws: ImageInfoError.malformed(.webp, "first chunk is 'ALPH', expected 'VP8 ', 'VP8L' or 'VP8X'")) {
            try readImageInfo(Self.riff("ALPH", [UInt8](repeating: 0, count: 10)))
        }
        #expect(throws: ImageInfoError.malformed(.webp, "zero width in VP8 header")) {
            try readImageInfo(Self.webpVP8(width: 0, height: 5))
        }
        #expect(throws: ImageInfoError.malformed(.webp, "zero height in VP8 header")) {
            try readImageInfo(Self.webpVP8(width: 5, height: 0, heightScale: 2))
        }
        var badStartCode = Self.webpVP8(width: 5, height: 5)
        badStartCode[23] = 0x9E
        #expect(throws: ImageInfoError.malformed(.webp, "VP8 start code 9D 01 2A missing")) { try readImageInfo(badStartCode) }
        var interFrame = Self.webpVP8(width: 5, height: 5)
        interFrame[20] |= 1
        #expect(throws: ImageInfoError.malformed(.webp, "VP8 bitstream does not start with a key frame")) {
            try readImageInfo(interFrame)
        }
        var badSignature = Self.webpVP8L(width: 5, height: 5)
        badSignature[20] = 0x2E
        #expect(throws: ImageInfoError.malformed(.webp, "VP8L signature byte 0x2F missing")) { try readImageInfo(badSignature) }
        var badVersion = Self.webpVP8L(width: 5, height: 5)
        badVersion[24] |= 0x20
        #expect(throws: ImageInfoError.malformed(.webp, "unsupported VP8L version 1")) { try readImageInfo(badVersion) }
        #expect(throws: (any Error).self) { try readImageInfo(Self.riff("VP8X", [0, 0, 0, 0, 1, 0, 0])) }
    }

    @Test("error descriptions are readable")
    func descriptions() {
        #expect(ImageInfoError.unknownFormat.description == "not a PNG, JPEG or WebP file")
        #expect(ImageInfoError.truncated(.webp).description.contains("WebP"))
        #expect(ImageInfoError.malformed(.jpeg, "zero width in SOF header").description.contains("zero width in SOF header"))
    }

    // MARK: - Truncation and fuzzing

    static let validHeaders: [(String, [UInt8], ImageFormat)] = [
        ("PNG", png(width: 640, height: 480), .png),
        ("JPEG SOF0", jpeg(width: 640, height: 480), .jpeg),
        ("JPEG SOF2", jpeg(width: 640, height: 480, sofMarker: 0xC2), .jpeg),
        ("WebP VP8", webpVP8(width: 640, height: 480), .webp),
        ("WebP VP8L", webpVP8L(width: 640, height: 480), .webp),
        ("WebP VP8X", webpVP8X(width: 640, height: 480), .webp),
    ]

    @Test("every truncation of a valid header throws .truncated")
    func everyTruncationThrows() throws {
        for (name, header, format) in Self.validHeaders {
            #expect(try readImageInfo(header) == ImageInfo(format: format, width: 640, height: 480), "\(name)")
            #expect(throws: ImageInfoError.unknownFormat, "\(name), empty") { try readImageInfo([]) }
            for length in 1..<header.count {
                #expect(throws: ImageInfoError.truncated(format), "\(name) cut to \(length) bytes") {
                    try readImageInfo(Array(header.prefix(length)))
                }
            }
        }
    }

    /// Runs the reader on arbitrary input; anything but a trap is acceptable,
    /// and a success must report positive dimensions.
    private static func survives(_ bytes: [UInt8]) -> Bool {
        do {
            let info = try readImageInfo(bytes)
            return info.width > 0 && info.height > 0
        } catch {
            return true
        }
    }

    @Test("10,000 random byte strings never trap")
    func randomBytes() {
        var rng = SplitMix64(seed: 0x5EED_0F_1A6E)
        var failures = 0
        for _ in 0..<10_000 {
            let bytes = rng.bytes(rng.next(below: 64))
            if !Self.survives(bytes) { failures += 1 }
        }
        #expect(failures == 0)
    }

    @Test("random data behind each signature and mutated valid headers never trap")
    func signaturesAndMutations() {
        var rng = SplitMix64(seed: 42)
        let prefixes: [[UInt8]] = [
            Self.pngSignature,
            Self.pngSignature + [0, 0, 0, 13] + Self.ascii("IHDR"),
            [0xFF, 0xD8],
            [0xFF, 0xD8, 0xFF],
            Self.ascii("RIFF") + [0x40, 0, 0, 0] + Self.ascii("WEBP"),
            Self.ascii("RIFF") + [0x40, 0, 0, 0] + Self.ascii("WEBPVP8 "),
            Self.ascii("RIFF") + [0x40, 0, 0, 0] + Self.ascii("WEBPVP8L"),
            Self.ascii("RIFF") + [0x40, 0, 0, 0] + Self.ascii("WEBPVP8X"),
        ]
        var failures = 0
        for _ in 0..<10_000 {
            let prefix = prefixes[rng.next(below: prefixes.count)]
            var bytes = prefix + rng.bytes(rng.next(below: 48))
            // Bias towards marker-looking bytes so the JPEG walk gets exercised.
            for i in prefix.count..<bytes.count where rng.next(below: 4) == 0 {
                bytes[i] = 0xFF
            }
            if !Self.survives(bytes) { failures += 1 }
        }
        for _ in 0..<10_000 {
            var bytes = Self.validHeaders[rng.next(below: Self.validHeaders.count)].1
            for _ in 0..<(1 + rng.next(below: 4)) {
                bytes[rng.next(below: bytes.count)] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next(below: 2) == 0 { bytes = Array(bytes.prefix(rng.next(below: bytes.count + 1))) }
            if !Self.survives(bytes) { failures += 1 }
        }
        #expect(failures == 0)
    }
}
