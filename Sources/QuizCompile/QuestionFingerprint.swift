import QuizBank
import QuizSupport

/// A question's fingerprint (docs/compiled-format.md, "Question fingerprints"): 32 hex digits,
/// the first 16 bytes of the SHA-256 of the question's kind, source-locale text, answer or
/// choices and correct indexes, and image hash, each as a netstring (`<byte count>:<bytes>,`).
/// It is the same in every locale's document, so that an engine keeps a learner's progress
/// across a language switch and drops it when what is asked or its answer changes.
public enum QuestionFingerprint {
    /// The fingerprint the compiled JSON carries for `question`, for tools that compare versions
    /// of a bank (`quizbank diff`, `quizbank lock`).
    public static func compute(_ question: Question, sourceLocale: String, imageSHA256: String?) -> String {
        var buffer: [UInt8] = []
        return compute(question, sourceLocale: sourceLocale, imageSHA256: imageSHA256, buffer: &buffer)
    }

    /// `buffer` is scratch room, kept by the caller from one question to the next.
    static func compute(_ question: Question, sourceLocale: String, imageSHA256: String?, buffer: inout [UInt8]) -> String {
        buffer.removeAll(keepingCapacity: true)
        append(question.kind.rawValue, to: &buffer)
        appendText(question.text.source(sourceLocale), to: &buffer)
        if let answer = question.answer {
            append(answer.value ? "true" : "false", to: &buffer)
        } else {
            appendNumber(question.choices.count, to: &buffer)
            for index in question.choices.indices { appendText(question.choices[index].text.source(sourceLocale), to: &buffer) }
            // The correct indexes, `0,2`: its length first, as a netstring has it. By index:
            // binding each `Choice` would copy it.
            var length = -1
            for index in question.choices.indices where question.choices[index].correct { length += 1 + digits(index) }
            DecimalText.append(max(0, length), to: &buffer)
            buffer.append(UInt8(ascii: ":"))
            var first = true
            for index in question.choices.indices where question.choices[index].correct {
                if !first { buffer.append(UInt8(ascii: ",")) }
                DecimalText.append(index, to: &buffer)
                first = false
            }
            buffer.append(UInt8(ascii: ","))
        }
        append(imageSHA256 ?? "", to: &buffer)
        let words = SHA256.leadingWords(ofPaddingInPlace: &buffer)
        return String(unsafeUninitializedCapacity: 32) { text in
            let digits: StaticString = "0123456789abcdef"
            func put(_ word: UInt32, at start: Int) {
                for nibble in 0..<8 { text[start + nibble] = digits.utf8Start[Int(word >> UInt32(28 - 4 * nibble) & 0xF)] }
            }
            put(words.0, at: 0)
            put(words.1, at: 8)
            put(words.2, at: 16)
            put(words.3, at: 24)
            return 32
        }
    }

    /// A text as the source-locale document carries it: normalized (most texts are already,
    /// which one pass tells).
    private static func appendText(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        let normalized = text.withUTF8 { utf8 in
            guard TextNormalizer.isNormalized(utf8) else { return false }
            appendField(utf8, to: &buffer)
            return true
        }
        if !normalized { append(TextNormalizer.normalize(text), to: &buffer) }
    }

    private static func append(_ field: String, to buffer: inout [UInt8]) {
        var field = field
        field.withUTF8 { appendField($0, to: &buffer) }
    }

    private static func appendField(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        DecimalText.append(utf8.count, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        buffer.append(contentsOf: utf8)
        buffer.append(UInt8(ascii: ","))
    }

    private static func appendNumber(_ value: Int, to buffer: inout [UInt8]) {
        DecimalText.append(digits(value), to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        DecimalText.append(value, to: &buffer)
        buffer.append(UInt8(ascii: ","))
    }

    /// Decimal digits of a non-negative number.
    private static func digits(_ value: Int) -> Int {
        var count = 1, rest = value
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }
}
