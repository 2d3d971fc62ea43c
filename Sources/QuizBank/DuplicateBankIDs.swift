/// The banks of one run are compiled to files named by their ids (`<id>.<locale>.json`): two
/// banks with one id would write the same files, the later one over the earlier. A second
/// bank with an id already used in the run is an error in every file that uses it, each naming
/// the others, so that compile writes nothing and lint shows the clash in both places.
public enum DuplicateBankIDs {
    /// An error for each bank whose id another bank of the run has too, in the banks' order.
    public static func findings(_ banks: [(path: String, id: Located<String>)]) -> [Finding] {
        var pathsOfID: [String: [Int]] = [:]
        for (index, bank) in banks.enumerated() { pathsOfID[bank.id.value, default: []].append(index) }
        var findings: [Finding] = []
        for (index, bank) in banks.enumerated() {
            guard let users = pathsOfID[bank.id.value], users.count > 1 else { continue }
            let others = users.filter { $0 != index }
            let related = others.map { Finding.Related(path: banks[$0].path, range: banks[$0].id.range, note: "bank id '\(bank.id.value)' also used here") }
            let more = others.count - 1
            let otherNames = banks[others[0]].path + (more > 0 ? " (and \(more) more bank\(more == 1 ? "" : "s"))" : "")
            findings.append(Finding(
                ruleID: FormatRule.duplicateBankID.rawValue, severity: .error,
                message: "bank id '\(bank.id.value)' is also the id of \(otherNames); compiled files are named by id (\(bank.id.value).<locale>.json), so one bank would overwrite the other: give each bank its own id",
                path: bank.path, range: bank.id.range, related: related))
        }
        return findings
    }
}
