// swift-tools-version: 6.1
// Benchmarks live in their own package so that `swift test` of the main package never builds
// the benchmark harness. Run them with `make bench` from the repository root.
// Sources/ holds symlinks to the main package's targets, so no package identity is involved.
import PackageDescription

let package = Package(
  name: "cheonjiin-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
  ],
  targets: [
    .target(name: "HangulEngine", path: "Sources/HangulEngine"),
    .target(name: "Utilities", path: "Sources/Utilities"),
    .target(name: "TerminalInput", path: "Sources/TerminalInput"),
    .target(
      name: "SystemIO", dependencies: [.product(name: "SystemPackage", package: "swift-system")],
      path: "Sources/SystemIO"),
    .target(
      name: "LayoutLoading",
      dependencies: [
        "HangulEngine", "SystemIO", "TerminalInput", "Utilities",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      path: "Sources/LayoutLoading"),
    .target(name: "Suggestions", dependencies: ["HangulEngine"], path: "Sources/Suggestions"),
    .executableTarget(
      name: "DataBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"), "HangulEngine", "LayoutLoading",
        "Suggestions",
      ],
      path: "Benchmarks/DataBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "EngineBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"), "HangulEngine", "LayoutLoading",
      ],
      path: "Benchmarks/EngineBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
