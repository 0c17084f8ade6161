// swift-tools-version: 6.0
import PackageDescription

// Dependencies point inward only:
// cheonjiin → LayoutLoading → HangulEngine. HangulEngine imports nothing but the standard library.
let package = Package(
  name: "cheonjiin",
  products: [
    .executable(name: "cheonjiin", targets: ["cheonjiin"]),
    .library(name: "HangulEngine", targets: ["HangulEngine"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // MARK: Pure core
    .target(name: "HangulEngine"),
    .target(name: "KoreanNumbers"),
    .target(name: "TerminalInput"),

    // MARK: Data and I/O
    .target(name: "LayoutLoading", dependencies: ["HangulEngine"]),

    // MARK: The terminal
    .systemLibrary(
      name: "CNcursesw", providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]),
    .target(
      name: "TerminalUI",
      dependencies: ["CNcursesw", "HangulEngine", "LayoutLoading", "TerminalInput"]),

    // MARK: The program
    .executableTarget(
      name: "cheonjiin",
      dependencies: [
        "HangulEngine", "LayoutLoading", "TerminalUI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // MARK: Tests
    .testTarget(
      name: "HangulEngineTests", dependencies: ["HangulEngine", "LayoutLoading"],
      exclude: ["Vectors"]),
    .testTarget(
      name: "LayoutLoadingTests", dependencies: ["LayoutLoading", "HangulEngine"],
      exclude: ["Invalid"]),
    .testTarget(name: "KoreanNumbersTests", dependencies: ["KoreanNumbers"]),
    .testTarget(name: "TerminalInputTests", dependencies: ["TerminalInput"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TerminalInput", "HangulEngine", "LayoutLoading"]),
    .testTarget(name: "CLITests"),
  ]
)
