import Foundation
import QuizLint
import QuizRules

/// `quizbank completions bash|zsh|fish` and `quizbank manpage`: shell completion scripts and a
/// man page, made from the same commands, options and help texts that `--help` prints, so that
/// they cannot fall behind the command line. `make install` installs them.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print a completion script for bash, zsh or fish."
    static let usage = "quizbank completions bash|zsh|fish"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positional.count == 1, let shell = arguments.positional.first else {
            throw UsageError(message: "name one shell: bash, zsh or fish")
        }
        switch shell {
        case "bash": Terminal.standardOutput.write(bash())
        case "zsh": Terminal.standardOutput.write(zsh())
        case "fish": Terminal.standardOutput.write(fish())
        default: throw UsageError(message: "completions are made for bash, zsh and fish, not '\(shell)'")
        }
        return ExitStatus.success
    }

    /// What an option's value is completed with: words, rule ids, files, or nothing.
    enum ValueKind: Equatable {
        case words([String]), rules, files, none
    }

    static func valueKind(_ option: OptionSpec) -> ValueKind {
        let name = option.valueName
        if name.contains("|") { return .words(name.split(separator: "|").map(String.init).filter { $0 != "-" && $0 != "DIR" }) }
        if name.hasPrefix("RULE") { return .rules }
        if ["FILE", "PATH", "DIR", "DIR|-"].contains(name) { return .files }
        return .none
    }

    /// The words a command's argument is one of, where it is not a file: a rule, a shell, a schema.
    static func argumentWords(_ command: any Command.Type) -> [String]? {
        switch command.name {
        case "explain": return RuleRegistry.descriptions.map(\.id)
        case "completions": return ["bash", "zsh", "fish"]
        case "schema": return BuiltInSchemas.kinds
        default: return nil
        }
    }

    static var ruleIDs: [String] { RuleRegistry.descriptions.filter { !$0.isFormatRule }.map(\.id) }

    static func allOptions(_ command: any Command.Type) -> [OptionSpec] {
        command.options + [OptionSpec(name: "help", short: "h", takesValue: false, help: "show this help")]
    }

    static func bash() -> String {
        var out = "# bash completion for quizbank (made by `quizbank completions bash`)\n_quizbank() {\n"
        out += "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
        out += "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
        out += "        COMPREPLY=($(compgen -W \"\(CommandLineInterface.commands.map { $0.name }.joined(separator: " ")) --help --version\" -- \"$cur\"))\n"
        out += "        return\n    fi\n    case \"${COMP_WORDS[1]}\" in\n"
        for command in CommandLineInterface.commands {
            out += "    \(command.name))\n        case \"$prev\" in\n"
            for option in command.options where option.takesValue {
                let names = (["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
                switch valueKind(option) {
                case .words(let words): out += "            \(names)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
                case .rules: out += "            \(names)) COMPREPLY=($(compgen -W \"\(ruleIDs.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
                case .files: out += "            \(names)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
                case .none: out += "            \(names)) return ;;\n"
                }
            }
            let flags = allOptions(command).flatMap { ["--\($0.name)"] + ($0.short.map { ["-\($0)"] } ?? []) }
            out += "        esac\n"
            out += "        if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"\(flags.joined(separator: " "))\" -- \"$cur\"))\n"
            if let words = argumentWords(command) {
                out += "        else COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); fi ;;\n"
            } else {
                out += "        else COMPREPLY=($(compgen -f -- \"$cur\")); fi ;;\n"
            }
        }
        out += "    esac\n}\ncomplete -o filenames -F _quizbank quizbank\n"
        return out
    }

    /// zsh's `_arguments` specs need `[`, `]` and `:` escaped in help texts.
    private static func zshEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
            .replacingOccurrences(of: ":", with: "\\:").replacingOccurrences(of: "'", with: "'\\''")
    }

    static func zsh() -> String {
        var out = "#compdef quizbank\n# zsh completion for quizbank (made by `quizbank completions zsh`)\n_quizbank() {\n"
        out += "    local -a commands\n    commands=(\n"
        for command in CommandLineInterface.commands { out += "        '\(command.name):\(zshEscape(command.summary))'\n" }
        out += "    )\n    if (( CURRENT == 2 )); then\n        _describe 'command' commands\n        return\n    fi\n"
        out += "    case $words[2] in\n"
        for command in CommandLineInterface.commands {
            out += "    \(command.name))\n        _arguments -s \\\n"
            for option in allOptions(command) {
                let names = option.short.map { "'(-\($0) --\(option.name))'{-\($0),--\(option.name)}" } ?? "'--\(option.name)"
                let quoteOpen = option.short == nil ? "" : "'"
                var value = ""
                if option.takesValue {
                    switch valueKind(option) {
                    case .words(let words): value = ":\(option.valueName.lowercased()):(\(words.joined(separator: " ")))"
                    case .rules: value = ":rule:(\(ruleIDs.joined(separator: " ")))"
                    case .files: value = ":file:_files"
                    case .none: value = ":\(option.valueName.lowercased()):"
                    }
                }
                out += "            \(names)\(quoteOpen)[\(zshEscape(option.help))]\(value)' \\\n"
            }
            if let words = argumentWords(command) {
                out += "            '1:\(command.name == "explain" ? "rule" : command.name == "completions" ? "shell" : "kind"):(\(words.joined(separator: " ")))'\n        ;;\n"
            } else {
                out += "            '*:file:_files'\n        ;;\n"
            }
        }
        out += "    esac\n}\n_quizbank \"$@\"\n"
        return out
    }

    static func fish() -> String {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'" }
        var out = "# fish completion for quizbank (made by `quizbank completions fish`)\ncomplete -c quizbank -f\n"
        for command in CommandLineInterface.commands {
            out += "complete -c quizbank -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.summary))\n"
        }
        for command in CommandLineInterface.commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in allOptions(command) {
                var line = "complete -c quizbank \(condition) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.takesValue {
                    switch valueKind(option) {
                    case .words(let words): line += " -x -a \(quoted(words.joined(separator: " ")))"
                    case .rules: line += " -x -a \(quoted(ruleIDs.joined(separator: " ")))"
                    case .files: line += " -r -F"
                    case .none: line += " -x"
                    }
                }
                out += line + " -d \(quoted(option.help))\n"
            }
            if let words = argumentWords(command) {
                out += "complete -c quizbank \(condition) -x -a \(quoted(words.joined(separator: " ")))\n"
            } else if command.name != "rules" {
                out += "complete -c quizbank \(condition) -F\n"
            }
        }
        return out
    }
}

