import Testing
@testable import QuizPreview
