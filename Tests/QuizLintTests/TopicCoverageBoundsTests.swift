import Testing
@testable import QuizLint
@testable import QuizRules

/// ceil(weight × size) near `Int.max`, where the product rounds past it in floating point.
@Suite struct TopicCoverageBoundsTests {
    @Test func theDrawNeverPassesTheExamSize() {
        #expect(TopicCoverageRule.needed(weight: 1, size: Int.max) == Int.max)
        #expect(TopicCoverageRule.needed(weight: 1, size: Int.max - 1) == Int.max - 1)
        #expect(TopicCoverageRule.needed(weight: 0.5, size: Int.max) == 4_611_686_018_427_387_904)
        #expect(TopicCoverageRule.needed(weight: 1e-300, size: Int.max) == 0)
        #expect(TopicCoverageRule.needed(weight: 1, size: 1) == 1)
    }
}
