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
        .library(name: "QuizRules", targets: ["QuizRules"]),
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
        // Homebrew's icu4c is keg-only: pkg-config finds it with
        // PKG_CONFIG_PATH="$(brew --prefix icu4c)/lib/pkgconfig".
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // glibc's allocator settings: <malloc.h> of the C library, nothing to link.
        .systemLibrary(name: "CMalloc"),
        .target(name: "CSHA256"),
        .target(name: "QuizSupport", dependencies: ["CMalloc"]),
        .target(name: "QuizYAML", dependencies: ["CYaml"]),
        .target(name: "QuizLayout", dependencies: ["CHarfBuzz", "CICU", "QuizSupport"]),
        .target(name: "QuizBank", dependencies: ["QuizSupport", "QuizYAML"]),
        .target(name: "QuizCompile", dependencies: ["CSHA256", "QuizBank", "QuizSupport", "QuizYAML"]),
        .target(name: "QuizVersions", dependencies: ["QuizBank", "QuizCompile", "QuizSupport", "QuizYAML"]),
        .target(name: "QuizLint", dependencies: ["QuizBank", "QuizLayout", "QuizSupport", "QuizYAML"]),
        // The rules, apart from the engine they plug into (docs/adding-a-rule.md).
        .target(name: "QuizRules", dependencies: ["QuizBank", "QuizLayout", "QuizLint", "QuizSupport", "QuizVersions", "QuizYAML"]),
        .target(name: "QuizStats", dependencies: ["QuizBank", "QuizLayout", "QuizSupport"]),
        .target(name: "QuizPreview", dependencies: ["QuizBank", "QuizLayout"]),
        .executableTarget(name: "quizbank", dependencies: ["QuizBank", "QuizCompile", "QuizLayout", "QuizLint", "QuizPreview", "QuizRules", "QuizStats", "QuizSupport", "QuizVersions", "QuizYAML"]),
        .target(name: "QuizBankKit"),
        .target(name: "ExampleSupport", dependencies: ["QuizBankKit"], path: "Examples/ExampleSupport"),
        .executableTarget(name: "quiz-trivia", dependencies: ["QuizBankKit", "ExampleSupport"], path: "Examples/quiz-trivia"),
        .executableTarget(name: "quiz-exam", dependencies: ["QuizBankKit", "ExampleSupport"], path: "Examples/quiz-exam"),
        .executableTarget(name: "near-duplicates", dependencies: ["QuizBank", "QuizLint", "QuizRules"], path: "Benchmarks/NearDuplicates"),
        // Run by FreedMemoryTests in a process of its own.
        .executableTarget(name: "freed-memory-probe", dependencies: ["CMalloc", "QuizSupport"], path: "Tests/FreedMemoryProbe"),
        // The seeded generator of the random tests.
        .target(name: "TestSupport", dependencies: ["QuizBankKit"], path: "Tests/TestSupport"),
        .testTarget(name: "QuizYAMLTests", dependencies: ["QuizYAML"], exclude: ["libyaml-known-failures.txt"]),
        .testTarget(name: "QuizSupportTests", dependencies: ["QuizSupport", "TestSupport"]),
        .testTarget(name: "QuizBankTests", dependencies: ["QuizBank", "QuizYAML", "TestSupport"]),
        .testTarget(name: "QuizCompileTests", dependencies: ["QuizCompile", "QuizBank", "QuizSupport", "QuizYAML", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "QuizLintTests", dependencies: ["QuizLint", "QuizRules", "QuizBank", "QuizSupport", "QuizYAML", "QuizBankKit", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "QuizStatsTests", dependencies: ["QuizStats", "QuizBank", "QuizSupport", "QuizYAML", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "QuizLayoutTests", dependencies: ["QuizLayout"], exclude: ["Fixtures"]),
        .testTarget(name: "QuizPreviewTests", dependencies: ["QuizPreview", "QuizBank", "QuizLayout", "QuizYAML"]),
        .testTarget(name: "QuizVersionsTests", dependencies: ["QuizVersions", "QuizBank"], exclude: ["Golden"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport"]),
        .testTarget(name: "QuizBankKitTests", dependencies: ["QuizBankKit", "QuizCompile", "QuizBank", "TestSupport"]),
        // The quality rules measured on the labelled set under Tests/Data/quality (docs/quality-evaluation.md).
        .testTarget(name: "QualityEvaluationTests", dependencies: ["QuizLint", "QuizRules", "QuizBank"]),
    ]
)
