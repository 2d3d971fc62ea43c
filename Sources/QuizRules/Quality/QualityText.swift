import Foundation
import QuizBank
import QuizLint
import QuizSupport
import QuizYAML

/// Text helpers shared by the quality rules (balance and duplicates).
public enum QualityText {
    /// The comparison form of a text, used to tell duplicates:
    ///
    /// 1. Unicode NFKC (`precomposedStringWithCompatibilityMapping`), so that `ﬁ`, `①`, full-width
    ///    letters and their plain forms compare equal;
    /// 2. full case folding (`folding(options: .caseInsensitive)`, which maps `ß` to `ss`);
    /// 3. every punctuation (`P*`), separator (`Z*`) and control or format (`C*`) scalar removed,
    ///    except where it changes a number. A gap (a run of punctuation and whitespace between
    ///    two kept scalars) is kept between two decimal digits (`2.5`, `1,000`, `3/4`,
    ///    `1999-2000`; whitespace runs as one space: `1 000`); before a digit or a currency sign,
    ///    a `-` or `−` that is the gap's last mark (spaces may follow it) is kept unless it
    ///    directly follows a letter or digit (`-2`, `- $20`, but `A-1` is `a1`). Letters, marks,
    ///    digits and symbols (`+`, `$`, `°`) stay; `%` is punctuation (`50%` is `50`).
    ///
    /// With `keepingWordBreaks` (for choices, which are short and often differ by a space on
    /// purpose: `Tu Pac` / `Tupac`), any other gap that holds whitespace becomes one space.
    ///
    /// So `What is the capital of France?` and `what is the capital of   france` are equal, and
    /// `-2`, `2`, `2.5` and `25` are all different. `Benchmarks/near_duplicates_recall.py` does the
    /// same in Python (`unicodedata.normalize("NFKC")`, `str.casefold()`, general categories).
    public static func normalized(_ text: String, keepingWordBreaks: Bool = false) -> String {
        let ascii = text.withUTF8Bytes { bytes -> String? in
            ByteSet.nonASCII.firstIndex(in: bytes) == nil ? normalizedASCII(bytes, keepingWordBreaks: keepingWordBreaks) : nil
        }
        if let ascii { return ascii }
        let folded = text.precomposedStringWithCompatibilityMapping.folding(options: .caseInsensitive, locale: nil)
        return String(decoding: normalizedScalars(folded.unicodeScalars, keepingWordBreaks: keepingWordBreaks), as: UTF8.self)
    }

    private enum Class { case letter, digit, punctuation, space, drop }

    private static func classify(_ scalar: Unicode.Scalar) -> Class {
        if scalar.value < 0x80 {
            switch scalar.value {
            case 0x30...0x39: return .digit
            case 0x41...0x5A, 0x61...0x7A: return .letter
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return .space
            case 0x00...0x1F, 0x7F: return .drop
            // ASCII punctuation (P*): !"#%&'()*,-./:;?@[\]_{}
            case 0x21, 0x22, 0x23, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2C, 0x2D, 0x2E, 0x2F,
                 0x3A, 0x3B, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5F, 0x7B, 0x7D:
                return .punctuation
            default: return .letter  // symbols $+<=>^`|~ are kept like letters
            }
        }
        switch scalar.properties.generalCategory {
        case .decimalNumber: return .digit
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return .punctuation
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return .space
        case .control, .format, .surrogate, .privateUse, .unassigned: return .drop
        default: return .letter
        }
    }

    /// `classify` of each ASCII value, made once: `normalizedASCII` classifies every byte of
    /// every question and correct choice of a run, and the `switch` cost dozens of instructions
    /// a byte.
    private static let asciiClasses: [Class] = (0..<128).map { classify(Unicode.Scalar(UInt8($0))) }

