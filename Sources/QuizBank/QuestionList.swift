import QuizSupport
import QuizYAML

/// A bank's questions, in order, kept small.
///
/// `lint` holds every question of a bank for the whole run, and a `Question` value spreads one
/// over many allocations: 128 bytes of its own, an array of 72-byte choices, a 16-byte range
/// for every field. The common question (plain texts, choices without an id or feedback, a
/// few lines long) is kept here as one 72-byte record and a 32-byte record a choice, its
/// ranges as lines after the question's first line, its id and text as UTF-8 in one buffer,
/// its choices' strings and the box of its rarer fields shared with the value it was made
/// from. Any other question is kept whole. Each `Question` is made again when read, equal to
/// the one appended.
///
/// A list appended to another is kept as a part of its own rather than copied (a bank read in
/// two parts would otherwise hold the second part twice while it moves).
public struct QuestionList: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral, Equatable, CustomStringConvertible {
    private var parts: [Part]
    /// The index of each part's first question.
    private var partStarts: [Int]

    public init() {
        parts = [Part(records: [], choices: [], texts: [])]
        partStarts = [0]
    }

    public init(_ questions: some Sequence<Question>) {
        self.init()
        for question in questions { append(question) }
    }

    public init(arrayLiteral questions: Question...) {
        self.init(questions)
    }

    /// An empty list with room for `questions` questions, `choices` choices and `textBytes` of
    /// ids and texts in all, asked for in large pages (`LargeBuffer`): growing by doubling
    /// copied what was read so far.
    public init(reservingLarge questions: Int, choices: Int, textBytes: Int) {
        parts = [Part(records: LargeBuffer.array(capacity: questions), choices: LargeBuffer.array(capacity: choices),
                      texts: LargeBuffer.bytes(capacity: textBytes))]
        partStarts = [0]
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { partStarts[partStarts.count - 1] + parts[parts.count - 1].records.count }

    public subscript(position: Int) -> Question {
        let (part, index) = place(of: position)
        return parts[part].question(at: index)
    }

    /// The range of the question at `index`, without making the question.
    public func range(at index: Int) -> SourceRange {
        let (part, offset) = place(of: index)
        return parts[part].records[offset].range
    }

    /// The question's `lowestMark`, made only for a question kept whole or with fields of its
    /// box: a record's ranges start at or after its question's start.
    public func lowestMark(at index: Int) -> SourceMark {
        let (part, offset) = place(of: index)
        let record = parts[part].records[offset]
        return record.flags & Flags.whole == 0 && record.extras == nil ? record.range.start : parts[part].question(at: offset).lowestMark
    }

    public mutating func append(_ question: Question) {
        parts[parts.count - 1].append(question)
    }

    /// Appends `later`'s questions as parts of this list.
    public mutating func append(contentsOf later: consuming QuestionList) {
        var start = endIndex
        for part in later.parts where !part.records.isEmpty {
            if parts[parts.count - 1].records.isEmpty {
                parts[parts.count - 1] = part
            } else {
                parts.append(part)
                partStarts.append(start)
            }
            start += part.records.count
        }
    }

    /// Equal questions in order, however they are kept.
    public static func == (a: QuestionList, b: QuestionList) -> Bool {
        a.elementsEqual(b)
    }

    /// The questions', as an array's.
    public var description: String { Array(self).description }

    /// How many of the questions are kept whole, for tests of what fits a record.
    var wholeCount: Int { parts.reduce(0) { $0 + $1.whole.count } }

    /// The part that holds question `position`, and its index there.
    private func place(of position: Int) -> (part: Int, index: Int) {
        var part = partStarts.count - 1
        while partStarts[part] > position { part -= 1 }
        return (part, position - partStarts[part])
    }
}

extension QuestionList {
    /// Questions in records, and those kept whole.
    struct Part {
        var records: [Record]
        var choices: [ChoiceRecord]
        /// The records' ids and texts, as UTF-8, one after the other.
        var texts: [UInt8]
        /// The questions that do not fit a record, at the index their record gives.
        var whole: [Question] = []

