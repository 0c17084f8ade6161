import CellGrid
import Foundation
import LayoutLoading
import TerminalUI
import Testing

/// `docs/cheonjiin.1`, the hand-written manual page.
private let manPage = repositoryRoot.appendingPathComponent("docs/cheonjiin.1")

/// A command of the binary as `--experimental-dump-help` describes it (swift-argument-parser's
/// ToolInfo, version 0), with only the fields these tests read.
private struct CommandInfo: Decodable {
  struct Argument: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String
    }
    var names: [Name]?
    var shouldDisplay: Bool
  }
  var commandName: String
  var subcommands: [CommandInfo]?
  var arguments: [Argument]?

  /// This command and every command under it, each with its path of names from the root.
  func flattened(path: [String] = []) -> [(path: [String], command: CommandInfo)] {
    let here = path + [commandName]
    return [(here, self)] + (subcommands ?? []).flatMap { $0.flattened(path: here) }
  }

  /// The spellings of the options shown in the help: `--hold-ms`, `-e`.
  var optionSpellings: [String] {
    (arguments ?? []).filter(\.shouldDisplay).flatMap { argument in
      (argument.names ?? []).map { $0.kind == "long" ? "--" + $0.name : "-" + $0.name }
    }
  }
}

private struct ToolInfo: Decodable {
  var command: CommandInfo
}

/// The page's sections: the title of each `.SH` and `.SS` line, and its lines up to the next.
private func sections(of roff: String) -> [String: [String]] {
  var result: [String: [String]] = [:]
  var title: String?
  for line in roff.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix(".SH ") || line.hasPrefix(".SS ") {
      let name = line.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
      title = name
      result[name] = []
    } else if let title {
      result[title, default: []].append(String(line))
    }
  }
  return result
}

/// The words of roff source, a word being a run of ASCII letters, digits, `-` and `_`.
///
/// The escapes that matter here are undone first: `\-` is `-`, and font changes and `\&`
/// disappear.
private func words(ofRoff lines: [String]) -> Set<String> {
  var text = lines.joined(separator: "\n").replacingOccurrences(of: "\\-", with: "-")
  for escape in ["\\fB", "\\fI", "\\fR", "\\fP", "\\&"] {
    text = text.replacingOccurrences(of: escape, with: " ")
  }
  let separators = text.unicodeScalars.filter {
    !($0.isASCII
      && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"))
  }
  return Set(
    text.components(separatedBy: CharacterSet(Set(separators))).filter { !$0.isEmpty })
}

/// Runs `groff` on the page as `man` would for a UTF-8 terminal: `-k` reads UTF-8 (preconv),
/// `-ww` turns on every warning, `-P-cbou` asks for plain text.
private func groff(_ extraArguments: [String]) throws -> RunResult {
  try runProgram(
    ["/usr/bin/env", "groff", "-k", "-man", "-Tutf8", "-ww"] + extraArguments + [manPage.path],
    environment: ["LC_ALL": "C.UTF-8"])
}

@Suite("The manual page, docs/cheonjiin.1")
struct ManPageTests {
  let roff: String
  let pageSections: [String: [String]]

  init() throws {
    roff = try String(contentsOf: manPage, encoding: .utf8)
    pageSections = sections(of: roff)
  }

  @Test("every command has a section and every option of it is described there")
  func everyCommandAndOption() throws {
    let dump = try run(["--experimental-dump-help"])
    try #require(dump.status == 0, "\(dump.stderr)")
    let tool = try JSONDecoder().decode(ToolInfo.self, from: Data(dump.stdout.utf8))
    let commands = tool.command.flattened().filter { $0.path.last != "help" }
    #expect(commands.count > 10, "the dump lists the subcommands")
    for (path, command) in commands {
      // The root's options are in OPTIONS; each subcommand has `.SS cheonjiin pad` and so on.
      let title = path.count == 1 ? "OPTIONS" : path.joined(separator: " ")
      guard let lines = pageSections[title] else {
        Issue.record("docs/cheonjiin.1 has no section \"\(title)\"")
        continue
      }
      let described = words(ofRoff: lines)
      let options = command.optionSpellings.filter {
        // Help and --version are the root's, described once in OPTIONS.
        path.count == 1 || !["-h", "--help", "--version"].contains($0)
      }
      for option in options {
        let isDescribed = described.contains(option)
        #expect(isDescribed, "\(title): \(option) is not described")
      }
    }
  }

  @Test("the root's --version and completion-script options are described")
  func rootOptions() throws {
    let described = words(ofRoff: try #require(pageSections["OPTIONS"]))
    #expect(described.isSuperset(of: ["--version", "--help", "--generate-completion-script"]))
  }

  @Test("every environment variable the program reads is in ENVIRONMENT")
  func environmentVariables() throws {
    let described = words(ofRoff: try #require(pageSections["ENVIRONMENT"]))
    var variables = Set(SharedData.allCases.map(\.environmentVariable))
    // Every `environment["NAME"]` in the sources, and the other names on such lines.
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    for case let file as String in files where file.hasSuffix(".swift") {
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains("environment[") {
        for literal in line.split(separator: "\"").enumerated() where literal.offset % 2 == 1 {
          let name = literal.element
          if name.count > 2, !name.hasSuffix("_"),
            name.allSatisfy({ ($0.isASCII && $0.isUppercase) || $0 == "_" })
          {
            variables.insert(String(name))
          }
        }
      }
    }
    #expect(variables.isSuperset(of: ["NO_COLOR", "TERM", "CHEONJIIN_KEYLOG", "XDG_DATA_HOME"]))
    for variable in variables.sorted() {
      let isNamed = described.contains(variable)
      #expect(isNamed, "ENVIRONMENT does not name \(variable)")
    }
  }

  @Test("the title line carries @VERSION@, which make install replaces from VERSION")
  func versionPlaceholder() {
    let title = roff.split(separator: "\n").first { $0.hasPrefix(".TH ") }
    #expect(title?.contains("\"cheonjiin @VERSION@\"") == true, "\(title ?? "no .TH line")")
  }

  @Test("groff renders the page without a warning")
  func rendersWithoutWarnings() throws {
    let result = try groff(["-z"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test("the rendered page keeps its Hangul, and no line is wider than 80 columns")
  func renderedWidth() throws {
    let result = try groff(["-P-cbou"])
    try #require(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("천지인"))
    #expect(result.stdout.contains("마이너스 오"))
    for line in result.stdout.split(separator: "\n") {
      #expect(DisplayWidth.of(line) <= 80, "too wide: \(line)")
    }
  }
}