    /// `normalized` of an ASCII text (NFKC and case folding leave it as it is but for the case
    /// of its letters), from its bytes: step 3 as `normalizedScalars` takes it, with a gap kept
    /// on the stack. Read for every question and correct choice of a run, where walking
    /// scalars cost more than the rest of the duplicate checks' reading; guarded by
    /// `asciiNormalizedIsTheScalarsNormalized`.
    static func normalizedASCII(_ bytes: UnsafeBufferPointer<UInt8>, keepingWordBreaks: Bool) -> String {
        let classes = asciiClasses
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bytes.count)) { gap in
            // What is kept is at most what was read: a gap gives a space and a sign only when it
            // holds both.
            String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0, gapCount = 0
                var previous: Class = .drop
                func put(_ byte: UInt8) {
                    out[count] = byte
                    count += 1
                }
                /// Whether the gap keeps a `-` before `next`, as `sign(in:before:kind:afterNothing:)` says.
                func keepsSign(before next: UInt8, kind: Class, afterNothing: Bool) -> Bool {
                    guard kind == .digit || next == UInt8(ascii: "$") else { return false }
                    var index = gapCount - 1
                    while index >= 0, gap[index] == 0x20 { index -= 1 }
                    return index >= 0 && gap[index] == UInt8(ascii: "-") && (index > 0 || afterNothing)
                }
                for byte in bytes {
                    let kind = classes[Int(byte)]
                    switch kind {
                    case .drop:
                        continue
                    case .space:
                        if gapCount > 0, gap[gapCount - 1] == 0x20 { continue }
                        gap[gapCount] = 0x20
                        gapCount += 1
                    case .punctuation:
                        gap[gapCount] = byte
                        gapCount += 1
                    case .digit, .letter:
                        if gapCount > 0, previous != .drop {
                            if kind == .digit, previous == .digit {
                                for index in 0..<gapCount { put(gap[index]) }
                            } else if keepsSign(before: byte, kind: kind, afterNothing: false) {
                                if keepingWordBreaks, gap[0] == 0x20 { put(0x20) }
                                put(UInt8(ascii: "-"))
                            } else if keepingWordBreaks, UnsafeMutableBufferPointer(rebasing: gap[0..<gapCount]).contains(0x20) {
                                put(0x20)
                            }
                        } else if gapCount > 0, keepsSign(before: byte, kind: kind, afterNothing: true) {
                            put(UInt8(ascii: "-"))
                        }
                        gapCount = 0
                        put(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                        previous = kind
                    }
                }
                return count
            }
        }
    }

    /// Step 3 of `normalized` over already folded scalars, as UTF-8.
    static func normalizedScalars<S: Sequence>(_ scalars: S, keepingWordBreaks: Bool) -> [UInt8] where S.Element == Unicode.Scalar {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        var previous: Class = .drop  // class of the last kept scalar (.drop: none yet)
        var gap: [Unicode.Scalar] = []
        for scalar in scalars {
            let kind = classify(scalar)
            switch kind {
            case .drop:
                continue
            case .space, .punctuation:
                if kind == .space, gap.last == " " { continue }
                gap.append(kind == .space ? " " : scalar)
                continue
            case .digit, .letter:
                if !gap.isEmpty, previous != .drop {
                    if kind == .digit, previous == .digit {
                        for mark in gap { append(mark, to: &out) }
                    } else if let sign = Self.sign(in: gap, before: scalar, kind: kind, afterNothing: false) {
                        if keepingWordBreaks, gap.first == " " { out.append(0x20) }
                        append(sign, to: &out)
                    } else if keepingWordBreaks, gap.contains(" ") {
                        out.append(0x20)
                    }
                } else if !gap.isEmpty, let sign = Self.sign(in: gap, before: scalar, kind: kind, afterNothing: true) {
                    append(sign, to: &out)
                }
                gap.removeAll(keepingCapacity: true)
                var kept = scalar
                if scalar.value < 0x80, (0x41...0x5A).contains(scalar.value) {
                    kept = Unicode.Scalar(scalar.value + 0x20)!
                }
                append(kept, to: &out)
                previous = kind
            }
        }
        return out
    }

    /// The sign a gap keeps before `next`: its last mark when that is `-` or `−` (only spaces
    /// after it), `next` is a digit or a currency sign, and the mark does not directly follow a
    /// letter or digit (something is before it in the gap, or nothing was kept yet).
    private static func sign(in gap: [Unicode.Scalar], before next: Unicode.Scalar, kind: Class, afterNothing: Bool) -> Unicode.Scalar? {
        // In ASCII the only currency sign is `$` (the Unicode property lookup is slow).
        guard kind == .digit || (next.value < 0x80 ? next == "$" : next.properties.generalCategory == .currencySymbol) else { return nil }
        guard let index = gap.lastIndex(where: { $0 != " " }) else { return nil }
        let mark = gap[index]
        guard mark == "-" || mark == "\u{2212}", index > 0 || afterNothing else { return nil }
        return mark
    }

    @inline(__always)
    private static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        if scalar.value < 0x80 {
            out.append(UInt8(scalar.value))
        } else {
            out.append(contentsOf: UTF8.encode(scalar)!)
        }
    }

    /// Length in characters (grapheme clusters) of a text with its surrounding whitespace trimmed:
    /// `text.trimmingCharacters(in: .whitespacesAndNewlines).count`, without Foundation, which
    /// went through NSString for each of a large bank's choices.
    static func length(_ text: String) -> Int {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespaceOrNewline($0) }),
              let last = scalars.lastIndex(where: { !isWhitespaceOrNewline($0) }) else { return 0 }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text.count }
        return String(scalars[first...last]).count
    }

    /// The scalars of Foundation's `CharacterSet.whitespacesAndNewlines` (listed from it: the
    /// Z categories, U+0009-U+000D, U+0085 and U+200B; a test compares every scalar).
    static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The source-locale text of a question.
    static func source(_ text: LocalizedText, in bank: LintBank) -> String {
        text.source(bank.sourceLocale)
    }
}

/// One question of a run, with where it is, for findings that name other questions.
/// (It refers to the bank's question array rather than holding a copy of the question: runs
/// of hundreds of thousands of questions keep one entry per question.)
struct QuestionPlace {
    var path: String
    var questions: QuestionList
    var index: Int

    var question: Question { questions[index] }
    var range: SourceRange { questions[index].id.range }

    func related(_ note: String) -> Finding.Related {
        Finding.Related(path: path, range: range, note: note)
    }
}

extension Severity {
    /// This severity moved `steps` up (positive) or down, within info...error.
    func graded(by steps: Int) -> Severity {
        let all = Severity.allCases.sorted()
        let index = all.firstIndex(of: self)! + steps
        return all[min(max(index, 0), all.count - 1)]
    }
}
