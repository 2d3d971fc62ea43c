import QuizLint
/// Small, valid image files for the examples of the image rules (`RuleExample.files`).
enum ExampleImages {
    /// A complete grayscale PNG of `width` × `height` black pixels: the signature, an IHDR chunk,
    /// one IDAT chunk holding the zlib stream of the (unfiltered) scanlines in stored deflate
    /// blocks, and IEND, each chunk with its CRC. Any PNG decoder can open it.
    static func png(width: Int, height: Int, keepingFirst count: Int = .max) -> ExampleFile {
        ExampleFile { Array(pngBytes(width: width, height: height).prefix(count)) }
    }

    private static func pngBytes(width: Int, height: Int) -> [UInt8] {
        precondition(width > 0 && height > 0, "a PNG has at least one pixel")
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Width, height, bit depth 8, colour type 0 (grayscale), compression, filter, interlace.
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 0, 0, 0, 0]
        appendChunk("IHDR", header, to: &bytes)
        // Each scanline: filter type 0, then one byte per pixel.
        let raw = [UInt8](repeating: 0, count: height * (1 + width))
        appendChunk("IDAT", zlibStored(raw), to: &bytes)
        appendChunk("IEND", [], to: &bytes)
        return bytes
    }

    /// A file that starts like nothing `readImageInfo` knows.
    static let notAnImage = ExampleFile { Array("GIF89a, or rather a text file that is not an image\n".utf8) }

    private static func appendChunk(_ type: String, _ data: [UInt8], to bytes: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        bytes += bigEndian(UInt32(data.count))
        bytes += typeBytes
        bytes += data
        bytes += bigEndian(crc32(typeBytes + data))
    }

    /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4).
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        out += bigEndian(adler32(data))
        return out
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG uses it (ISO 3309, reflected, polynomial 0xEDB88320), a byte at a time
    /// through a table: the examples' images are made whenever the rule descriptions are read,
    /// that is on every run, so the loop goes over raw buffers (about 3 MB of them).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        crcTable.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                var crc: UInt32 = 0xFFFF_FFFF
                for byte in bytes {
                    crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
                }
                return ~crc
            }
        }
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
        }
        return crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { bytes in
            var a: UInt32 = 1, b: UInt32 = 0
            // Sums stay below 2^32 for 5,552 bytes (zlib's bound) before they must be reduced.
            var index = 0
            while index < bytes.count {
                let end = min(index + 5_552, bytes.count)
                for byte in bytes[index..<end] {
                    a &+= UInt32(byte)
                    b &+= a
                }
                a %= 65_521
                b %= 65_521
                index = end
            }
            return b << 16 | a
        }
    }
}
