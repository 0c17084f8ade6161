import Foundation
import Testing

/// Whether every test must run, whatever is missing: under CI (`CI=true`, as CI services and
/// .ci/run set it) or with `CHEONJIIN_REQUIRE_ALL=1`.
///
/// A test that needs a tool (tmux, the X rig, kitty, asciinema, setpriv, the word list) skips
/// where the tool is missing, so that `swift test` on a bare machine still runs the rest; but a
/// skip in CI would let a missing package pass for a green run. There such a test runs, and
/// fails at once on the missing tool (`requirement`), naming the package that provides it.
public let everyTestMustRun: Bool = {
  let environment = ProcessInfo.processInfo.environment
  return environment["CHEONJIIN_REQUIRE_ALL"] == "1" || environment["CI"] == "true"
}()

/// What a test needs and whether it is here.
public struct Requirement: Sendable {
  /// What is needed, as a sentence's object ("tmux", "the real-terminal rig").
  public let name: String
  /// Where it comes from ("Debian's tmux; make test-deps installs it").
  public let remedy: String
  public let isMet: Bool

  public init(_ name: String, remedy: String, isMet: Bool) {
    self.name = name
    self.remedy = remedy
    self.isMet = isMet
  }

  /// A program on PATH.
  public static func program(_ program: String, remedy: String) -> Requirement {
    Requirement(program, remedy: remedy, isMet: isOnPath(program))
  }

  /// The trait of a test or suite that needs this: skipped where it is missing, unless every
  /// test must run; then the test runs and `check()` fails it.
  public var trait: ConditionTrait {
    .enabled(
      if: isMet || everyTestMustRun,
      Comment(rawValue: "needs \(name) (\(remedy))"))
  }

  /// Fails the running test, saying what is missing, when the requirement is not met.
  public func check(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(
      isMet, "\(name) is missing: \(remedy)", sourceLocation: sourceLocation)
  }
}

/// Whether `program` is an executable file in a folder of PATH.
public func isOnPath(_ program: String) -> Bool {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").contains {
    FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
  }
}
