import Foundation
import QuizBank
import QuizCompile
import QuizLayout
import QuizLint
import QuizRules
import QuizPreview

/// `quizbank preview`: a static site of the banks' questions on iPhone-sized screens, with the
/// lines quizbank measured and lint's findings (docs/preview.md).
///
/// Banks are linted as `lint` does (each with its configuration); a file that is not a bank
/// that decodes, or that has a format error, stops the run with its errors and nothing written
/// (status 1). Otherwise every
/// finding, errors included, is shown in the site, whose files replace the folder's old set
/// in one step, as `compile -o` does.
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Write a static HTML preview: each question's screens at Large, xxxLarge and AX2, as measured, with its findings."
    static let usage = "quizbank preview [--config FILE] [PATH...] -o DIR   (no PATH: the current folder)"
    static let options = [
        OptionSpec(name: "output", short: "o", takesValue: true, valueName: "DIR",
                   help: "write the site to DIR (index.html, a page per question and locale, the font and the images)"),
        OptionSpec(name: "config", short: "c", takesValue: true, valueName: "FILE",
                   help: "use this configuration for every bank instead of the nearest .quizbank.yml"),
        OptionSpec(name: "source", short: nil, takesValue: true, valueName: "auto|always|never",
                   help: "show the source line under each error (auto: when stderr is a terminal)"),
    ]

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let output = arguments.value("output") else {
            throw UsageError(message: "name the folder to write the site to with -o DIR")
        }
        if output == "-" { throw UsageError(message: "-o takes a folder: the preview is many files, not one for stdout") }
        let paths = arguments.positional.isEmpty ? ["."] : arguments.positional
        if arguments.positional.contains("-") { throw UsageError(message: "preview reads bank files, not '-' (standard input)") }
        let showSource = try LintCommand.sourceMode(arguments, terminal: Terminal.standardError)
        let finder = try ConfigurationFinder(explicitPath: arguments.value("config"))
        let search = try BankFiles.findBanks(paths, command: name, isIgnored: { (path) throws(CommandFailure) in try finder.ignores(path) })
        if !search.unreadable.isEmpty {
            throw CommandFailure(message: "nothing written: \(search.unreadable.count) file\(search.unreadable.count == 1 ? "" : "s") could not be read")
        }
        guard !search.banks.isEmpty else { throw CommandFailure(message: "nothing written: no bank found in \(paths.joined(separator: ", "))") }
        var inputs: [LintInput] = []
        for file in search.banks {
            inputs.append(LintInput(path: file, bytes: try BankFiles.read(file), configuration: try finder.configuration(for: file)))
        }
        let result = LintEngine().lint(inputs)
        KeptUntilExit.keep((inputs, result))
        // A bank that does not decode, or decodes with a format error (a duplicate id, a wrong
        // type...), is one compile refuses: its pages would show another bank than the one written.
        let decoded = Set(result.banks.map(\.path))
        let formatRules = Set(RuleRegistry.descriptions.filter(\.isFormatRule).map(\.id))
        // A bank that does not decode has format errors alone.
        var errors = result.findings.filter { $0.severity == .error && formatRules.contains($0.ruleID) }
        let invalidPaths = Set(errors.map(\.path))
        let invalid = inputs.filter { !decoded.contains($0.path) || invalidPaths.contains($0.path) }
        if !invalid.isEmpty {
            errors.sortForReport()
            let sources = showSource ? Dictionary(uniqueKeysWithValues: invalid.map { ($0.path, $0.bytes) }) : nil
            Terminal.standardError.write(TextReporter(sources: sources).report(errors, bankCount: inputs.count))
            Terminal.standardError.write("quizbank preview: nothing written: \(invalid.count) file\(invalid.count == 1 ? " is" : "s are") not a bank that can be read (errors above)\n")
            return ExitStatus.findings
        }

        let findingsByPath = Dictionary(grouping: result.findings, by: \.path)
        let configurations = Dictionary(inputs.map { ($0.path, $0.configuration) }, uniquingKeysWith: { first, _ in first })
        let layoutRules = ["review-truncation", "choice-truncation", "hint-truncation"].compactMap(RuleRegistry.description(of:))
        let parts = PreviewNames.bankParts(result.banks.map { $0.bank.id.value })
        var fontPaths: [String] = []
        var fontScales: [Double] = []
        var warned: Set<String> = []
        var copies: [(sitePath: String, bytes: [UInt8])] = []
        var banks: [PreviewBank] = []
        for (lintBank, part) in zip(result.banks, parts) {
            let choice = LayoutFonts.cachedChoice(explicit: lintBank.layout.fontPath)
            if let warning = choice.warning, warned.insert(warning).inserted {
                Terminal.standardError.write("quizbank preview: warning: \(warning)\n")
            }
            let measurer: TextMeasurer
            do {
                measurer = try LayoutFonts.measurer(for: choice)
            } catch {
                throw CommandFailure(message: "\(error)")
            }
            var font: Int?
            if let path = choice.path {
                if let known = fontPaths.firstIndex(of: path), fontScales[known] == choice.widthScale {
                    font = known
                } else {
                    font = fontPaths.count
                    fontPaths.append(path)
                    fontScales.append(choice.widthScale)
                }
            }
            var images: [String: PreviewImage] = [:]
            for question in lintBank.bank.questions {
                guard let image = question.image?.value, images[image] == nil, let sitePath = PreviewNames.image(bank: part, path: image) else { continue }
                // An image that cannot be read is lint's finding; the page shows its alt text instead.
                guard let bytes = try? withImageFile(atPath: lintBank.bank.header.imageFilePath(image), { (file) throws(ImageFileError) in try file.readToEnd() }),
                      let info = try? readImageInfo(bytes) else { continue }
                images[image] = PreviewImage(sitePath: sitePath, width: info.width, height: info.height)
                copies.append((sitePath, bytes))
            }
            var preview = PreviewBuilder.bank(lintBank.bank, path: lintBank.path, findings: findingsByPath[lintBank.path] ?? [],
                                              settings: lintBank.layout, measurer: measurer, font: font, images: images)
            if let configuration = configurations[lintBank.path] {
                preview.layoutRulesOff = layoutRules.filter { configuration.setting(for: $0) == nil }.map(\.id)
            }
            banks.append(preview)
        }
        let fontNames = PreviewNames.fonts(fontPaths)
        let fonts = fontPaths.indices.map { PreviewFont(fileName: fontNames[$0], widthScale: fontScales[$0], sourcePath: fontPaths[$0]) }
        for font in fonts { copies.append(("fonts/" + font.fileName, try BankFiles.read(font.sourcePath))) }

        let files = PreviewRenderer.render(PreviewSite(banks: banks, fonts: fonts))
        // All or nothing: the site is written as a new set that replaces the old one at the end.
        let writer = AtomicWriter(directory: output, command: "preview")
        for file in files {
            // One file open at a time: a large bank has thousands of pages.
            writer.nextBank(file.name)
            writer.start([file.name])
            writer.append(ArraySlice(file.text.utf8), toDocument: 0)
        }
        for copy in copies {
            writer.image(copy.bytes, path: copy.sitePath, sha256: SHA256.hex(SHA256.hash(copy.bytes)))
        }
        try writer.commit()
        let questions = banks.reduce(0) { $0 + $1.questions.count }
        let findings = result.findings.count
        Terminal.standardOutput.write("quizbank preview: wrote \(output): \(banks.count) bank\(banks.count == 1 ? "" : "s"), \(questions) question\(questions == 1 ? "" : "s"), "
                                      + "\(findings) finding\(findings == 1 ? "" : "s"); open \(FilePath.join(output, PreviewNames.index))\n")
        return ExitStatus.success
    }
}
