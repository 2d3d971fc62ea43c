extension Question {
    /// The fingerprint of this question as it reads in this document, computed as
    /// docs/compiled-format.md ("Question fingerprints") defines it: 32 hex digits (the first
    /// 16 bytes of a SHA-256) over the kind, the text, the answer or the choices and which are
    /// correct, and the image's hash. The compiler computes it from the source-locale texts,
    /// so in a source-locale document this equals `fingerprint`; in another locale's document
    /// it differs wherever a text is translated.
    public func computedFingerprint() -> String {
        var fields: [String] = [kind.rawValue, text]
        switch content {
        case .trueFalse(let answer):
            fields.append(answer ? "true" : "false")
        case .choices(let set):
            fields.append(String(set.choices.count))
            fields += set.choices.map(\.text)
            fields.append(set.correct.map(String.init).joined(separator: ","))
        }
        fields.append(image?.sha256 ?? "")
        var input: [UInt8] = []
        for field in fields {
            let bytes = Array(field.utf8)
            input += Array(String(bytes.count).utf8)
            input.append(UInt8(ascii: ":"))
            input += bytes
            input.append(UInt8(ascii: ","))
        }
        var hasher = SHA256()
        hasher.update(input)
        return SHA256.hexadecimal(Array(hasher.finalize().prefix(16)))
    }
}
