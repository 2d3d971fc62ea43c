import QuizBank

/// A question's fingerprint (docs/compiled-format.md, "Question fingerprints"): 32 hex digits,
/// the first 16 bytes of the SHA-256 of the question's kind, source-locale text, answer or
/// choices and correct indexes, and image hash, each as a netstring (`<byte count>:<bytes>,`).
/// It is the same in every locale's document, so that an engine keeps a learner's progress
/// across a language switch and drops it when what is asked or its answer changes.
enum QuestionFingerprint {
    /// `buffer` is scratch room, kept by the caller from one question to the next.
    static func compute(_ question: Question, sourceLocale: String, imageSHA256: String?, buffer: inout [UInt8]) -> String {
        buffer.removeAll(keepingCapacity: true)
        append(question.kind.rawValue, to: &buffer)
        append(sourceText(question.text, sourceLocale), to: &buffer)
        if let answer = question.answer {
            append(answer.value ? "true" : "false", to: &buffer)
        } else {
            append(String(question.choices.count), to: &buffer)
            for index in question.choices.indices { append(sourceText(question.choices[index].text, sourceLocale), to: &buffer) }
            var correct = ""
            for (index, choice) in question.choices.enumerated() where choice.correct {
                if !correct.isEmpty { correct += "," }
                correct += String(index)
            }
            append(correct, to: &buffer)
        }
        append(imageSHA256 ?? "", to: &buffer)
        return SHA256.hex(Array(SHA256.hash(buffer).prefix(16)))
    }

    /// The text as the source-locale document carries it.
    private static func sourceText(_ text: LocalizedText, _ sourceLocale: String) -> String {
        TextNormalizer.normalize(text.source(sourceLocale))
    }

    private static func append(_ field: String, to buffer: inout [UInt8]) {
        var field = field
        field.withUTF8 { utf8 in
            DecimalText.append(utf8.count, to: &buffer)
            buffer.append(UInt8(ascii: ":"))
            buffer.append(contentsOf: utf8)
            buffer.append(UInt8(ascii: ","))
        }
    }
}
