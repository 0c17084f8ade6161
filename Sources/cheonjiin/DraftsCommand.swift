import ArgumentParser
import Drafts
import Foundation
import TerminalUI
import Typing

struct DraftsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "drafts",
    abstract: "List the texts kept for you, print one, or take one back into the keypad.",
    discussion: """
      Nothing typed on the keypad is thrown away by a wrong key: a draft you decline at \
      "continue with it?", every finished message, and text sent only to the clipboard are \
      kept in $XDG_STATE_HOME/cheonjiin/history (the newest \(DraftHistory.maximumEntries), \
      at most \(DraftHistory.maximumTotalBytes >> 20) MB in all; files readable by you only). \
      --no-draft keeps nothing.
      Examples:
        cheonjiin drafts              list them, newest first (1 is the newest)
        cheonjiin drafts show 2       print text 2
        cheonjiin drafts restore 2    make text 2 the draft: the keypad offers it next time
        cheonjiin drafts remove 2 3   remove texts 2 and 3
      """,
    subcommands: [List.self, Show.self, Restore.self, Remove.self],
    defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the kept texts: number, time, kind, first line (newest first).",
      discussion: "Example: cheonjiin drafts list")

    func run() throws {
      let store = DraftStore.standard()
      store.adoptLegacySlot()  // a draft.txt.old of an earlier version joins the list
      let entries = store.history.entries()
      let draft = store.peek()
      if let draft {
        printError(commandStrings.currentDraft(preview(draft), path: store.path))
      }
      // Drafts of pads that ran beside another: the next pad keeps them in the history.
      let apart = store.draftsApart().compactMap { kept in
        kept.store.peek().map { (text: $0, path: kept.store.path) }
      }
      for (text, path) in apart {
        printError(commandStrings.otherDraft(preview(text), path: path))
      }
      var output = OutputBuffer()
      for (index, entry) in entries.enumerated() {
        let text = (try? store.history.text(of: entry).get()) ?? ""
        output.append(
          "\(index + 1)\t\(localTime(entry.date))\t\(commandStrings.name(of: entry.kind))"
            + "\t\(preview(text))\n")
      }
      try output.finish()
      if entries.isEmpty {
        if draft == nil, apart.isEmpty { printError(commandStrings.noDrafts) }
      } else {
        printError(commandStrings.draftsHint(count: entries.count))
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a kept text to standard output, as the keypad prints it.",
      discussion: "Example: cheonjiin drafts show 2 > message.txt")

    @Argument(help: "Its number in the list (1 is the newest).")
    var number: Int

    func run() throws {
      let history = DraftStore.standard().history
      let entry = try pick(number, from: history.entries())
      let text = try succeeded(history.text(of: entry))
      var output = OutputBuffer()
      output.append(text + "\n")
      try output.finish()
    }
  }

  struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a kept text the draft again: the keypad offers it when it starts.",
      discussion: "Example: cheonjiin drafts restore 2, then cheonjiin")

    @Argument(help: "Its number in the list (1 is the newest).")
    var number: Int

    func run() throws {
      let store = DraftStore.standard()
      let entry = try pick(number, from: store.history.entries())
      let earlier = try succeeded(store.restore(entry))
      printError(commandStrings.restored(number, asideTo: earlier))
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove kept texts for good.",
      discussion: "Example: cheonjiin drafts remove 2 3")

    @Argument(help: "Their numbers in the list (1 is the newest).")
    var numbers: [Int]

    func run() throws {
      let history = DraftStore.standard().history
      let entries = history.entries()
      // All numbers are checked first: the list renumbers once one goes.
      let chosen = try numbers.map { try pick($0, from: entries) }
      var removed = 0
      for entry in Set(chosen) {
        if let problem = history.remove(entry) {
          printError(commandStrings.message(problem))
        } else {
          removed += 1
        }
      }
      printError(commandStrings.removedDrafts(removed))
      if removed < Set(chosen).count { throw ExitCode.failure }
    }
  }
}

/// Entry `number` (1 is the newest) of `entries`; a number outside the list is a usage error
/// that says what the numbers are.
private func pick(_ number: Int, from entries: [DraftHistory.Entry]) throws
  -> DraftHistory.Entry
{
  guard number >= 1, number <= entries.count else {
    printError(commandStrings.noSuchDraft(number, count: entries.count))
    throw ExitCode.validationFailure
  }
  return entries[number - 1]
}

/// What `result` holds; its problem is said and the command fails.
private func succeeded<Success>(_ result: Result<Success, OutputProblem>) throws -> Success {
  switch result {
  case .success(let value):
    return value
  case .failure(let problem):
    printError(commandStrings.message(problem))
    throw ExitCode.failure
  }
}

/// The first line of a text, cut at 40 characters, with control characters shown as `\u{…}`
/// so that a kept text cannot drive the terminal it is listed on.
private func preview(_ text: String) -> String {
  let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  let first = lines.first.map(String.init) ?? ""
  var shown = first.count > 40 ? String(first.prefix(40)) + "…" : first
  if lines.count > 1 && !shown.hasSuffix("…") { shown += " …" }
  return terminalSafe(shown)
}

/// `YYYY-MM-DD HH:MM` in the local time zone.
private func localTime(_ date: Date) -> String {
  let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
  func two(_ value: Int?) -> String {
    let value = value ?? 0
    return value < 10 ? "0\(value)" : "\(value)"
  }
  return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) "
    + "\(two(parts.hour)):\(two(parts.minute))"
}
