import Foundation
import Testing

/// The version in `VERSION`, the one source of the binary's, the man page's and the package's.
func versionFile() throws -> String {
  let text = try String(
    contentsOf: repositoryRoot.appendingPathComponent("VERSION"), encoding: .utf8)
  return text.trimmingCharacters(in: .whitespacesAndNewlines)
}

@Suite("cheonjiin itself: --version and the top-level usage (the real binary)")
struct TopLevelTests {
  @Test("VERSION holds one upstream version of digits and dots, as Debian needs")
  func versionFileIsPlain() throws {
    let version = try versionFile()
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3, "\(version)")
    #expect(
      parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
  }

  @Test("--version prints the name and the version in VERSION, and exits 0")
  func version() throws {
    let result = try run(["--version"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    // Sources/cheonjiin/Version.swift must say what VERSION says.
    #expect(result.stdout == "cheonjiin \(try versionFile())\n")
  }

  @Test(
    "an unknown option or word with no subcommand named shows the top-level usage",
    arguments: [["--bogus"], ["grpe", "ㄱ"], ["--layout", "cheonjiin-iphone", "--verison"]])
  func topLevelUsage(arguments: [String]) throws {
    let english = try run(arguments, environment: locale("C.UTF-8"))
    #expect(english.status == 64)
    #expect(english.stdout.isEmpty)
    #expect(english.stderr.hasPrefix("cheonjiin: "), "\(english.stderr)")
    #expect(english.stderr.contains("cheonjiin <subcommand> [<options>]"), "\(english.stderr)")
    #expect(english.stderr.contains("See 'cheonjiin --help' for the subcommands"))
    #expect(!english.stderr.contains("Usage: cheonjiin pad"), "\(english.stderr)")
    let korean = try run(arguments, environment: locale("ko_KR.UTF-8"))
    #expect(korean.status == 64)
    #expect(korean.stderr.contains("명령 목록은 'cheonjiin --help'"), "\(korean.stderr)")
  }

  @Test("the unknown option is named in the message")
  func unknownOptionNamed() throws {
    let result = try run(["--bogus"], environment: locale("C.UTF-8"))
    #expect(result.stderr.hasPrefix("cheonjiin: unknown option '--bogus'"), "\(result.stderr)")
  }

  @Test("a usage error after a named subcommand keeps that subcommand's usage")
  func subcommandUsage() throws {
    let pad = try run(["pad", "--bogus"], environment: locale("C.UTF-8"))
    #expect(pad.status == 64)
    #expect(pad.stderr.contains("Usage: cheonjiin pad"), "\(pad.stderr)")
    #expect(!pad.stderr.contains("<subcommand> [<options>]"))
    let keys = try run(["keys", "--bogus"], environment: locale("C.UTF-8"))
    #expect(keys.status == 64)
    #expect(keys.stderr.contains("Usage: cheonjiin keys"), "\(keys.stderr)")
  }
}
