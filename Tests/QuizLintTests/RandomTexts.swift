import QuizBankKit

/// A text of `pieceCount` pieces drawn at random from `pieces`: the tests check a quick or
/// byte-level reading against the plain one it stands for on many such texts.
func randomText(pieceCount: Range<Int>, from pieces: [String], using generator: inout SplitMix64) -> String {
    (0..<Int.random(in: pieceCount, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
}
