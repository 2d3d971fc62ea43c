// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "quizbank",
    // iOS and the macOS floor matter to QuizBankKit alone: an app builds it, never the tool.
    platforms: [.macOS(.v14), .iOS(.v15)],
    products: [
        .executable(name: "quizbank", targets: ["quizbank"]),
        .library(name: "QuizBank", targets: ["QuizBank"]),
        .library(name: "QuizCompile", targets: ["QuizCompile"]),
        .library(name: "QuizLayout", targets: ["QuizLayout"]),
        // For the fuzz target, a package of its own under Fuzz/ (docs/fuzzing.md).
        .library(name: "QuizLint", targets: ["QuizLint"]),
        // What a quiz app adds: Foundation only, no other target of this package.
        .library(name: "QuizBankKit", targets: ["QuizBankKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        .target(name: "CSHA256"),
        .target(name: "QuizSupport"),
        .target(name: "QuizYAML", dependencies: ["CYaml"]),
        .target(name: "QuizLayout", dependencies: ["CHarfBuzz", "QuizSupport"]),
        .target(name: "QuizBank", dependencies: ["QuizSupport", "QuizYAML"]),
        .target(name: "QuizCompile", dependencies: ["CSHA256", "QuizBank", "QuizSupport", "QuizYAML"]),
        .target(name: "QuizVersions", dependencies: ["QuizBank", "QuizCompile", "QuizSupport", "QuizYAML"]),
        .target(name: "QuizLint", dependencies: ["QuizBank", "QuizLayout", "QuizSupport", "QuizVersions", "QuizYAML"]),
        .target(name: "QuizStats", dependencies: ["QuizBank", "QuizLayout", "QuizSupport"]),
        .executableTarget(name: "quizbank", dependencies: ["QuizBank", "QuizCompile", "QuizLayout", "QuizLint", "QuizStats", "QuizSupport", "QuizVersions", "QuizYAML"]),
        .target(name: "QuizBankKit"),
        .target(name: "ExampleSupport", dependencies: ["QuizBankKit"], path: "Examples/ExampleSupport"),
        .executableTarget(name: "quiz-trivia", dependencies: ["QuizBankKit", "ExampleSupport"], path: "Examples/quiz-trivia"),
        .executableTarget(name: "quiz-exam", dependencies: ["QuizBankKit", "ExampleSupport"], path: "Examples/quiz-exam"),
        .executableTarget(name: "near-duplicates", dependencies: ["QuizBank", "QuizLint"], path: "Benchmarks/NearDuplicates"),
        // The seeded generator of the random tests.
        .target(name: "TestSupport", dependencies: ["QuizBankKit"], path: "Tests/TestSupport"),
        .testTarget(name: "QuizYAMLTests", dependencies: ["QuizYAML"], exclude: ["libyaml-known-failures.txt"]),
        .testTarget(name: "QuizSupportTests", dependencies: ["QuizSupport"]),
        .testTarget(name: "QuizBankTests", dependencies: ["QuizBank", "QuizYAML"]),
        .testTarget(name: "QuizCompileTests", dependencies: ["QuizCompile", "QuizBank", "QuizSupport", "QuizYAML", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "QuizLintTests", dependencies: ["QuizLint", "QuizBank", "QuizSupport", "QuizYAML", "QuizBankKit", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "QuizStatsTests", dependencies: ["QuizStats", "QuizBank", "QuizSupport", "QuizYAML", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "QuizLayoutTests", dependencies: ["QuizLayout"], exclude: ["Fixtures"]),
        .testTarget(name: "QuizVersionsTests", dependencies: ["QuizVersions", "QuizBank"], exclude: ["Golden"]),
        .testTarget(name: "CLITests", dependencies: []),
        .testTarget(name: "QuizBankKitTests", dependencies: ["QuizBankKit", "QuizCompile", "QuizBank"]),
        // The quality rules measured on the labelled set under Tests/Data/quality (docs/quality-evaluation.md).
        .testTarget(name: "QualityEvaluationTests", dependencies: ["QuizLint", "QuizBank"]),
    ]
)
