// swift-tools-version: 6.2
import PackageDescription

// Dependencies point inward only (docs/architecture.md lists each target's, and a test checks
// that list against this file):
// cheonjiin → {PadScreen, PracticeScreen, DemoScreen, RunScreen, ReportViews} (one per screen)
// PracticeScreen → ReportViews (the learner's standing, shown after a round and by `stats`)
// the screens → Typing (typing on the pad) → {PadViews (the pad's views), Drafts} → TerminalUI
// TerminalUI (the runtime) → {CellGrid, CNcursesw, CTerminal, LayoutLoading, TerminalInput}
// RunScreen → ChildTerminal (the pty and the emulator); TerminalUI knows no child
// LayoutLoading → TerminalInput (keymaps name its keys) → nothing
// cheonjiin → Storage (GRDB) → Practice → {HangulEngine, KoreanNumbers, Suggestions}
// cheonjiin → Grep → Suggestions (grep spells keypad queries as the suggestion bar does)
// SystemIO → SystemPackage (swift-system): the calls swift-system does not wrap, printError and
// terminalSafe (the one way to print text from data)
// cheonjiin → CStartup → CTerminal (before main, in the program only, never in the tests)
// HangulEngine, KoreanNumbers, TerminalInput, Practice, Suggestions, Grep and CellGrid import
// only the standard library (and each other as listed); so does Utilities, which any target may
// use.
let package = Package(
  name: "cheonjiin",
  products: [
    .executable(name: "cheonjiin", targets: ["cheonjiin"]),
    .library(name: "HangulEngine", targets: ["HangulEngine"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
  ],
  targets: [
    // MARK: Pure core
    .target(name: "HangulEngine"),
    .target(name: "KoreanNumbers"),
    // Small text and collection helpers several targets use: JSON quoting, edit distance,
    // `[safe:]`.
    .target(name: "Utilities"),
    .target(
      name: "TerminalInput",
      // The run loop calls the generic hold detector on every key: let it be specialized there.
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]),
    .target(
      name: "Practice", dependencies: ["HangulEngine", "KoreanNumbers", "Suggestions", "Utilities"]),
    .target(name: "Suggestions", dependencies: ["HangulEngine"]),
    // `cheonjiin grep`'s matching and scanning, without I/O: the command reads and prints.
    .target(name: "Grep", dependencies: ["HangulEngine", "Suggestions"]),

    // MARK: Data and I/O
    .target(
      name: "SystemIO", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
    // Keymaps bind the keys TerminalInput decodes (NumpadKey), so the loader depends on it.
    .target(
      name: "LayoutLoading",
      dependencies: [
        "HangulEngine", "SystemIO", "TerminalInput", "Utilities",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .target(
      name: "Storage",
      dependencies: [
        "Practice", "SystemIO", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "SystemPackage", package: "swift-system"),
      ]),

    // MARK: The terminal
    .systemLibrary(
      name: "CNcursesw", providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]),
    // The terminal's signal and crash path: what a handler touches lives in C.
    .target(name: "CTerminal"),
    // Before main, in the program only: signals wait for the pad's handlers.
    .target(name: "CStartup", dependencies: ["CTerminal"]),
    .systemLibrary(name: "CVterm", pkgConfig: "vterm", providers: [.apt(["libvterm-dev"])]),
    .target(
      name: "ChildTerminal",
      dependencies: [
        "CVterm", "CTerminal", "SystemIO",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The cell grid a screen is drawn into, display widths, the palette and themes, and the frame
    // writer that turns a grid into the bytes for the rows that changed. Pure: no terminal.
    .target(name: "CellGrid"),
    // The terminal runtime: the tty, the one loop and its input pipeline, the timer, terminfo,
    // the screen starter, and the interface language with the strings more than one screen uses.
    .target(
      name: "TerminalUI",
      dependencies: [
        "CellGrid", "CNcursesw", "CTerminal", "HangulEngine", "LayoutLoading", "SystemIO",
        "TerminalInput",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The pad's views, pure: the keypad and its parts, the painter, the text area and its
    // wrapping, the help and other overlays; for the pad, practice, run and the demo.
    .target(
      name: "PadViews", dependencies: ["CellGrid", "HangulEngine", "TerminalInput", "TerminalUI"]),
    // Drafts: the draft file, which pad writes it (the claim and its lock), the drafts' history,
    // and their words. On TerminalUI for the interface language its strings are picked in.
    .target(
      name: "Drafts",
      dependencies: [
        "SystemIO", "TerminalUI", .product(name: "SystemPackage", package: "swift-system"),
      ]),

    // Typing on the pad, shared by the pad, practice and run: the typing core and its sinks, the
    // pad model, the suggestion bar, the options a screen is started with.
    .target(
      name: "Typing",
      dependencies: [
        "CellGrid", "Drafts", "PadViews", "TerminalUI", "HangulEngine", "LayoutLoading", "Practice", "Suggestions",
        "SystemIO",
        "TerminalInput", .product(name: "SystemPackage", package: "swift-system"),
      ]),

    // MARK: The screens (each a front end of the TerminalUI loop, with its own strings)
    // The pad (`cheonjiin`): text typed on the keypad, its draft, the tmux mirror.
    .target(
      name: "PadScreen",
      dependencies: [
        "CellGrid", "Drafts", "PadViews", "TerminalUI", "Typing", "HangulEngine", "LayoutLoading", "Practice",
        "Suggestions",
        "SystemIO",
        "TerminalInput", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .target(
      name: "PracticeScreen",
      dependencies: [
        "CellGrid", "PadViews", "ReportViews", "TerminalUI", "Typing", "HangulEngine",
        "LayoutLoading", "Practice", "TerminalInput", "Utilities",
      ]),
    .target(
      name: "DemoScreen",
      dependencies: [
        "CellGrid", "PadViews", "TerminalUI", "Typing", "HangulEngine", "KoreanNumbers", "TerminalInput",
        "Utilities",
      ]),
    // `cheonjiin run`: a child program on a pty, the pad as its input method.
    .target(
      name: "RunScreen",
      dependencies: [
        "CellGrid", "PadViews", "TerminalUI", "Typing", "ChildTerminal", "HangulEngine", "LayoutLoading",
        "Suggestions",
        "SystemIO",
        "TerminalInput", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // `cheonjiin stats`: charts, heat maps and speed maps drawn as cells.
    .target(name: "ReportViews", dependencies: ["CellGrid", "TerminalUI", "Practice"]),

    // MARK: The program
    .executableTarget(
      name: "cheonjiin",
      dependencies: [
        "CellGrid", "CStartup", "Drafts", "Grep", "HangulEngine", "LayoutLoading", "TerminalUI", "Typing",
        "PadScreen",
        "PracticeScreen", "DemoScreen", "RunScreen", "ReportViews", "KoreanNumbers", "Practice",
        "Storage", "Suggestions", "SystemIO", "Utilities",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "SystemPackage", package: "swift-system"),
      ]),

    // MARK: Tests
    .testTarget(
      name: "HangulEngineTests", dependencies: ["HangulEngine", "LayoutLoading", "TestSupport"],
      exclude: ["Vectors"]),
    .testTarget(
      name: "LayoutLoadingTests",
      dependencies: ["TestSupport", "LayoutLoading", "HangulEngine", "SystemIO", "TerminalInput"],
      exclude: ["Invalid", "InvalidKeymaps"]),
    .testTarget(name: "KoreanNumbersTests", dependencies: ["TestSupport", "KoreanNumbers"]),
    .testTarget(name: "UtilitiesTests", dependencies: ["Utilities"]),
    .testTarget(name: "TerminalInputTests", dependencies: ["TerminalInput", "TestSupport"]),
    .testTarget(
      name: "PracticeTests",
      dependencies: ["Practice", "HangulEngine", "LayoutLoading", "KoreanNumbers", "Suggestions"]),
    .testTarget(
      name: "StorageTests",
      dependencies: [
        "Storage", "Practice", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    // Grep's tests sit beside the suggestion tests: both spell with the same speller and corpus.
    .testTarget(
      name: "SuggestionsTests",
      dependencies: ["TestSupport", "Suggestions", "Grep", "HangulEngine", "LayoutLoading"]),
    // The runtime's own tests: the loop's threads, signals, the X server's key repeat.
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "CTerminal", "TestSupport"]),
    .testTarget(name: "DraftsTests", dependencies: ["Drafts", "TerminalUI", "TestSupport"]),
    .testTarget(
      name: "PadViewsTests", dependencies: ["PadViews", "HangulEngine", "TerminalUI", "TestSupport"]),
    // One test target per screen (goldens beside the tests that draw them), one for the typing
    // core, and one for what every screen keeps to: redraws, growth with the text, no caches.
    .testTarget(
      name: "PadScreenTests",
      dependencies: [
        "PadScreen", "CellGrid", "HangulEngine", "LayoutLoading", "Suggestions", "TerminalInput",
        "TerminalUI", "Typing", "PadViews", "Drafts", "ScreenTestSupport",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "PracticeScreenTests",
      dependencies: [
        "PracticeScreen", "CellGrid", "HangulEngine", "KoreanNumbers", "LayoutLoading", "Practice",
        "TerminalInput", "TerminalUI", "PadViews", "Typing", "ScreenTestSupport",
      ]),
    .testTarget(
      name: "DemoScreenTests",
      dependencies: [
        "DemoScreen", "CellGrid", "ChildTerminal", "HangulEngine", "TerminalInput", "TerminalUI",
        "PadViews", "Typing", "ScreenTestSupport", "TestSupport",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "RunScreenTests",
      dependencies: [
        "RunScreen", "CellGrid", "ChildTerminal", "HangulEngine", "LayoutLoading", "Suggestions",
        "TerminalInput", "TerminalUI", "Typing", "PadViews", "ScreenTestSupport", "TestSupport",
      ]),
    .testTarget(
      name: "ReportViewsTests",
      dependencies: [
        "ReportViews", "CellGrid", "HangulEngine", "Practice", "TerminalUI", "ScreenTestSupport",
      ]),
    .testTarget(
      name: "TypingTests",
      dependencies: ["Typing", "HangulEngine", "LayoutLoading", "ScreenTestSupport"]),
    .testTarget(
      name: "ScreensTests",
      dependencies: [
        "PadScreen", "PracticeScreen", "DemoScreen", "RunScreen", "CellGrid", "ChildTerminal",
        "HangulEngine", "Practice", "TerminalInput", "TerminalUI", "Typing", "PadViews", "ScreenTestSupport",
        "TestSupport",
      ]),
    // The screens' tests drive a screen as the run loop does (ScreenDriver), on shipped data,
    // with drivers for the pad, practice and run that more than one test target uses.
    .target(
      name: "ScreenTestSupport",
      dependencies: [
        "CellGrid", "ChildTerminal", "HangulEngine", "LayoutLoading", "PadScreen", "Practice",
        "PracticeScreen", "RunScreen", "Suggestions", "TerminalInput", "TerminalUI", "Typing", "PadViews", "Drafts",
      ],
      path: "Tests/ScreenTestSupport"),
    // Helpers for several test targets; the cast reader replays recordings with libvterm.
    .target(name: "TestSupport", dependencies: ["ChildTerminal"], path: "Tests/TestSupport"),
    .testTarget(name: "CellGridTests", dependencies: ["CellGrid"]),
    .testTarget(
      name: "ChildTerminalTests",
      dependencies: ["ChildTerminal", "TestSupport"]),
    .testTarget(
      name: "SystemIOTests",
      dependencies: [
        "SystemIO", "TestSupport", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // Runs the built binary; grep's printer is also tested in-process (@testable import).
    .testTarget(
      name: "CLITests",
      dependencies: [
        "CellGrid", "cheonjiin", "Grep", "HangulEngine", "KoreanNumbers", "LayoutLoading", "Practice",
        "Storage", "Suggestions", "TerminalInput", "TerminalUI", "TestSupport",
      ],
      exclude: ["Harness"]),
  ]
)

// A compiler warning in our code is an error, in every build (`make`, `make test`, CI): it is
// fixed where it is made, and no separate build has to compile everything again to find it.
// SwiftPM applies this to this package's targets only, not to its dependencies.
for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}
