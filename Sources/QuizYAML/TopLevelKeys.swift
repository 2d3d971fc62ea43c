/// The keys of a YAML document's top-level mapping, read from libyaml's events without building
/// the document: enough to tell what kind of file it is (a bank has `quizbank`).
public struct TopLevelKeys: Sendable {
    /// Whether the file holds a document at all (not only comments or nothing).
    public var hasRoot: Bool
    public var rootIsMapping: Bool
    /// The keys read, in order (scalar keys only; complex keys are passed over).
    public var keys: [String]
    /// The problem that stopped reading, when the file is not valid YAML up to the decision.
    public var problem: YAMLProblem?

    /// Reads the root mapping's keys until `decided` returns true for one of them, or to the
    /// end of the root mapping.
    public static func read(_ bytes: [UInt8], until decided: (String) -> Bool) -> TopLevelKeys {
        var result = TopLevelKeys(hasRoot: false, rootIsMapping: false, keys: [], problem: nil)
        // Each open collection; for a mapping, whether its next scalar is a key.
        var open: [(isMapping: Bool, expectsKey: Bool)] = []
        var stopped = false
        let stop = YAMLProblem(.syntax, "stop", at: SourceRange(at: SourceMark(line: 1, column: 1)))
        do {
            try YAMLEventParser.parse(bytes) { event, _ throws(YAMLProblem) in
                // A value (scalar or collection) in a mapping turns it back to expecting a key.
                func valueEnded() {
                    if let last = open.indices.last, open[last].isMapping { open[last].expectsKey.toggle() }
                }
                if open.isEmpty {
                    switch event {
                    case .mappingStart, .sequenceStart, .scalar, .alias: result.hasRoot = true
                    default: break
                    }
                }
                switch event {
                case .mappingStart:
                    if open.isEmpty { result.rootIsMapping = true }
                    open.append((true, true))
                case .sequenceStart:
                    open.append((false, false))
                case .mappingEnd, .sequenceEnd:
                    open.removeLast()
                    if open.isEmpty {
                        stopped = true
                        throw stop
                    }
                    valueEnded()
                case .scalar(let value, _, _, _):
                    if open.count == 1, open[0].isMapping, open[0].expectsKey {
                        result.keys.append(value)
                        if decided(value) {
                            stopped = true
                            throw stop
                        }
                    }
                    valueEnded()
                case .alias:
                    valueEnded()
                case .documentEnd:
                    stopped = true
                    throw stop
                case .streamStart, .streamEnd, .documentStart:
                    break
                }
            }
        } catch {
            if !stopped { result.problem = error }
        }
        return result
    }
}
