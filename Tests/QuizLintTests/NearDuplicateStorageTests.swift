import Foundation
import Testing
import QuizBank
import TestSupport
@testable import QuizLint
@testable import QuizRules

/// What the duplicate rules keep for every question of a run is stored small (a run may hold a
/// million questions), and reads back as the plain form it replaces: each question with its
/// bank, locale and answer, grouped by equal normalized texts within a locale.
@Suite struct NearDuplicateStorageTests {
    @Test func whatIsKeptPerQuestionAndPerShingleIsSmall() {
        #expect(MemoryLayout<RunQuestions.Stored>.stride == 12)
        #expect(MemoryLayout<NearDuplicateJoin.TokenList>.stride == 8)
        #expect(MemoryLayout<NearDuplicateJoin.ListEntry>.stride == 12)
        #expect(MemoryLayout<NearDuplicateQuestionRule.Visitor.Pair>.stride == 16)
        #expect(MemoryLayout<UnionFind>.stride == 8, "one array of 32-bit cells")
        // A question's words: one list of stems' numbers (each with its marks), its numbers and
        // superlatives, and the run's stems.
        #expect(MemoryLayout<QuestionWords>.stride == 32)
        #expect(MemoryLayout<QuestionWords.Word>.stride == 8)
    }

    static func bank(_ id: String, locale: String, _ questions: [(text: String, answer: String?)]) -> String {
        var yaml = "quizbank: 1\nid: \(id)\ntitle: \(id)\nlocale: \(locale)\nquestions:\n"
        for (index, question) in questions.enumerated() {
            yaml += "  - id: q\(index)\n    text: \"\(question.text)\"\n"
            if let answer = question.answer {
                yaml += "    choices:\n      - text: \"\(answer)\"\n        correct: true\n      - \"Elsewhere\"\n"
            } else {
                yaml += "    answer: \(index % 2 == 0)\n"
            }
        }
        return yaml
    }

