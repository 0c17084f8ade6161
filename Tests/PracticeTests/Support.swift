import Foundation
import HangulEngine
import LayoutLoading
import Practice
import Suggestions
import Testing

/// The repository root, found from this file so tests never depend on the working directory.
let repositoryRoot: String = {
  var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)  // Tests/PracticeTests/Support.swift
  return parts.joined(separator: "/")
}()

/// The shipped Galaxy layout set (Galaxy, symbols, ABC), loaded once.
let galaxyLayouts: [Layout] = {
  let library = LayoutLibrary(
    shippedDirectory: repositoryRoot + "/Layouts", userDirectory: "/nonexistent/cheonjiin-test")
  do {
    return try library.loadSet("cheonjiin-galaxy").map(\.layout)
  } catch {
    Issue.record("cannot load the shipped layouts: \(error)")
    return []
  }
}()

/// A user at the keypad: an engine with its text, a practice session and a clock that moves
/// only when told.
struct Learner {
  var session: PracticeSession
  var engine: Typist<TextBuffer>
  var now: Milliseconds
  /// Milliseconds between presses in ``type(_:)``.
  var interval: Milliseconds = 500
  var outcomes: [PressOutcome] = []

  init(
    lessonID: String = "test", mastery: [KeyRef: KeyStats] = [:], policy: CuePolicy = .gentle,
    at start: Milliseconds = 1_000
  ) {
    session = PracticeSession(
      layouts: galaxyLayouts, lessonID: lessonID, mastery: mastery, policy: policy)
    engine = Typist(layouts: galaxyLayouts)
    now = start
  }

  /// Starts an item with a plain text answer.
  mutating func start(_ text: String, reviews: Int = 0) throws {
    try start(PracticeItem(lessonID: "test", text: text), reviews: reviews)
  }

  mutating func start(_ item: PracticeItem, reviews: Int = 0) throws {
    engine = try session.start(item, at: now, reviews: reviews)
  }

  /// Presses a key sequence in the vectors' notation (`ㅇㅣㆍㄴ_`, `<`, `<hold:4>`), one press
  /// every ``interval`` ms, reporting each to the session.
  mutating func type(_ sequence: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for placed in try KeySequence.parse(sequence) {
      let (key, isHold) = try KeyResolver(layout: engine.layout).resolve(placed.token)
      press(KeyPress(layout: engine.layoutIndex, key: key, isHold: isHold))
    }
  }

  /// Presses one key and reports it.
  mutating func press(_ press: KeyPress) {
    now += interval
    _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
    outcomes.append(session.record(press, engine: engine, at: now))
  }

  /// Presses whatever the cue says, once.
  mutating func followCue() -> Bool {
    guard let cue = session.cue else { return false }
    press(KeyPress(layout: cue.layout, key: cue.key, isHold: cue.isHold))
    return true
  }

  /// Lets time pass without a press.
  mutating func wait(_ milliseconds: Milliseconds) {
    now += milliseconds
  }

  /// The marks as a string of ✓ ✗ ·.
  var marks: String { String(session.marks.map(\.mark)) }
}

/// The key a notation token stands for on the Galaxy layout.
func galaxyKey(_ notation: String) throws -> (key: Int, isHold: Bool) {
  let tokens = try KeySequence.parse(notation)
  let token = try #require(tokens.first).token
  return try KeyResolver(layout: galaxyLayouts[0]).resolve(token)
}

/// The ref of a Galaxy key by id.
func galaxyRef(_ id: String) -> KeyRef {
  KeyRef(layoutID: "cheonjiin-galaxy", keyID: id)
}

/// The contents of a UTF-8 text file, or `nil` when it is missing or unreadable; the caller
/// decides whether that fails its test.
func readTextFile(_ path: String) -> String? {
  try? String(contentsOfFile: path, encoding: .utf8)
}

/// The items of `Lexicon/practice-words-ko.txt`, the reviewed practice list.
let shippedPracticeWords: [String] = {
  let items = AdaptiveVocabulary.parseList(
    readTextFile(repositoryRoot + "/Lexicon/practice-words-ko.txt") ?? "")
  if items.isEmpty { Issue.record("Lexicon/practice-words-ko.txt is missing") }
  return items
}()

/// The adaptive round's vocabulary from the shipped lists, as `cheonjiin practice` builds it.
let shippedVocabulary: AdaptiveVocabulary = {
  let lexicon = repositoryRoot + "/Lexicon/"
  let corpus = Lexicon.parseCorpus(readTextFile(lexicon + "ko-words.tsv") ?? "").entries
  let everyday = Lexicon.parseEveryday(readTextFile(lexicon + "everyday-ko.tsv") ?? "").entries
  if corpus.isEmpty || everyday.isEmpty { Issue.record("the shipped word lists are missing") }
  return AdaptiveVocabulary(
    practiceWords: shippedPracticeWords, corpus: corpus, everyday: everyday,
    blocked: shippedBlockedWords)
}()

/// `Lexicon/practice-blocked-ko.txt`, the words practice never offers.
let shippedBlockedWords: BlockedWords = {
  let text = readTextFile(repositoryRoot + "/Lexicon/practice-blocked-ko.txt") ?? ""
  if text.isEmpty { Issue.record("Lexicon/practice-blocked-ko.txt is missing") }
  return BlockedWords(parsing: text)
}()
