import ArgumentParser
import Foundation
import Storage
import Suggestions
import SystemPackage
import TerminalUI

struct DictCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dict",
    abstract: "Manage the words the suggestion bar has learned.",
    discussion: """
      Words you commit on the keypad are learned (how often, and when last). `unlearn` \
      forgets a word and, if it comes from the shipped word lists, hides it from \
      suggestions; `learn` brings a hidden word back. Kept in \
      $XDG_DATA_HOME/cheonjiin/progress.sqlite with the practice progress. \
      The export format is word<TAB>count<TAB>YYYY-MM-DD per line, which import reads back.
      Example: cheonjiin dict export > words.tsv;  cheonjiin dict import words.tsv
      """,
    subcommands: [Learn.self, Unlearn.self, List.self, Import.self, Export.self])

  struct Learn: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Learn words (or use them once more); un-hides hidden words.",
      discussion: "Example: cheonjiin dict learn --times 3 할머니 감사해요")

    @Option(help: "How many uses to add to each word (1 to 1000000).")
    var times = 1

    @Argument(help: "Words of Hangul syllables, 1 to 20 each.")
    var words: [String]

    func validate() throws {
      let allowed = ProgressStore.learnTimes
      guard allowed.contains(times) else {
        throw ValidationError(
          commandStrings.learnTimesOutOfRange(
            times, allowed: allowed, maximum: ProgressStore.maximumCount))
      }
      if let bad = words.first(where: { !ProgressStore.isPlausibleWord(normalized($0)) }) {
        throw ValidationError(commandStrings.notLearnable(bad))
      }
    }

    func run() throws {
      let store = try openStore(for: .writing)
      let today = localDayNumber()
      var output = OutputBuffer()
      let learned = try storeCall { () throws(StorageError) in
        try store.learn(words.map(normalized), day: today, times: times)
      }
      for word in learned {
        output.append("\(terminalSafe(word.word))\t\(word.count)\n")
      }
      try output.finish()
    }
  }

  struct Unlearn: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Forget words; words from the shipped lists are also hidden from suggestions.",
      discussion: "Example: cheonjiin dict unlearn 뷁")

    @Argument(help: "Words to forget.")
    var words: [String]

    func run() throws {
      let store = try openStore(for: .writing)
      let shipped = ShippedWords.load()
      let today = localDayNumber()
      for word in words.map(normalized) {
        let outcome = try storeCall { () throws(StorageError) in
          try store.unlearn(word, isCorpusWord: shipped.contains(word), day: today)
        }
        printError(commandStrings.unlearned(word, outcome: outcome))
      }
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List learned words (word, count, last used), most used first.",
      discussion: "Example: cheonjiin dict list --hidden")

    @Flag(help: "List the hidden words instead.")
    var hidden = false

    func run() throws {
      let store = try openStore(for: .reading)
      var output = OutputBuffer()
      if hidden {
        for word in try storeCall({ () throws(StorageError) in try store.hiddenWords() }) {
          output.append(terminalSafe(word) + "\n")
        }
      } else {
        // The export's rows without its header line, each field shown safely: a database
        // from elsewhere may hold anything.
        let text = try storeCall { () throws(StorageError) in try store.exportWords() }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
          let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
          output.append(fields.map { terminalSafe($0) }.joined(separator: "\t") + "\n")
        }
      }
      try output.finish()
    }
  }

  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Learn the words of a file (word, or word<TAB>count[<TAB>YYYY-MM-DD] per line).",
      discussion: "Example: cheonjiin dict import words.tsv  (or - for standard input)")

    @Argument(help: ArgumentHelp("The file; - for standard input.", valueName: "FILE"))
    var file: String

    func run() throws {
      let store = try openStore(for: .writing)
      let today = localDayNumber()
      let result: WordImport
      if file == "-" {
        result = try storeCall { () throws(StorageError) in
          let source = "standard input"
          let bytes = try ProgressStore.importBytes(.standardInput, from: source)
          return try store.importWords(ProgressStore.importText(bytes, from: source), day: today)
        }
      } else {
        result = try storeCall { () throws(StorageError) in
          try store.importWords(fromFile: file, day: today)
        }
      }
      for problem in result.problems {
        printError(commandStrings.importProblem(problem, file: file))
      }
      printError(commandStrings.imported(result))
      // A count that was too large was still imported (as the maximum): reported, not failed.
      let skipped = result.problems.filter(\.isSkipped).count
      if skipped > 0 {
        printError(commandStrings.importSkipped(lines: skipped))
        throw ExitCode.dataError
      }
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the learned words as TSV, for a backup or another machine.",
      discussion: "Example: cheonjiin dict export > words.tsv")

    func run() throws {
      let store = try openStore(for: .reading)
      var output = OutputBuffer()
      output.append(try storeCall { () throws(StorageError) in try store.exportWords() })
      try output.finish()
    }
  }
}

/// Words are stored precomposed (NFC), whatever the terminal or a file sent.
private func normalized(_ word: String) -> String {
  word.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
}

/// The progress database; a failure is printed and ends the command with status 1.
///
/// A file that can only be read serves `list` and `export`; a write to it fails with the
/// reason.
private func openStore(for access: ProgressStore.Access) throws -> ProgressStore {
  try storeCall { () throws(StorageError) in try openProgressStore(for: access).store }
}

/// Runs a storage call; a failure is printed and ends the command with status 1.
private func storeCall<T>(_ body: () throws(StorageError) -> T) throws -> T {
  do {
    return try body()
  } catch {
    printError(commandStrings.storageError(error))
    throw ExitCode.failure
  }
}

/// The words of the shipped lists (corpus, forms and everyday), for deciding what `unlearn` hides.
private enum ShippedWords {
  static func load() -> Set<String> {
    let environment = ProcessInfo.processInfo.environment
    guard let directory = SuggestionSetup.lexiconDirectory(environment: environment) else {
      return []
    }
    // A missing list only means fewer words can be hidden; unlearning still works.
    let lists = SuggestionSetup.wordLists(in: directory)
    for file in lists.tooLarge {
      printError(commandStrings.wordListTooLarge(file, maximum: SuggestionSetup.maximumListBytes))
    }
    return Set((lists.corpus + lists.forms + lists.everyday).map(\.word))
  }
}
