import QuizBank
import QuizSupport
/// A JSON value whose object members keep the order they are written in, rendered by hand so
/// that the JSON and SARIF reporters give the same bytes for the same findings on every platform
/// (JSONSerialization's member order is not stable).
enum OrderedJSON: Sendable, Equatable {
    case string(String)
    case integer(Int)
    /// A number, written with at most two decimals (`196.4`, `17`).
    case number(Double)
    case boolean(Bool)
    case array([OrderedJSON])
    case members([Member])

    struct Member: Sendable, Equatable {
        var key: String
        var value: OrderedJSON
    }

    /// An object from members in order; members whose value is nil are left out (optional fields).
    static func object(_ members: KeyValuePairs<String, OrderedJSON?>) -> OrderedJSON {
        .members(members.compactMap { key, value in value.map { Member(key: key, value: $0) } })
    }

    /// The value with 2-space indentation, one member or element a line, `[]` and `{}` for empty
    /// collections, and a final newline.
    func rendered() -> String {
        var out = ""
        write(to: &out, depth: 0)
        out += "\n"
        return out
    }

    private func write(to out: inout String, depth: Int) {
        switch self {
        case .string(let value):
            JSONString.appendQuoted(value, to: &out)
        case .integer(let value):
            out += String(value)
        case .number(let value):
            let rounded = (value * 100).rounded() / 100
            out += rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
        case .boolean(let value):
            out += value ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                OrderedJSON.indent(&out, depth + 1)
                element.write(to: &out, depth: depth + 1)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            OrderedJSON.indent(&out, depth)
            out += "]"
        case .members(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                OrderedJSON.indent(&out, depth + 1)
                JSONString.appendQuoted(member.key, to: &out)
                out += ": "
                member.value.write(to: &out, depth: depth + 1)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            OrderedJSON.indent(&out, depth)
            out += "}"
        }
    }

    private static func indent(_ out: inout String, _ depth: Int) {
        out += String(repeating: "  ", count: depth)
    }


    static func quoted(_ value: String) -> String {
        var out = ""
        JSONString.appendQuoted(value, to: &out)
        return out
    }
}
