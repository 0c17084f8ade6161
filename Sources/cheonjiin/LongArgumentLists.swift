import ArgumentParser

/// A command whose last positional argument takes any number of values (keys, words, files).
///
/// swift-argument-parser takes time in the square of the number of values it parses (it
/// searches its list of arguments once for each value it takes, and copies the array each
/// value is appended to): 16,000 words took `dict learn` 10 s. ``LongArgumentLists`` takes a
/// long run of such values out before it parses, and gives them to the command after.
protocol TakesLongArgumentList: ParsableCommand {
  /// The values of the last positional argument.
  static var listedValues: WritableKeyPath<Self, [String]> { get }
}

/// A command with a repeated option (`grep -e QUERY`) that may be given thousands of times.
protocol TakesLongOptionList: ParsableCommand {
  /// The option's names, each followed by its value as the next argument.
  static var repeatedOptionNames: Set<String> { get }
  /// The option's values.
  static var repeatedOptionValues: WritableKeyPath<Self, [String]> { get }
}

/// The arguments of a command line, with long lists of values taken out for
/// ``TakesLongArgumentList`` and ``TakesLongOptionList``.
struct LongArgumentLists {
  /// More values than this are taken out; fewer are left to ArgumentParser, which then
  /// costs little.
  static let threshold = 64

  /// The arguments ArgumentParser parses.
  private(set) var parsed: [String]
  /// Positional values after the last argument that starts with `-` and the one after it (a
  /// value of that option, perhaps), and after a few more left to ArgumentParser.
  private(set) var trailing: [String] = []
  /// Values of a repeated option past its first, with the option's names.
  private(set) var optionValues: [String] = []

  /// Whether nothing was taken out.
  var isEmpty: Bool { trailing.isEmpty && optionValues.isEmpty }

  /// Splits `arguments` (without the program's name); `optionNames` are the names of the
  /// repeated option of the command they name, if it has one.
  init(_ arguments: [String], optionNames: Set<String>) {
    parsed = arguments
    guard arguments.count > Self.threshold else { return }
    takeOptionValues(named: optionNames)
    takeTrailingValues()
  }

  /// Takes out every `NAME VALUE` pair of the repeated option but the first, before `--`.
  private mutating func takeOptionValues(named names: Set<String>) {
    guard !names.isEmpty else { return }
    var kept: [String] = []
    var taken: [String] = []
    var index = parsed.startIndex
    var seenFirst = false
    while index < parsed.endIndex {
      let argument = parsed[index]
      if argument == "--" {
        kept.append(contentsOf: parsed[index...])
        break
      }
      if names.contains(argument), index + 1 < parsed.endIndex {
        if seenFirst {
          taken.append(parsed[index + 1])
        } else {
          kept.append(contentsOf: parsed[index...(index + 1)])
          seenFirst = true
        }
        index += 2
        continue
      }
      kept.append(argument)
      index += 1
    }
    guard taken.count > Self.threshold else { return }
    parsed = kept
    optionValues = taken
  }

  /// Takes out the positional values at the end: those after the last argument that starts
  /// with `-` and the one after it, keeping a few for ArgumentParser (a command's single
  /// positional arguments before its list, such as grep's query).
  private mutating func takeTrailingValues() {
    let lastDash = parsed.lastIndex { $0.hasPrefix("-") }
    let start: Int
    switch lastDash {
    case .some(let index) where parsed[index] == "--": start = index + 1
    case .some(let index): start = index + 2
    case .none: start = 0
    }
    // The names of the command and its subcommand, and the first values.
    let kept = min(parsed.count, start + 4)
    guard parsed.count - kept > Self.threshold else { return }
    trailing = Array(parsed[kept...])
    parsed.removeSubrange(kept...)
  }

  /// `command` with the values taken out given back, checked again as ArgumentParser checks
  /// it; `nil` when it takes no such list, and the whole command line must be parsed as it
  /// is (to say what is wrong with it).
  func give(to command: any ParsableCommand) throws -> (any ParsableCommand)? {
    var command = command
    if !optionValues.isEmpty {
      guard let taking = command as? any TakesLongOptionList else { return nil }
      command = withOptionValues(taking)
    }
    if !trailing.isEmpty {
      guard let taking = command as? any TakesLongArgumentList else { return nil }
      command = withTrailingValues(taking)
    }
    try command.validate()
    return command
  }

  private func withOptionValues<Command: TakesLongOptionList>(_ command: Command) -> Command {
    var command = command
    command[keyPath: Command.repeatedOptionValues] += optionValues
    return command
  }

  private func withTrailingValues<Command: TakesLongArgumentList>(_ command: Command) -> Command {
    var command = command
    command[keyPath: Command.listedValues] += trailing
    return command
  }

  /// The repeated option's names of the command `arguments` name.
  static func optionNames(_ arguments: [String]) -> Set<String> {
    arguments.first == GrepCommand.configuration.commandName
      ? GrepCommand.repeatedOptionNames : []
  }
}

extension KeysCommand: TakesLongArgumentList {
  static var listedValues: WritableKeyPath<Self, [String]> { \.sequence }
}

extension NumberCommand: TakesLongArgumentList {
  static var listedValues: WritableKeyPath<Self, [String]> { \.number }
}

extension SpellCommand: TakesLongArgumentList {
  static var listedValues: WritableKeyPath<Self, [String]> { \.text }
}

extension DictCommand.Learn: TakesLongArgumentList {
  static var listedValues: WritableKeyPath<Self, [String]> { \.words }
}

extension DictCommand.Unlearn: TakesLongArgumentList {
  static var listedValues: WritableKeyPath<Self, [String]> { \.words }
}

extension GrepCommand: TakesLongArgumentList, TakesLongOptionList {
  static var listedValues: WritableKeyPath<Self, [String]> { \.files }
  static var repeatedOptionNames: Set<String> { ["-e", "--regexp"] }
  static var repeatedOptionValues: WritableKeyPath<Self, [String]> { \.queries }
}
