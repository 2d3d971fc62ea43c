// swift-tools-version:6.0
import PackageDescription

/// The libFuzzer target, a package of its own so that `swift build` and `swift test` of the
/// project never build it: libFuzzer brings its own `main`, which only a build with
/// `--sanitize=fuzzer` links (docs/fuzzing.md). `make fuzz` and `make fuzz-smoke` build it.
let package = Package(
    name: "quizbank-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "quizbank", path: "..")],
    targets: [
        .executableTarget(
            name: "QuizbankFuzz",
            dependencies: [
                .product(name: "QuizBank", package: "quizbank"),
                .product(name: "QuizCompile", package: "quizbank"),
                .product(name: "QuizLint", package: "quizbank"),
                .product(name: "QuizRules", package: "quizbank"),
            ],
            // No `main`: libFuzzer's calls `LLVMFuzzerTestOneInput`.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
