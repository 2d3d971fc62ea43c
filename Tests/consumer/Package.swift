// swift-tools-version:5.9
// An app's view of quizbank: a package that depends on it at a version, as Xcode or SwiftPM adds
// it, and uses the QuizBankKit product alone; a tool's view of it uses the QuizBank product
// (libyaml through a system library target). Tests/consumer/run.sh gives the repository's URL.
import PackageDescription

let quizbankURL = Context.environment["QUIZBANK_PACKAGE_URL"] ?? "https://example.invalid/quizbank.git"

let package = Package(
    name: "consumer",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [
        .package(url: quizbankURL, from: "1.0.0"),
    ],
    targets: [
        .executableTarget(name: "consumer", dependencies: [.product(name: "QuizBankKit", package: "quizbank")]),
        .executableTarget(name: "decode", dependencies: [.product(name: "QuizBank", package: "quizbank")]),
    ]
)