    /// Random banks in two locales, with texts that normalize alike ("Paris?" / "paris"), texts
    /// that normalize to nothing, and answers used again: the compact run gives the entries,
    /// groups, forms and answers that a plain grouping by (locale, normalized text) gives.
    @Test func theCompactRunAgreesWithAPlainGrouping() throws {
        var generator = QualityRuleTests.SplitMix(seed: 17)
        let words = ["Paris", "paris", "is", "the", "capital", "?", "of", "France", "!!", "Lyon", "1999", "ÉTÉ", "été"]
        let answers = ["Paris", "Lyon", "Half brothers", "Half-brothers", nil]
        var inputs: [(String, String)] = []
        for (number, locale) in ["en", "fr", "en"].enumerated() {
            var questions: [(String, String?)] = []
            for _ in 0..<120 {
                let count = Int(generator.next() % 4)
                let text = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
                questions.append((text.isEmpty ? "?" : text, answers[Int(generator.next() % UInt64(answers.count))]))
            }
            // Bank paths out of order: the run reads them sorted.
            inputs.append(("bank-\(2 - number).yaml", Self.bank("b\(number)", locale: locale, questions)))
        }
        let decoder = BankDecoder()
        let banks = try inputs.map { input in
            LintBank(path: input.0, source: Array(input.1.utf8), bank: try #require(decoder.decode(Array(input.1.utf8), path: input.0).bank))
        }
        let run = RunQuestions(banks)

        // The plain form: every question with a non-empty normal form, in report order.
        var expected: [(path: String, index: Int, locale: String, normalized: String, answer: RunQuestions.AnswerKey)] = []
        for bank in banks.sorted(by: { $0.path < $1.path }) {
            for (index, question) in bank.bank.questions.enumerated() {
                let normalized = QualityText.normalized(question.text.source(bank.sourceLocale))
                guard !normalized.isEmpty, let answer = RunQuestions.answer(of: question, locale: bank.sourceLocale) else { continue }
                expected.append((bank.path, index, bank.sourceLocale, normalized, answer))
            }
        }
        var groupOf: [String: Int] = [:]
        var expectedGroups: [[Int]] = []
        for (index, entry) in expected.enumerated() {
            let key = entry.locale + "\u{0}" + entry.normalized
            if let group = groupOf[key] { expectedGroups[group].append(index) } else {
                groupOf[key] = expectedGroups.count
                expectedGroups.append([index])
            }
        }
        #expect(expected.count < 360, "some texts normalize to nothing")
        #expect(expectedGroups.contains { $0.count > 1 }, "some texts are equal")

        #expect(run.entries.count == expected.count)
        for (index, entry) in run.entries.enumerated() {
            #expect(entry.place.path == expected[index].path && entry.place.index == expected[index].index)
            #expect(entry.locale == expected[index].locale && entry.answer == expected[index].answer)
            #expect(run.text(index) == entry.place.question.text.source(entry.locale))
        }
        #expect(run.groups.map { Array($0) } == expectedGroups)
        for group in run.groups.indices {
            #expect(run.firstEntry(ofGroup: group) == expectedGroups[group][0])
            #expect(Array(run.form(ofGroup: group)) == Array(expected[expectedGroups[group][0]].normalized.utf8))
        }
        // Each distinct answer once.
        #expect(Set(run.answers).count == run.answers.count)
        #expect(Set(run.answers) == Set(expected.map(\.answer)))

        // Without its forms, the run holds none of their bytes and reads the rest the same.
        var forgetting = run
        #expect(forgetting.formBytes >= expectedGroups.reduce(0) { $0 + expected[$1[0]].normalized.utf8.count })
        forgetting.forgetForms()
        #expect(forgetting.formBytes == 0)
        #expect(forgetting.groups.map { Array($0) } == expectedGroups)
        for (index, entry) in forgetting.entries.enumerated() {
            #expect(entry.place.path == expected[index].path && entry.place.index == expected[index].index && entry.answer == expected[index].answer)
        }
    }

    /// Shingle sets made from UTF-8 bytes give the similarities of the texts' 5-gram sets, and
    /// a malformed sequence reads as U+FFFD.
    /// The rules that read a run side by side take one made run while one of them holds it;
    /// once none does it is let go, and banks made in memory (no bytes) are never shared.
    @Test func aClaimedRunIsSharedWhileHeldAndMadeAgainAfter() throws {
        let text = Self.bank("claimed", locale: "en", [("Which planet is red?", "Mars"), ("Which planet is red?", "Mars")])
        let bytes = Array(text.utf8)
        let banks = [LintBank(path: "claimed.yaml", source: bytes, bank: try #require(BankDecoder().decode(bytes, path: "claimed.yaml").bank))]
        func storage(_ run: RunQuestions) -> UnsafeRawPointer? { run.stored.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let first = RunQuestions.claim(banks)
        let second = RunQuestions.claim(banks)
        #expect(storage(first.run) != nil && storage(first.run) == storage(second.run))
        #expect(first.run.groups.count == RunQuestions(banks).groups.count)
        first.claim.release()
        first.claim.release()
        let third = RunQuestions.claim(banks)
        #expect(storage(third.run) == storage(second.run), "shared while the second claim holds it")
        second.claim.release()
        third.claim.release()
        let again = RunQuestions.claim(banks)
        #expect(storage(again.run) != storage(third.run), "made again once no claim held it")
        again.claim.release()

        let inMemory = [LintBank(path: "claimed.yaml", source: [], bank: banks[0].bank)]
        let a = RunQuestions.claim(inMemory), b = RunQuestions.claim(inMemory)
        #expect(storage(a.run) != storage(b.run))
        a.claim.release()
        b.claim.release()
    }

    @Test func shingleSetsFromBytesGiveTheSimilaritiesOfTheTexts() {
        let texts = ["whatisthecapitaloffrance", "whatisthecapitalofspain", "été", "étéété", "日本の首都はどこですか", "日本の首都は", "a"]
        let sets = NearDuplicateJoin.ShingleSets(utf8: texts.map { Array($0.utf8)[...] })
        let plain = texts.map(QualityRuleTests.shingles)
        for a in texts.indices {
            #expect(sets.size(a) == plain[a].count)
            for b in texts.indices {
                let expected = Double(plain[a].intersection(plain[b]).count) / Double(plain[a].union(plain[b]).count)
                #expect(sets.similarity(a, b) == expected, "\(texts[a]) / \(texts[b])")
            }
        }
        let malformed = NearDuplicateJoin.ShingleSets(utf8: [[0x61, 0x62, 0xFF, 0x63, 0x64, 0x65], Array("ab\u{FFFD}cde".utf8)])
        #expect(malformed.similarity(0, 1) == 1)
    }

    /// Many partitions, each joined in the lists of the one before: each finds exactly the
    /// pairs brute force finds at its threshold.
    @Test func aJoinOfManyPartitionsMatchesBruteForce() {
        var generator = QualityRuleTests.SplitMix(seed: 29)
        let words = ["capital", "of", "iceland", "norway", "which", "city", "largest", "what", "is", "mona", "lisa"]
        var texts: Set<String> = []
        while texts.count < 700 {
            let count = 1 + Int(generator.next() % 6)
            texts.insert(QualityText.normalized((0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")))
        }
        var visitor = NearDuplicateTests.PartitionedPairs(partitions: 23, excluded: 2) { $0 % 2 == 0 ? 0.1 : 0.5 }
        let (found, expected) = visitor.joinAgainstBruteForce(texts.sorted())
        #expect(Set(expected.map { visitor.partition($0.first) }).count > 15, "most partitions have pairs")
        #expect(found == expected, "\(found.count) found, \(expected.count) expected")
        // Partitions of one or two records (those of one are skipped).
        var small = NearDuplicateTests.PartitionedPairs(partitions: 500, excluded: 0) { _ in 0.1 }
        let (foundInSmall, expectedInSmall) = small.joinAgainstBruteForce(texts.sorted())
        #expect(!expectedInSmall.isEmpty && foundInSmall == expectedInSmall, "\(foundInSmall.count) found, \(expectedInSmall.count) expected")
    }

    /// A question's words, kept as one list of stems marked content or name, read back as the
    /// separate sorted lists they replace, and combine as those lists would.
    @Test func questionWordsAgreeWithSeparateLists() {
        var generator = QualityRuleTests.SplitMix(seed: 41)
        let pool = ["Which", "US", "us", "The", "Love", "Boat", "boats", "starred", "in", "1977", "Paris", "paris", "capital",
                    "largest", "first", "TV", "a", "of", "Simons", "Simmons", "Crackers", "crackers", ".", "?"]
        func text() -> String { (0..<(1 + Int(generator.next() % 10))).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }.joined(separator: " ") }
        func sortedUnique(_ words: [String]) -> [String] { Array(Set(words)).sorted() }
        let stems = Stems()
        for _ in 0..<300 {
            let a = QuestionWords(text(), stems: stems), b = QuestionWords(text(), stems: stems)
            #expect(a.all == sortedUnique(a.all) && a.content == sortedUnique(a.content) && a.names == sortedUnique(a.names))
            #expect(Set(a.names).isSubset(of: Set(a.content)) && Set(a.content).isSubset(of: Set(a.all)))
            #expect(a.contentCount == a.content.count)
            #expect(a.sharedContent(with: b) == Set(a.content).intersection(b.content).count)
            let removed = a.removing(b)
            #expect(removed.all == a.all.filter { !b.all.contains($0) })
            #expect(removed.content == a.content.filter { !b.all.contains($0) })
            #expect(removed.names == a.names.filter { !b.all.contains($0) })
            #expect(removed.numbers == a.numbers.filter { !b.numbers.contains($0) })
            let nameMissing = a.names.contains { name in
                !b.all.contains(name) && !(name.utf8.count >= 5 && b.all.contains { $0.utf8.count >= 5 && QuestionWords.oneEditApart(name, $0) })
            }
            #expect(a.hasNameNotIn(b) == nameMissing)
            #expect(a.hasContentNotIn(b) == a.content.contains { !b.all.contains($0) })
        }
    }

    /// A stem is numbered by its class of equal strings, which canonically equivalent
    /// spellings share, and each spelling is kept as written: words compare as their strings
    /// do, and a name's scalars are the text's own.
    @Test func stemsAreNumberedByEqualStringsAndKeepTheirSpellings() {
        let stems = Stems()
        let composed = stems.numbers("caf\u{E9}"), decomposed = stems.numbers("cafe\u{301}"), other = stems.numbers("cafe")
        #expect(composed.stem == decomposed.stem && composed.spelling != decomposed.spelling)
        #expect(other.stem != composed.stem)
        #expect(stems.numbers("cafe\u{301}") == decomposed && stems.numbers("caf\u{E9}") == composed)
        #expect(Array(stems[spelling: decomposed.spelling].unicodeScalars) == Array("cafe\u{301}".unicodeScalars))
        #expect(Array(stems[spelling: composed.spelling].unicodeScalars) == Array("caf\u{E9}".unicodeScalars))
        // In words: one content word in common, each with its own scalars.
        let a = QuestionWords("Which Caf\u{E9}s opened?", stems: stems), b = QuestionWords("Which Cafe\u{301}s closed?", stems: stems)
        #expect(a.sharedContent(with: b) == 1)
        #expect(a.names.count == 1 && a.names == b.names)
        #expect(a.names.first?.unicodeScalars.contains("\u{E9}") == true && b.names.first?.unicodeScalars.contains("\u{301}") == true)
    }

    /// The packed ids read back as the ranks of the texts' shingles: each text's ids are its
    /// distinct shingles, one id per shingle across the texts (the same texts hold it), in
    /// order of document frequency, rarest first, each in three bytes.
    @Test func packedShingleIdsAreTheRanksOfTheShingles() {
        var generator = QualityRuleTests.SplitMix(seed: 41)
        let words = ["capital", "of", "iceland", "norway", "été", "日本の首都", "a", "largest", "city", "mona", "lisa"]
        var texts = ["", "ab", "abcde"]
        for _ in 0..<400 {
            let count = Int(generator.next() % 6)
            texts.append(QualityText.normalized((0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")))
        }
        let sets = NearDuplicateJoin.ShingleSets(utf8: texts.map { Array($0.utf8)[...] })
        let plain = texts.map(QualityRuleTests.shingles)
        #expect(sets.width == 3)
        #expect(sets.count == texts.count)
        // By shingle and by id: the texts that hold it.
        var textsOfShingle: [String: [Int]] = [:]
        var textsOfID: [Int32: [Int]] = [:]
        sets.withTokens { tokens in
            for index in texts.indices {
                let ids = (sets.offsets[index]..<sets.offsets[index + 1]).map { tokens[$0] }
                #expect(ids.count == plain[index].count, "\(texts[index])")
                #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "ids sorted and unique")
                for id in ids { textsOfID[id, default: []].append(index) }
            }
        }
        for (index, set) in plain.enumerated() { for shingle in set { textsOfShingle[shingle, default: []].append(index) } }
        #expect(sets.vocabulary == textsOfShingle.count)
        #expect(Set(textsOfID.keys) == Set((0..<Int32(sets.vocabulary)).map { $0 }))
        #expect(textsOfID.values.map { $0.map(String.init).joined(separator: ",") }.sorted()
                == textsOfShingle.values.map { $0.map(String.init).joined(separator: ",") }.sorted())
        let frequencies = (0..<Int32(sets.vocabulary)).map { textsOfID[$0]?.count ?? 0 }
        #expect(zip(frequencies, frequencies.dropFirst()).allSatisfy { $0 <= $1 }, "rarest first")
    }

    /// The sets of some of the texts, made from the vocabulary of all of them in any order (as
    /// the join makes one partition's), are those of all the texts made at once: the same
    /// ranks, with the sizes the vocabulary counted and the same similarities.
    @Test func setsOfSomeTextsFromTheVocabularyAreThoseOfAllTheTexts() {
        var generator = QualityRuleTests.SplitMix(seed: 47)
        let words = ["capital", "of", "iceland", "norway", "été", "日本の首都", "a", "largest", "city", "mona", "lisa", "🙂"]
        var texts = ["", "ab", "abcde"]
        for _ in 0..<500 {
            let count = Int(generator.next() % 7)
            texts.append(QualityText.normalized((0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")))
        }
        let utf8 = texts.map { Array($0.utf8)[...] }
        let vocabulary = NearDuplicateJoin.ShingleVocabulary(utf8: utf8)
        let all = NearDuplicateJoin.ShingleSets(utf8: utf8)
        #expect(vocabulary.count == all.vocabulary && vocabulary.width == all.width)
        #expect(vocabulary.sizes == texts.indices.map { Int32(all.size($0)) })
        for _ in 0..<20 {
            let records = texts.indices.filter { _ in generator.next() % 3 == 0 }
                .map { (record: Int32($0), key: generator.next()) }.sorted { $0.key < $1.key }.map(\.record)
            let some = NearDuplicateJoin.ShingleSets(records: records, of: utf8, vocabulary: vocabulary)
            #expect(some.count == records.count)
            some.withTokens { someTokens in
                all.withTokens { allTokens in
                    for (position, record) in records.enumerated() {
                        let mine = (some.offsets[position]..<some.offsets[position + 1]).map { someTokens[$0] }
                        let whole = (all.offsets[Int(record)]..<all.offsets[Int(record) + 1]).map { allTokens[$0] }
                        #expect(mine == whole, "\(texts[Int(record)])")
                    }
                }
            }
            if let x = records.first, let y = records.last {
                #expect(vocabulary.similarity(Int(x), Int(y), of: utf8) == all.similarity(Int(x), Int(y)))
            }
        }
    }

    /// An ASCII text's shingles read from its bytes are those of its decoded scalars, in order;
    /// other texts, and ASCII texts shorter than a shingle, are left to the decoding.
    @Test func asciiShinglesFromBytesAreTheDecodedShingles() {
        var generator = QualityRuleTests.SplitMix(seed: 59)
        let pool = Array("abcxyz019 -$~\u{7F}\u{0}".utf8)
        var texts: [[UInt8]] = [[], Array("abcd".utf8), Array("abcde".utf8), Array("été et".utf8), Array("ab\u{FFFD}cdef".utf8)]
        for _ in 0..<300 { texts.append((0..<Int(generator.next() % 40)).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }) }
        var scalars: [UInt32] = []
        for text in texts {
            var decoded: [NearDuplicateJoin.Shingle] = []
            NearDuplicateJoin.forEachDecodedShingle(of: text, scalars: &scalars) { decoded.append($0) }
            var fromBytes: [NearDuplicateJoin.Shingle] = []
            let read = text.withUnsafeBufferPointer { NearDuplicateJoin.forEachShingle(ofASCII: $0) { fromBytes.append($0) } }
            #expect(read == (text.count >= 5 && text.allSatisfy { $0 < 0x80 }), "\(text)")
            if read { #expect(fromBytes == decoded, "\(text)") } else { #expect(fromBytes.isEmpty) }
            var either: [NearDuplicateJoin.Shingle] = []
            NearDuplicateJoin.forEachShingle(of: text, scalars: &scalars) { either.append($0) }
            #expect(either == decoded, "\(text)")
        }
    }

    /// A pair that joined a cluster reads back its records, kind and similarity from its 16 bytes.
    @Test func aClusterPairReadsBackWhatItWasMadeOf() {
        typealias Pair = NearDuplicateQuestionRule.Visitor.Pair
        let cases: [(x: Int, y: Int, similarity: Double, kind: NearDuplicateQuestionRule.Kind)] = [
            (0, 1, 1, .duplicate), (5, (1 << 30) - 1, 0.1 + 0.2, .sibling), (123_456, 999_999, 1.0 / 3, .negated),
            ((1 << 30) - 2, (1 << 30) - 1, 0.6, .duplicate),
        ]
        for item in cases {
            let pair = Pair(item.x, item.y, similarity: item.similarity, kind: item.kind)
            #expect(pair.x == item.x && pair.y == item.y && pair.similarity == item.similarity && pair.kind == item.kind)
        }
    }

    /// Union-find with parent and rank in one number joins exactly what relabeling every member
    /// of a component on each union does, through unions that grow ranks and long paths.
    @Test func packedUnionFindAgreesWithPlainComponents() {
        var generator = QualityRuleTests.SplitMix(seed: 53)
        let count = 2_000
        var sets = UnionFind(count: count)
        var label = Array(0..<count)
        for step in 0..<3_000 {
            // Mostly near elements first (long chains), then any two.
            let a = Int(generator.next() % UInt64(count))
            let b = step < 1_000 ? min(count - 1, a + 1 + Int(generator.next() % 3)) : Int(generator.next() % UInt64(count))
            sets.union(a, b)
            let (from, to) = (label[b], label[a])
            if from != to { for index in label.indices where label[index] == from { label[index] = to } }
            if step % 250 == 0 {
                for _ in 0..<500 {
                    let x = Int(generator.next() % UInt64(count)), y = Int(generator.next() % UInt64(count))
                    #expect((sets.find(x) == sets.find(y)) == (label[x] == label[y]))
                }
            }
        }
        var roots: [Int: Int] = [:]
        for element in 0..<count {
            let root = sets.find(element)
            #expect(label[root] == label[element], "a root is in its element's component")
            #expect(roots[label[element], default: root] == root, "one root a component")
            roots[label[element]] = root
        }
    }

    /// A bounded cache keeps at most its capacity, gives back what it kept, and nothing for a
    /// record it let go.
    @Test func aBoundedRecordCacheKeepsAtMostItsCapacity() {
        var generator = QualityRuleTests.SplitMix(seed: 43)
        var cache = BoundedRecordCache<String>(records: 50, capacity: 7)
        for _ in 0..<1_000 {
            let record = Int(generator.next() % 50)
            if let kept = cache[record] {
                #expect(kept == "value \(record)")
            } else {
                cache.keep("value \(record)", for: record)
                #expect(cache[record] == "value \(record)")
            }
            #expect(cache.count <= 7)
            #expect((0..<50).filter { cache[$0] != nil }.count == cache.count)
        }
    }

    /// The questions' words kept for a few questions at a time, made again when let go, give
    /// the findings they give when kept for every question, on the corpus banks and a reworded
    /// copy of each (every question text opened by a few words, so that most questions have a
    /// likely duplicate, told by their words).
    @Test func wordsKeptForFewQuestionsGiveTheSameFindings() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestRepository.corpus.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let decoder = BankDecoder()
        var banks: [LintBank] = []
        for file in files {
            let path = TestRepository.corpus.appendingPathComponent(file).path
            let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
            let reworded = text.replacingOccurrences(of: "\n    text: \"", with: "\n    text: \"Quick one: ")
            for (path, text) in [(path, text), (path + ".reworded", reworded)] {
                let bytes = Array(text.utf8)
                banks.append(LintBank(path: path, source: bytes, bank: try #require(decoder.decode(bytes, path: path).bank)))
            }
        }
        func findings(keeping kept: Int) -> [Finding] {
            var rule = NearDuplicateQuestionRule(options: .init())
            rule.keptWords = kept
            var reporter = FindingReporter(ruleID: NearDuplicateQuestionRule.description.id,
                                           severity: NearDuplicateQuestionRule.description.severity, path: banks[0].path)
            rule.check(banks, report: &reporter)
            return reporter.findings
        }
        let whole = findings(keeping: Int(Int32.max))
        #expect(whole.count > 1_000)
        for kept in [1, 7] {
            #expect(findings(keeping: kept) == whole, "words kept for \(kept) questions")
        }
    }
}
