internal import CYaml

/// Runs libyaml's parser over UTF-8 bytes and hands each event to a closure.
///
/// All libyaml state lives inside `parse`; no C pointer escapes it.
public enum YAMLEventParser {
    public static func parse(
        _ bytes: [UInt8],
        _ handle: (YAMLEvent, SourceRange) throws(YAMLProblem) -> Void
    ) throws(YAMLProblem) {
        try parse(bytes, input: YAMLInput(), handle)
    }

    /// Parses the part of `bytes` that `input` names; marks count lines from `input.lineOffset`.
    public static func parse(
        _ bytes: [UInt8],
        input: YAMLInput,
        _ handle: (YAMLEvent, SourceRange) throws(YAMLProblem) -> Void
    ) throws(YAMLProblem) {
        if input.prefix.isEmpty, input.start == 0, let problem = utf16Problem(bytes) { throw problem }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer {
            parser.deallocate()
            event.deallocate()
        }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLProblem(.syntax, "libyaml could not start (out of memory)", at: SourceRange(at: SourceMark(line: 1, column: 1)))
        }
        defer { yaml_parser_delete(parser) }

        let lineOffset = input.lineOffset
        let outcome: Result<Void, YAMLProblem> = bytes.withUnsafeBufferPointer { buffer in
            // libyaml calls the read handler whenever its raw buffer has room, often for a few
            // bytes: the reader is a value behind a pointer, changed without run-time
            // exclusivity checks (a class's properties would be checked at each call).
            let reader = UnsafeMutablePointer<InputReader>.allocate(capacity: 1)
            reader.initialize(to: InputReader(input, buffer))
            defer {
                reader.deinitialize(count: 1)
                reader.deallocate()
            }
            if input.isWhole {
                yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            } else {
                yaml_parser_set_input(parser, { data, destination, size, read in
                    let reader = data!.assumingMemoryBound(to: InputReader.self)
                    read!.pointee = reader.pointee.read(into: destination!, size: size)
                    return 1
                }, reader)
            }
            var recent = RecentEvents()
            while true {
                guard yaml_parser_parse(parser, event) == 1 else {
                    return .failure(problem(of: parser.pointee, in: buffer, input: input, recent: recent))
                }
                let type = event.pointee.type
                let converted = convert(event.pointee)
                let range = SourceRange(start: mark(event.pointee.start_mark, lineOffset),
                                        end: mark(event.pointee.end_mark, lineOffset))
                recent.note(recentKind(event.pointee), isMapping: type == YAML_MAPPING_START_EVENT, range: range)
                yaml_event_delete(event)
                do throws(YAMLProblem) {
                    try handle(converted, range)
                } catch {
                    return .failure(error)
                }
                if type == YAML_STREAM_END_EVENT { return .success(()) }
            }
        }
        try outcome.get()
    }

    private static func mark(_ m: yaml_mark_t, _ lineOffset: Int) -> SourceMark {
        SourceMark(line: Int(m.line) + 1 + lineOffset, column: Int(m.column) + 1)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func convert(_ e: yaml_event_t) -> YAMLEvent {
        switch e.type {
        case YAML_STREAM_START_EVENT:
            return .streamStart
        case YAML_STREAM_END_EVENT:
            return .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(implicit: e.data.document_start.implicit != 0)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd(implicit: e.data.document_end.implicit != 0)
        case YAML_SEQUENCE_START_EVENT:
            let s = e.data.sequence_start
            return .sequenceStart(anchor: string(s.anchor), tag: string(s.tag), flow: s.style == YAML_FLOW_SEQUENCE_STYLE)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let m = e.data.mapping_start
            return .mappingStart(anchor: string(m.anchor), tag: string(m.tag), flow: m.style == YAML_FLOW_MAPPING_STYLE)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        case YAML_SCALAR_EVENT:
            let s = e.data.scalar
            let value = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
            let style: ScalarStyle
            switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            return .scalar(value: value, anchor: string(s.anchor), tag: string(s.tag), style: style)
        case YAML_ALIAS_EVENT:
            return .alias(anchor: string(e.data.alias.anchor) ?? "")
        default:
            return .streamEnd
        }
    }

    /// Hands libyaml `input.prefix`, then `bytes` from `input.start`, asking `input.resume` at
    /// `input.pause` whether to go on or to end the input there.
    private struct InputReader {
        private let prefix: [UInt8]
        private let bytes: UnsafeBufferPointer<UInt8>
        private var prefixRead = 0
        private var position: Int
        private var end: Int
        private var resume: (() -> Bool)?

        init(_ input: YAMLInput, _ bytes: UnsafeBufferPointer<UInt8>) {
            prefix = input.prefix
            self.bytes = bytes
            position = input.start
            end = input.pause ?? bytes.count
            resume = input.pause == nil ? nil : input.resume
        }

        mutating func read(into destination: UnsafeMutablePointer<UInt8>, size: Int) -> Int {
            if prefixRead < prefix.count {
                let count = min(size, prefix.count - prefixRead)
                prefix.withUnsafeBufferPointer { destination.update(from: $0.baseAddress! + prefixRead, count: count) }
                prefixRead += count
                return count
            }
            if position == end, let resume {
                self.resume = nil
                if resume() { end = bytes.count }
            }
            let count = min(size, end - position)
            if count > 0 { destination.update(from: bytes.baseAddress! + position, count: count) }
            position += count
            return count
        }
    }

    /// libyaml reads UTF-16 when a UTF-16 BOM starts the input; banks are UTF-8 only.
    private static func utf16Problem(_ bytes: [UInt8]) -> YAMLProblem? {
        guard bytes.count >= 2,
              (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
        else { return nil }
        return YAMLProblem(.encoding, "the file is UTF-16; banks must be UTF-8", at: SourceRange(at: SourceMark(line: 1, column: 1)))
    }

    private static func problem(of p: yaml_parser_t, in buffer: UnsafeBufferPointer<UInt8>, input: YAMLInput, recent: RecentEvents) -> YAMLProblem {
        let problemText = p.problem.map { String(cString: $0) } ?? "unknown problem"
        let lineOffset = input.lineOffset
        if p.error == YAML_READER_ERROR {
            // libyaml names the offending byte, which for a cut-short sequence is the one after
            // it; the author needs the start of the bad sequence. Offsets count from the start
            // of what libyaml read (the prefix, then `bytes` from `input.start`).
            let read = UnsafeBufferPointer(rebasing: buffer[min(input.start, buffer.count)...])
            let reported = max(0, p.problem_offset - input.prefix.count)
            let offset = input.start + (problemText.contains("UTF-8") ? firstInvalidUTF8(in: read) ?? reported : reported)
            let at = markOfByte(offset, in: buffer)
            var message = problemText
            if problemText.contains("UTF-8") {
                message = "invalid UTF-8: \(problemText)"
            } else if p.problem_value >= 0, problemText.contains("control characters") {
                message = "control character U+\(hex4(Int(p.problem_value))) is not allowed"
            }
            return YAMLProblem(.encoding, message, at: SourceRange(start: at, end: SourceMark(line: Int(at.line), column: Int(at.column) + 1)))
        }
        if p.error == YAML_MEMORY_ERROR {
            return YAMLProblem(.syntax, "libyaml ran out of memory", at: SourceRange(at: SourceMark(line: 1, column: 1)))
        }
        let lines = LineLookup(buffer)
        return SyntaxExplanation(problem: problemText, context: p.context.map { String(cString: $0) },
                                 problemMark: mark(p.problem_mark, lineOffset),
                                 contextMark: p.context == nil ? nil : mark(p.context_mark, lineOffset),
                                 recent: recent, line: lines.line).yamlProblem
    }

    private static func recentKind(_ e: yaml_event_t) -> RecentEvents.Last {
        switch e.type {
        case YAML_SCALAR_EVENT:
            let style = e.data.scalar.style
            return style == YAML_SINGLE_QUOTED_SCALAR_STYLE || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE ? .quotedScalar : .scalar
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT: return .collectionStart
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT: return .collectionEnd
        default: return .other
        }
    }

    /// The file's lines as a syntax error's explanation asks for them, each found once: the
    /// file may be large, and the lines are few.
    private final class LineLookup {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var found: [Int: [Unicode.Scalar]?] = [:]

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func line(_ number: Int) -> [Unicode.Scalar]? {
            if let known = found[number] { return known }
            let scalars = LineBreak.line(number, of: bytes).map { Array(String(decoding: $0, as: UTF8.self).unicodeScalars) }
            found[number] = scalars
            return scalars
        }
    }

    private static func hex4(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            let minimum: UInt32
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2; minimum = 0x80
            case 0xE0...0xEF: length = 3; minimum = 0x800
            case 0xF0...0xF4: length = 4; minimum = 0x10000
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for k in 1..<length {
                let byte = bytes[index + k]
                guard byte & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
            index += length
        }
        return nil
    }

    /// libyaml reports reader errors as a byte offset; count lines (as libyaml does) and scalars up to it.
    static func markOfByte(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceMark {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < end {
            let breakLength = LineBreak.length(bytes, at: index)
            if breakLength > 0 {
                line += 1; column = 1
                index += breakLength
                continue
            }
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceMark(line: line, column: column)
    }
}
