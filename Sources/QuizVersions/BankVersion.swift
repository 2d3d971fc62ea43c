import QuizBank
import QuizCompile

/// One version of a bank, as `quizbank diff` and `quizbank lock` compare it: the decoded bank,
/// where it was read from, and the SHA-256 of each image file it shows (nil for a file that
/// could not be read, compared then by its path alone).
public struct BankVersion: Sendable {
    public var bank: Bank
    /// The path findings and changes name: a file, or `REV:path` for a file read from git.
    public var label: String
    public var imageSHA256: [String: String]

    /// `imageBytes` reads an image of the bank by its path under the image root.
    public init(bank: Bank, label: String, imageBytes: (String) -> [UInt8]?) {
        self.bank = bank
        self.label = label
        var hashes: [String: String] = [:]
        for question in bank.questions {
            guard let image = question.image?.value, hashes[image] == nil,
                  let bytes = imageBytes(bank.header.imageFilePath(image)) else { continue }
            hashes[image] = SHA256.hex(SHA256.hash(bytes))
        }
        self.imageSHA256 = hashes
    }

    public var sourceLocale: String { bank.header.locale.value }

    /// What the compiled JSON's `fingerprint` is for the question (docs/compiled-format.md).
    public func contentFingerprint(of question: Question) -> String {
        QuestionFingerprint.compute(question, sourceLocale: sourceLocale, imageSHA256: question.image.flatMap { imageSHA256[$0.value] })
    }

    /// What a learner must answer to be right, and nothing else: `true`/`false`, or the correct
    /// choices, each known by its id where it has one and else by its normalized text, in
    /// sorted order (so that a reorder keeps it). 32 hex digits, as the content fingerprint.
    public func answerKeyFingerprint(of question: Question) -> String {
        var fields: [String] = []
        if let answer = question.answer {
            fields = ["answer", answer.value ? "true" : "false"]
        } else {
            fields = ["choices"] + question.choices.filter(\.correct).map { choiceKey($0) }.sorted()
        }
        return Self.digest(fields)
    }

    /// The question's own text in the source locale, normalized: tells an edited question from
    /// a new one under an old id.
    public func textFingerprint(of question: Question) -> String {
        Self.digest([normalizedSource(question.text)])
    }

    /// The first 4 bytes of the digest of a choice's normalized text, as 8 hex digits: enough to
    /// tell which of a question's choices the lock saw are still there.
    public func choiceTextDigest(of choice: Choice) -> String {
        String(Self.digest([normalizedSource(choice.text)]).prefix(8))
    }

    /// `id:<id>` for a choice with an id, `text:<normalized text>` for one without.
    public func choiceKey(_ choice: Choice) -> String {
        choice.id.map { "id:" + $0.value } ?? "text:" + normalizedSource(choice.text)
    }

    public func normalizedSource(_ text: LocalizedText) -> String {
        TextNormalizer.normalize(text.source(sourceLocale))
    }

    /// The first 16 bytes of the SHA-256 of the fields as netstrings, as 32 hex digits.
    static func digest(_ fields: [String]) -> String {
        var bytes: [UInt8] = []
        for field in fields {
            bytes += Array(String(field.utf8.count).utf8)
            bytes.append(UInt8(ascii: ":"))
            bytes += Array(field.utf8)
            bytes.append(UInt8(ascii: ","))
        }
        return String(SHA256.hex(SHA256.hash(bytes)).prefix(32))
    }
}
