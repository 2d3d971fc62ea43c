import Testing
import TestSupport
@testable import QuizCompile

@Suite("SHA-256")
struct SHA256Tests {
    private static func digest(_ string: String) -> String {
        SHA256.hex(SHA256.hash(Array(string.utf8)))
    }

    // MARK: - FIPS 180-4 / NIST example vectors

    @Test("empty message")
    func emptyMessage() {
        #expect(Self.digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("\"abc\" (one block)")
    func abc() {
        #expect(Self.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("448-bit message (two blocks)")
    func twoBlockMessage() {
        #expect(Self.digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("896-bit message")
    func longerMessage() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
            + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(Self.digest(message) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test("one million 'a' (one shot and in uneven chunks)")
    func millionA() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(SHA256.hash(bytes)) == expected)

        var hasher = SHA256()
        var offset = 0
        var step = 1
        while offset < bytes.count {
            let end = min(bytes.count, offset + step)
            bytes[offset..<end].withUnsafeBytes { hasher.update($0) }
            offset = end
            step = step * 3 % 1_021 + 1  // 1, 4, 13, 40, ... mixes tiny and block-sized pieces
        }
        #expect(SHA256.hex(hasher.finalize()) == expected)
    }

    // MARK: - Processor instructions against the portable code

    @Test("the SHA-256 instructions, where the processor has them, agree with the portable code")
    func hardwareAgreesWithSwift() {
        var generator = seededGenerator()
        for length in [0, 1, 63, 64, 65, 127, 128, 1_000, 4_096, 65_537] + (0..<40).map({ _ in Int.random(in: 0..<20_000, using: &generator) }) {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var portable = SHA256()
            portable.usesHardware = false
            portable.update(bytes[...])
            var detected = SHA256()
            detected.update(bytes[...])
            #expect(SHA256.hex(detected.finalize()) == SHA256.hex(portable.finalize()), "length \(length)")
        }
    }

    // MARK: - Padding boundaries

    @Test("lengths around the padding boundaries", arguments: [
        (1, "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb"),
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (57, "f13b2d724659eb3bf47f2dd6af1accc87b81f09f59f2b75e5c0bed6589dfe8c6"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
        (127, "c57e9278af78fa3cab38667bef4ce29d783787a2f731d4e12200270f0c32320a"),
        (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
        (1000, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func paddingBoundaries(length: Int, expected: String) {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        #expect(SHA256.hex(SHA256.hash(bytes)) == expected)
    }

    // MARK: - Incremental updates

    /// A 200-byte message whose SHA-256 was computed independently.
    private static let message: [UInt8] = (0..<200).map { UInt8(($0 * 7 + 3) % 256) }
    private static let messageDigest = "2c7e18c942ef065b526a2d4e5546283749cd3ddfb51d8fc71f42717363685f46"

    @Test("the 200-byte reference message")
    func referenceMessage() {
        #expect(SHA256.hex(SHA256.hash(Self.message)) == Self.messageDigest)
    }

    @Test("splitting the input at every offset gives the one-shot digest")
    func splitAtEveryOffset() {
        let message = Self.message
        let oneShot = SHA256.hash(message)
        for split in 0...message.count {
            var hasher = SHA256()
            hasher.update(message[..<split])
            hasher.update(message[split...])
            #expect(hasher.finalize() == oneShot, "split at \(split)")
        }
    }

    @Test("three-way splits through the raw-buffer entry point")
    func threeWaySplits() {
        let message = Self.message
        let oneShot = SHA256.hash(message)
        for first in stride(from: 0, through: message.count, by: 7) {
            for second in stride(from: first, through: message.count, by: 5) {
                var hasher = SHA256()
                message.withUnsafeBytes { raw in
                    hasher.update(UnsafeRawBufferPointer(rebasing: raw[..<first]))
                    hasher.update(UnsafeRawBufferPointer(rebasing: raw[first..<second]))
                    hasher.update(UnsafeRawBufferPointer(rebasing: raw[second...]))
                }
                #expect(hasher.finalize() == oneShot, "splits at \(first), \(second)")
            }
        }
    }

    @Test("byte-at-a-time updates and empty updates")
    func byteAtATime() {
        var hasher = SHA256()
        hasher.update([])
        for byte in Self.message {
            hasher.update([byte])
            hasher.update(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        #expect(SHA256.hex(hasher.finalize()) == Self.messageDigest)
    }

    @Test("update(String) hashes the UTF-8 encoding")
    func stringUpdate() {
        let text = "héllo wörld ✓ 𝄞"
        var hasher = SHA256()
        hasher.update(text)
        let digest = hasher.finalize()
        #expect(digest == SHA256.hash(Array(text.utf8)))
        #expect(SHA256.hex(digest) == "f7f53566f9b086b5e64130a9492d4e3fb8e444cb7270edce3f958154a6f3e297")

        var pieces = SHA256()
        pieces.update("héllo ")
        pieces.update("")
        pieces.update("wörld ✓ 𝄞")
        #expect(pieces.finalize() == digest)
    }

    @Test("a copied hasher continues independently")
    func valueSemantics() {
        var a = SHA256()
        a.update("abc")
        var b = a
        b.update("def")
        #expect(SHA256.hex(a.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(b.finalize() == SHA256.hash(Array("abcdef".utf8)))
    }

    // MARK: - Hex

    @Test("hex is lowercase, two digits per byte")
    func hex() {
        #expect(SHA256.hex([]) == "")
        #expect(SHA256.hex([0x00, 0x0f, 0xa0, 0xff, 0x5c]) == "000fa0ff5c")
        let digest = SHA256.hash([])
        #expect(digest.count == 32)
        #expect(SHA256.hex(digest).count == 64)
    }
}