        func question(at index: Int) -> Question {
            let record = records[index]
            if record.flags & Flags.whole != 0 { return whole[Int(record.firstChoice)] }
            let line = record.range.start.line
            var made: [Choice] = []
            if record.choiceCount > 0 {
                made.reserveCapacity(Int(record.choiceCount))
                let first = Int(record.firstChoice)
                for offset in 0..<Int(record.choiceCount) {
                    let choice = choices[first + offset]
                    made.append(Choice(id: nil, text: LocalizedText(choice.text, range: choice.textRange.range(after: line)),
                                       correct: record.correctChoices & (1 << offset) != 0, feedback: nil,
                                       range: choice.range.range(after: line)))
                }
            }
            let answer = record.flags & Flags.hasAnswer != 0
                ? Located(record.flags & Flags.answerTrue != 0, record.answerRange.range(after: line)) : nil
            return Question(id: Located(string(record.id), record.idRange.range(after: line)), range: record.range,
                            kind: Flags.kind(record.flags), text: LocalizedText(string(record.text), range: record.textRange.range(after: line)),
                            answer: answer, choices: made, extras: record.extras)
        }

        private func string(_ text: TextBytes) -> String {
            texts.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[text.range]), as: UTF8.self) }
        }

        mutating func append(_ question: Question) {
            if !appendRecords(of: question) {
                records.append(Record(wholeAt: whole.count, range: question.range))
                whole.append(question)
            }
        }

        /// Appends the records of `question`; false, with nothing appended, when it must be kept whole.
        private mutating func appendRecords(of question: Question) -> Bool {
            guard case .plain(let text) = question.text.form, question.choices.count <= Record.maximumChoices,
                  choices.count + question.choices.count <= Int(UInt32.max),
                  texts.count + question.id.value.utf8.count + text.utf8.count <= Int(UInt32.max) else { return false }
            let start = question.range.start
            guard let idRange = NearRange(question.id.range, after: start),
                  let textRange = NearRange(question.text.range, after: start) else { return false }
            var answerRange = NearRange.none
            var flags = Flags.of(question.kind)
            if let answer = question.answer {
                guard let range = NearRange(answer.range, after: start) else { return false }
                answerRange = range
                flags |= Flags.hasAnswer | (answer.value ? Flags.answerTrue : 0)
            }
            // By index: binding each `Choice` copied all of it. Appended as they are read, and
            // taken back when one does not fit.
            let firstChoice = choices.count
            var correct: UInt16 = 0
            for index in question.choices.indices {
                let choice = question.choices[index]
                guard choice.id == nil, choice.feedback == nil, case .plain(let choiceText) = choice.text.form,
                      let choiceTextRange = NearRange(choice.text.range, after: start),
                      let choiceRange = NearRange(choice.range, after: start) else {
                    choices.removeSubrange(firstChoice...)
                    return false
                }
                if choice.correct { correct |= 1 << index }
                choices.append(ChoiceRecord(text: choiceText, textRange: choiceTextRange, range: choiceRange))
            }
            let id = TextBytes(offset: UInt32(texts.count), count: UInt32(question.id.value.utf8.count))
            texts.append(contentsOf: question.id.value.utf8)
            let textBytes = TextBytes(offset: UInt32(texts.count), count: UInt32(text.utf8.count))
            texts.append(contentsOf: text.utf8)
            records.append(Record(id: id, text: textBytes, range: question.range, idRange: idRange, textRange: textRange,
                                  answerRange: answerRange, extras: question.extras, firstChoice: UInt32(firstChoice),
                                  correctChoices: correct, choiceCount: UInt8(question.choices.count), flags: flags))
            return true
        }
    }

    /// A question's fields but its choices.
    struct Record {
        /// At most as many choices as `correctChoices` has bits.
        static let maximumChoices = 16

        var id: TextBytes
        var text: TextBytes
        var range: SourceRange
        var idRange: NearRange
        var textRange: NearRange
        var answerRange: NearRange
        var extras: Question.Extras?
        /// The index of the first choice in `choices`, or of the question in `whole`.
        var firstChoice: UInt32
        var correctChoices: UInt16
        var choiceCount: UInt8
        var flags: UInt8

        init(id: TextBytes, text: TextBytes, range: SourceRange, idRange: NearRange, textRange: NearRange, answerRange: NearRange,
             extras: Question.Extras?, firstChoice: UInt32, correctChoices: UInt16, choiceCount: UInt8, flags: UInt8) {
            self.id = id
            self.text = text
            self.range = range
            self.idRange = idRange
            self.textRange = textRange
            self.answerRange = answerRange
            self.extras = extras
            self.firstChoice = firstChoice
            self.correctChoices = correctChoices
            self.choiceCount = choiceCount
            self.flags = flags
        }

        init(wholeAt index: Int, range: SourceRange) {
            self.init(id: .empty, text: .empty, range: range, idRange: .none, textRange: .none, answerRange: .none, extras: nil,
                      firstChoice: UInt32(index), correctChoices: 0, choiceCount: 0, flags: Flags.whole)
        }
    }

    /// Where a text's UTF-8 is in `Part.texts`.
    struct TextBytes {
        var offset: UInt32
        var count: UInt32

        static let empty = TextBytes(offset: 0, count: 0)

        var range: Range<Int> { Int(offset)..<Int(offset) + Int(count) }
    }

    struct ChoiceRecord {
        var text: String
        var textRange: NearRange
        var range: NearRange
    }

    /// A range inside a question: its lines counted from the question's first line, in 16 bits
    /// each with its columns.
    struct NearRange: Equatable {
        var startLine: UInt16
        var startColumn: UInt16
        var endLine: UInt16
        var endColumn: UInt16

        static let none = NearRange(startLine: 0, startColumn: 0, endLine: 0, endColumn: 0)

        init(startLine: UInt16, startColumn: UInt16, endLine: UInt16, endColumn: UInt16) {
            self.startLine = startLine
            self.startColumn = startColumn
            self.endLine = endLine
            self.endColumn = endColumn
        }

        /// Nil when `range` starts before `start` or does not fit.
        init?(_ range: SourceRange, after start: SourceMark) {
            let line = start.line
            guard range.start >= start, range.end.line >= line,
                  let startLine = UInt16(exactly: range.start.line - line), let startColumn = UInt16(exactly: range.start.column),
                  let endLine = UInt16(exactly: range.end.line - line), let endColumn = UInt16(exactly: range.end.column) else { return nil }
            self.init(startLine: startLine, startColumn: startColumn, endLine: endLine, endColumn: endColumn)
        }

        func range(after line: UInt32) -> SourceRange {
            var range = SourceRange(at: SourceMark(line: 1, column: 1))
            range.start.line = line + UInt32(startLine)
            range.start.column = UInt32(startColumn)
            range.end.line = line + UInt32(endLine)
            range.end.column = UInt32(endColumn)
            return range
        }
    }

    /// A record's kind, answer and form, in one byte.
    enum Flags {
        static let kindMask: UInt8 = 0b11
        static let hasAnswer: UInt8 = 1 << 2
        static let answerTrue: UInt8 = 1 << 3
        static let whole: UInt8 = 1 << 4

        static func of(_ kind: QuestionKind) -> UInt8 {
            switch kind {
            case .trueFalse: 0
            case .singleChoice: 1
            case .multipleChoice: 2
            }
        }

        static func kind(_ flags: UInt8) -> QuestionKind {
            switch flags & kindMask {
            case 0: .trueFalse
            case 1: .singleChoice
            default: .multipleChoice
            }
        }
    }
}
