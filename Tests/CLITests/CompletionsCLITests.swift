import Foundation
import TestSupport
import Testing

/// Shell completions and the man page, made from the commands' own options.
@Suite(.serialized) struct CompletionsCLITests {
    /// Runs `script` with `shell` (`-c`), returning what it printed.
    func shell(_ shell: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let run = try ProcessRun(URL(fileURLWithPath: "/usr/bin/env"), [shell] + arguments)
        return (run.status, run.stdout)
    }

    /// What bash completes for the words of a command line (the last one being typed).
    func bashCompletions(_ script: URL, _ words: [String]) throws -> [String] {
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let run = try shell("bash", ["-c", "source '\(script.path)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _quizbank; printf '%s\\n' \"${COMPREPLY[@]}\""])
        #expect(run.status == 0)
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndTheirValues() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let script = try scratch.write("quizbank.bash", try Run(["completions", "bash"]).stdout)
        #expect(try bashCompletions(script, ["quizbank", "co"]) == ["compile", "completions"])
        #expect(try bashCompletions(script, ["quizbank", "lint", "--for"]) == ["--format"])
        #expect(try bashCompletions(script, ["quizbank", "lint", "--format", "g"]) == ["github", "gitlab"])
        #expect(try bashCompletions(script, ["quizbank", "lint", "--ignore", "missing-ex"]) == ["missing-explanation"])
        #expect(try bashCompletions(script, ["quizbank", "explain", "duplicate-b"]) == ["duplicate-bank-id"])
        // Every option of every command is offered.
        let help = try Run(["lint", "--help"]).stdout
        let offered = try bashCompletions(script, ["quizbank", "lint", "--"])
        for line in help.split(separator: "\n") where line.contains("--") {
            let option = line.split(separator: " ").first { $0.hasPrefix("--") }.map(String.init) ?? ""
            #expect(offered.contains(option), "\(option) is not completed")
        }
    }

    @Test func zshAndFishScriptsParseAndNameEveryCommand() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let zsh = try scratch.write("_quizbank", try Run(["completions", "zsh"]).stdout)
        #expect(try shell("zsh", ["-n", zsh.path]).status == 0)
        let fish = try scratch.write("quizbank.fish", try Run(["completions", "fish"]).stdout)
        #expect(try shell("fish", ["--no-execute", fish.path]).status == 0)
        // fish can be asked what it would complete.
        let completed = try shell("fish", ["-c", "source '\(fish.path)'; complete -C 'quizbank lint --form'"])
        #expect(completed.stdout.hasPrefix("--format"), "\(completed.stdout)")
        let zshText = try String(contentsOf: zsh, encoding: .utf8)
        for command in ["lint", "compile", "stats", "measure", "rules", "explain", "init", "completions", "manpage"] {
            #expect(zshText.contains("    \(command))\n"), "zsh: \(command)")
        }
        let unknown = try Run(["completions", "powershell"])
        #expect(unknown.status == 2)
    }

    @Test func theManPageHasEveryCommandAndOption() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let page = try scratch.write("quizbank.1", try Run(["manpage"]).stdout)
        let rendered = try shell("man", ["-l", "-P", "cat", page.path])
        #expect(rendered.status == 0)
        let text = rendered.stdout.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(of: "\u{2212}", with: "-")
        for option in ["--baseline", "--write-baseline", "--fix", "--unsafe-fixes", "--list-files", "--stdin-filename", "--locale"] {
            #expect(text.contains(option), "\(option) missing from the man page")
        }
        #expect(text.contains("EXIT STATUS"))
    }
}