/// `quizbank manpage`: quizbank(1) in roff, from the commands' summaries, usages and options.
enum ManPageCommand: Command {
    static let name = "manpage"
    static let summary = "Print the man page, quizbank(1), in roff."
    static let usage = "quizbank manpage"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positional.isEmpty else { throw UsageError(message: "manpage takes no arguments") }
        Terminal.standardOutput.write(page())
        return ExitStatus.success
    }

    /// Text for roff: backslashes doubled, and a line that would start with `.` or `'` escaped.
    static func roff(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    static func page() -> String {
        var out = ".TH QUIZBANK 1 \"\" \"quizbank \(CommandLineInterface.version)\" \"User Commands\"\n"
        out += ".SH NAME\nquizbank \\- lint, compile and inspect quiz question banks written in YAML\n"
        out += ".SH SYNOPSIS\n.B quizbank\n.I command\n[\\fIoptions\\fR]\n"
        out += ".SH DESCRIPTION\nquizbank reads quiz banks through libyaml, reports every problem with its file, line and column, "
        out += "compiles valid banks to normalized JSON for quiz engines, and prints their statistics.\n"
        out += ".SH COMMANDS\n"
        for command in CommandLineInterface.commands {
            out += ".SS \(roff(command.name))\n\(roff(command.summary))\n.PP\n.B usage:\n\(roff(command.usage))\n"
            for option in CompletionsCommand.allOptions(command) {
                var label = "\\fB\\-\\-\(roff(option.name))\\fR"
                if let short = option.short { label = "\\fB\\-\(short)\\fR, " + label }
                if option.takesValue { label += " \\fI\(roff(option.valueName))\\fR" }
                out += ".TP\n\(label)\n\(roff(option.help))\n"
            }
        }
        out += ".SH EXIT STATUS\n.TP\n0\nno errors (warnings allowed)\n.TP\n1\na bank has errors, or warnings failed the run (\\-\\-strict, \\-\\-max\\-warnings)\n"
        out += ".TP\n2\nusage, configuration or I/O error\n"
        out += ".SH FILES\n.TP\n.I .quizbank.yml\nthe configuration nearest to a bank (see \\fBquizbank init\\fR)\n"
        out += ".SH SEE ALSO\nThe project's docs/ folder: linting.md, rules.md, bank-format.md, ci.md, versions.md.\n"
        return out
    }
}
