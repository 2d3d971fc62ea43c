// TEMPORARY stand-in until the real reporter lands.
import QuizBank
public struct GitHubReporter { public init() {}; public func report(_ findings: [Finding], bankCount: Int) -> String { "" } }
