import QuizBank
import QuizSupport

/// The compiled format's use of `JSONWriter`.
///
/// Layout: the members of the document and of its top-level arrays and objects each start a
/// line (two-space indentation); anything deeper is written compactly on its line. So each
/// question is one line, which keeps files small and diffs to the question that changed.
extension JSONWriter {
    /// Containers nested deeper than this are written on one line.
    static let compiledLinedDepth = 2

    static func compiled(capacity: Int = 0) -> JSONWriter {
        JSONWriter(linedDepth: compiledLinedDepth, capacity: capacity)
    }

    /// A writer for a later member `depth` levels down of a compiled document (see
    /// `JSONWriter.init(laterMemberAtDepth:linedDepth:deeper:capacity:)`).
    static func compiledMember(atDepth depth: Int, capacity: Int) -> JSONWriter {
        JSONWriter(laterMemberAtDepth: depth, linedDepth: compiledLinedDepth, capacity: capacity)
    }

    /// A text as compiled output carries it: normalized (`TextNormalizer`), then escaped. Most
    /// texts are normalized already, which the quick check tells while they are escaped.
    mutating func text(_ value: String) {
        string { JSONString.appendQuoted(value, to: &$0, gate: TextNormalizer.QuickCheck(), otherwise: TextNormalizer.normalize) }
    }
}
