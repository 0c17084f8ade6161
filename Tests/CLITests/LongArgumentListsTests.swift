import ArgumentParser
import Testing

@testable import cheonjiin

/// Long lists of values are taken past swift-argument-parser (``LongArgumentLists``): the
/// command must come out as ArgumentParser alone makes it.
@Suite("Long argument lists")
struct LongArgumentListsTests {
  /// The command `arguments` give, parsed as the program parses them.
  private func parsed(_ arguments: [String]) throws -> any ParsableCommand {
    let lists = LongArgumentLists(arguments, optionNames: LongArgumentLists.optionNames(arguments))
    let command = try Cheonjiin.parseAsRoot(lists.parsed)
    return try lists.give(to: command) ?? Cheonjiin.parseAsRoot(arguments)
  }

  private let many = (0..<500).map { "가\($0)" }

  @Test("keys with options before and after: the same sequence as ArgumentParser's")
  func keys() throws {
    let arguments = ["keys", "--json"] + many + ["--trace"] + many
    let command = try #require(try parsed(arguments) as? KeysCommand)
    let whole = try #require(try Cheonjiin.parseAsRoot(arguments) as? KeysCommand)
    #expect(command.sequence == many + many)
    #expect(command.sequence == whole.sequence && command.json && command.trace)
  }

  @Test("grep: thousands of -e, then files, in their order")
  func grep() throws {
    let arguments =
      ["grep", "-c"] + many.flatMap { ["-e", $0] } + ["--", "-e"] + many.map { $0 + ".txt" }
    let command = try #require(try parsed(arguments) as? GrepCommand)
    let whole = try #require(try Cheonjiin.parseAsRoot(arguments) as? GrepCommand)
    #expect(command.queries == many && command.queries == whole.queries)
    // The first positional is the query to ArgumentParser; with -e, grep reads it as a FILE.
    #expect(command.query == "-e" && whole.query == "-e")
    #expect(command.files == many.map { $0 + ".txt" } && command.files == whole.files)
  }

  @Test("the values taken out are checked: dict learn refuses a word that is not Hangul")
  func validated() throws {
    #expect(throws: (any Error).self) {
      try parsed(["dict", "learn"] + many.map { _ in "사랑" } + ["love"])
    }
  }

  @Test("a command that takes no list still says what is wrong with the whole line")
  func unexpected() throws {
    #expect(throws: (any Error).self) { try parsed(["layouts", "list"] + many) }
  }
}
