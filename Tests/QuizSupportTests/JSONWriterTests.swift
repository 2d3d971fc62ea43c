import Foundation
import Testing
@testable import QuizSupport

/// The one JSON writer and its escaping (`JSONString`), which every document quizbank writes
/// goes through.
struct JSONWriterTests {
    private func quoted(_ value: String) -> String {
        var bytes: [UInt8] = []
        JSONString.appendQuoted(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The escaping of one scalar at a time, as RFC 8259 and JavaScript need it: what the
    /// eight-bytes-at-a-time path must agree with.
    private func plainQuoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func escapesAtEveryPlaceOfAWordAgreeWithTheScalarByScalarEscaping() {
        let specials = ["\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "é", "🌍", "\u{2027}", "\u{E2}"]
        for special in specials {
            for position in 0..<20 {
                for length in [position + 1, position + 3, 24, 40] where length > position {
                    var text = String(repeating: "a", count: length)
                    let index = text.index(text.startIndex, offsetBy: position)
                    text.replaceSubrange(index...index, with: special)
                    #expect(quoted(text) == plainQuoted(text), "\(special.unicodeScalars.map(\.value)) at \(position) of \(length)")
                }
            }
        }
    }

    @Test func linedContainersIndentEachMemberAndCloseOnTheirOwnLine() {
        var json = JSONWriter()
        json.beginObject()
        json.key("a"); json.int(1)
        json.key("b"); json.beginArray(); json.string("x"); json.beginObject(); json.endObject(); json.beginArray(); json.endArray(); json.endArray()
        json.key("c"); json.number(0.125, decimals: 2)
        json.endObject()
        json.finish()
        #expect(String(decoding: json.bytes, as: UTF8.self) == """
            {
              "a": 1,
              "b": [
                "x",
                {},
                []
              ],
              "c": 0.13
            }

            """)
    }

    @Test func containersDeeperThanTheLinedDepthAreOnOneLine() {
        var compact = JSONWriter(linedDepth: 1)
        compact.beginObject()
        compact.key("q"); compact.beginObject(); compact.key("id"); compact.string("a"); compact.key("n"); compact.intArray([1, 2]); compact.endObject()
        compact.key("r"); compact.bool(true)
        compact.endObject()
        #expect(String(decoding: compact.bytes, as: UTF8.self) == "{\n  \"q\": {\"id\":\"a\",\"n\":[1,2]},\n  \"r\": true\n}")

        var spaced = JSONWriter(linedDepth: 0, deeper: .spaced)
        spaced.beginObject()
        spaced.key("n"); spaced.int(3)
        spaced.key("list"); spaced.beginArray(.lined); spaced.beginObject(); spaced.key("k"); spaced.number(2.5); spaced.endObject(); spaced.int(4); spaced.endArray()
        spaced.endObject()
        spaced.finish()
        #expect(String(decoding: spaced.bytes, as: UTF8.self) == "{\"n\": 3, \"list\": [\n  {\"k\": 2.5},\n  4\n]}\n")
    }

    @Test func bytesHandedOverBetweenMembersJoinToTheWholeDocument() {
        func write(handingOver: Bool) -> [UInt8] {
            var json = JSONWriter(), out: [UInt8] = []
            json.beginArray()
            for index in 0..<5 {
                json.beginObject(); json.key("i"); json.int(index); json.endObject()
                if handingOver { out += json.bytes; json.removeBytes() }
            }
            json.endArray()
            return out + json.bytes
        }
        #expect(write(handingOver: true) == write(handingOver: false))
    }

    @Test func aMemberWrittenApartJoinsAsIfWrittenInPlace() {
        var whole = JSONWriter(linedDepth: 2)
        whole.beginObject(); whole.key("list"); whole.beginArray()
        whole.string("a"); whole.beginObject(); whole.key("b"); whole.int(1); whole.endObject()
        whole.endArray(); whole.endObject()

        var first = JSONWriter(linedDepth: 2)
        first.beginObject(); first.key("list"); first.beginArray()
        var apart = JSONWriter(laterMemberAtDepth: 2, linedDepth: 2, capacity: 0)
        apart.string("a"); apart.beginObject(); apart.key("b"); apart.int(1); apart.endObject()
        let joined = first.memberWrittenApart(apart.bytes[...])
        var rest = first.bytes + joined
        first.removeBytes()
        first.endArray(); first.endObject()
        rest += first.bytes
        #expect(rest == whole.bytes)
    }
}
