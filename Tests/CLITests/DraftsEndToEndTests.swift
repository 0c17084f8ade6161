import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Nothing typed is lost, and nothing said about it is untrue: the real
/// keypad on a pty, with its state in a folder of its own.
@Suite("Drafts, kept texts and what the pad says about them, end to end", .serialized)
struct DraftsEndToEndTests {
  struct Run {
    var status: Int?
    var missed: [String]
    var outputTail: String
    var stdout: String
    var stderr: String
  }

  /// A state folder (`XDG_STATE_HOME`) and a config folder of the test's own.
  struct Home {
    let root: URL
    var state: URL { root.appendingPathComponent("state") }
    var draftFolder: URL { state.appendingPathComponent("cheonjiin") }
    var draft: URL { draftFolder.appendingPathComponent("draft.txt") }
    var history: URL { draftFolder.appendingPathComponent("history") }
    var config: URL { root.appendingPathComponent("config") }

    init() throws {
      root = try scratchFolder("drafts")
      try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    }

    /// The texts kept in the history, newest first.
    func kept() -> [String] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: history.path)) ?? []
      return names.sorted(by: >).compactMap {
        try? String(contentsOf: history.appendingPathComponent($0), encoding: .utf8)
      }
    }

    /// `cheonjiin ARGS` with this state.
    func command(_ arguments: [String]) throws -> RunResult {
      try CLITests.run(
        arguments, environment: ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"])
    }
  }

  /// Runs the keypad on a pty: `stdout` is a file path, "tty" or "closed".
  static func run(
    _ steps: [[String: Any]], home: Home, arguments: [String] = ["--no-suggestions"],
    stdout: String? = nil, environment: [String: String] = [:], prefix: [String] = []
  ) throws -> Run {
    let output = home.root.appendingPathComponent("stdout-\(UUID().uuidString.prefix(6)).txt")
    let errors = home.root.appendingPathComponent("stderr-\(UUID().uuidString.prefix(6)).txt")
    let script = String(
      decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
    let harness = repositoryRoot.appendingPathComponent("Tests/CLITests/Harness/ptyterm.py").path
    var command = [
      "python3", harness, "--kitty", "--rows", "30", "--cols", "80",
      "--stdout", stdout ?? output.path, "--stderr", errors.path, "--script", script, "--",
    ]
    command +=
      prefix + [
        "env", "LANG=C.UTF-8", "TERM=xterm-256color",
        "CHEONJIIN_LAYOUTS=" + repositoryRoot.appendingPathComponent("Layouts").path,
        "XDG_STATE_HOME=" + home.state.path, "XDG_CONFIG_HOME=" + home.config.path,
        "XDG_DATA_HOME=" + home.root.appendingPathComponent("data").path,
      ]
    command += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    command += [binary.path] + arguments
    let result = try runProgram(["/usr/bin/env"] + command)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(result.stdout)\(result.stderr)")
    return Run(
      status: json["status"] as? Int, missed: json["missed"] as? [String] ?? [],
      outputTail: json["output_tail"] as? String ?? "",
      stdout: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
  }

  /// 가 on the numpad keymap (KP4 ㄱ, KP7 ㅣ, KP8 ㆍ), as a kitty terminal sends the keys.
  static var typeGa: [[String: Any]] { SafetyEndToEndTests.typeGa }
  static var escape: [[String: Any]] { [["send": "\u{1B}"], ["wait": 300]] }

  // MARK: - Declining never deletes

  @Test("Esc at “continue?” twice keeps both earlier drafts; drafts lists and shows them")
  func declineTwice() throws {
    let home = try Home()
    for text in ["안", "할머니 생신"] {
      try FileManager.default.createDirectory(
        at: home.draftFolder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: home.draft)
      let run = try Self.run(
        [["until": "Continue"]] + Self.escape + [["until": "kept with your drafts"]]
          + Self.escape,
        home: home)
      #expect(run.missed.isEmpty, "\(run.missed)")
      #expect(run.status == 0)
    }
    #expect(home.kept() == ["할머니 생신", "안"])
    let list = try home.command(["drafts"])
    #expect(list.status == 0)
    #expect(list.stdout.split(separator: "\n").count == 2)
    #expect(list.stdout.contains("1\t") && list.stdout.contains("할머니 생신"))
    #expect(try home.command(["drafts", "show", "2"]).stdout == "안\n")
    // Taking it back: the pad offers it again.
    #expect(try home.command(["drafts", "restore", "2"]).status == 0)
    #expect(try String(contentsOf: home.draft, encoding: .utf8) == "안")
    let unknown = try home.command(["drafts", "show", "9"])
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("numbered 1 to 1"))
    #expect(try home.command(["drafts", "remove", "1"]).status == 0)
    #expect(home.kept().isEmpty)
    let rest = try home.command(["drafts"])
    #expect(rest.stdout.isEmpty)
    #expect(rest.stderr.contains("the draft (offered when the keypad starts)"))
  }

  @Test("every finished message is kept too, and the pad's output stays exact")
  func finishedKept() throws {
    let home = try Home()
    let run = try Self.run([["until": "F1"]] + Self.typeGa + Self.escape, home: home)
    #expect(run.status == 0)
    #expect(run.stdout == "가\n")
    #expect(home.kept() == ["가"])
    #expect(try home.command(["drafts", "list"]).stdout.contains("\tsent\t가"))
  }

  // MARK: - A destination that cannot be confirmed

  @Test("--clipboard on the terminal: the text is kept and the pad says where before it closes")
  func clipboardOnly() throws {
    let home = try Home()
    let run = try Self.run(
      [["until": "F1"]] + Self.typeGa + Self.escape + [
        ["until": "clipboard,"], ["until": "again:"], ["wait": 300],
        ["send": "x"], ["wait": 300],
      ],
      home: home, arguments: ["--no-suggestions", "--clipboard"], stdout: "tty")
    #expect(run.missed.isEmpty, "\(run.missed)")
    #expect(run.status == 0)
    #expect(run.outputTail.contains("\u{1B}]52;c;6rCA"))  // 가, base64, still sent
    #expect(home.kept() == ["가"])
    #expect(try home.command(["drafts"]).stdout.contains("unconfirmed"))
  }

  @Test("--clipboard with --output FILE: the file confirms it, Esc closes at once")
  func clipboardWithFile() throws {
    let home = try Home()
    let file = home.root.appendingPathComponent("out.txt")
    let run = try Self.run(
      [["until": "F1"]] + Self.typeGa + Self.escape, home: home,
      arguments: ["--no-suggestions", "--clipboard", "--output", file.path], stdout: "tty")
    #expect(run.status == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == "가\n")
  }

  // MARK: - Standard output on a full disk

  @Test("stdout on a full disk, draft saved: one message, and it is true")
  func fullStdout() throws {
    let home = try Home()
    let run = try Self.run(
      [["until": "F1"]] + Self.typeGa + Self.escape, home: home, stdout: "/dev/full")
    #expect(run.status == 1)
    #expect(try String(contentsOf: home.draft, encoding: .utf8) == "가")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("kept as the draft \(home.draft.path)"))
  }

  @Test("stdout on a full disk and the draft unsaveable: one message, then the text")
  func fullStdoutNoDraft() throws {
    let home = try Home()
    // The state folder's parent is a file: nothing can be made under it.
    let blocker = home.root.appendingPathComponent("blocker")
    try Data("x".utf8).write(to: blocker)
    let run = try Self.run(
      [["until": "F1"]] + Self.typeGa + Self.escape, home: home, stdout: "/dev/full",
      environment: ["XDG_STATE_HOME": blocker.appendingPathComponent("state").path])
    #expect(run.status == 1)
    #expect(!run.stderr.contains("kept"), "\(run.stderr)")
    #expect(run.stderr.contains("nor save it as the draft"))
    #expect(run.stderr.hasSuffix("here it is:\n가\n"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 2, "\(run.stderr)")
  }

  // MARK: - Odd things at the draft's path

  @Test("a FIFO at the draft's path: the pad draws, says so, and the text is printed at the end")
  func fifoAtDraft() throws {
    let home = try Home()
    try FileManager.default.createDirectory(at: home.draftFolder, withIntermediateDirectories: true)
    #expect(mkfifo(home.draft.path, 0o600) == 0)
    let run = try Self.run(
      [["until": "F1"], ["until": "FIFO"]] + Self.typeGa + [["send": "\u{03}"], ["wait": 300]],
      home: home)
    #expect(run.missed.isEmpty, "\(run.missed)")
    #expect(run.status == 130)
    #expect(run.stderr.contains("FIFO"))
    #expect(run.stderr.hasSuffix("가\n"), "\(run.stderr)")
    var status = stat()
    #expect(lstat(home.draft.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test("a folder named draft.txt is left whole, never renamed .large nor removed")
  func folderAtDraft() throws {
    let home = try Home()
    let inside = home.draft.appendingPathComponent("notes.txt")
    try FileManager.default.createDirectory(at: home.draft, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: inside)
    let run = try Self.run(
      [["until": "F1"], ["until": "a folder"]] + Self.typeGa + Self.escape, home: home)
    #expect(run.missed.isEmpty, "\(run.missed)")
    #expect(run.status == 0)
    #expect(run.stdout == "가\n")
    #expect(try String(contentsOf: inside, encoding: .utf8) == "mine")
    #expect(!FileManager.default.fileExists(atPath: home.draft.path + ".large"))
    let cancelled = try Self.run(
      [["until": "F1"]] + Self.typeGa + [["send": "\u{03}"], ["wait": 300]], home: home)
    #expect(cancelled.status == 130)
    #expect(cancelled.stderr.hasSuffix("here it is:\n가\n"), "\(cancelled.stderr)")
    #expect(try String(contentsOf: inside, encoding: .utf8) == "mine")
  }

  @Test(
    "a draft folder made 0500 stays 0500: the pad says drafts are not saved, and prints the text")
  func readOnlyDraftFolder() throws {
    let home = try Home()
    try FileManager.default.createDirectory(at: home.draftFolder, withIntermediateDirectories: true)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o500], ofItemAtPath: home.draftFolder.path)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o700], ofItemAtPath: home.draftFolder.path)
    }
    let run = try Self.run(
      [["until": "F1"], ["until": "read-only"]] + Self.typeGa + [["wait": 800]]
        + [["send": "\u{03}"], ["wait": 300]],
      home: home)
    #expect(run.missed.isEmpty, "\(run.missed)")
    #expect(run.status == 130)
    let mode = try FileManager.default.attributesOfItem(atPath: home.draftFolder.path)[
      .posixPermissions]
    #expect((mode as? Int) == 0o500)
    #expect(!FileManager.default.fileExists(atPath: home.draft.path))
    #expect(run.stderr.hasSuffix("가\n"), "\(run.stderr)")
  }

  // MARK: - Two pads, an unreadable draft, steady typing, a FIFO nobody reads

  /// 니 on the numpad keymap (KP5 ㄴ, KP7 ㅣ).
  static var typeNi: [[String: Any]] {
    [57404, 57406].flatMap { code -> [[String: Any]] in
      [["send": "\u{1B}[\(code);129u"], ["send": "\u{1B}[\(code);129:3u"], ["wait": 40]]
    } + [["wait": 100]]
  }

  /// Pad A types 가 and cancels; pad B, started while A is open, types 니 and ends with
  /// `end` (Esc or Ctrl-C) after A is gone.
  ///
  /// A types only once B shows its pad (B's harness touches a file A's waits for): with a fixed
  /// wait instead, a B slow to start on a loaded machine found A already gone and took its draft.
  static func twoPads(home: Home, end: String) async throws -> (a: Run, b: Run) {
    let bIsOpen = home.root.appendingPathComponent("b-is-open").path
    let first = Task.detached {
      try Self.run(
        [["until": "F1"], ["until_file": bIsOpen]] + Self.typeGa
          + [["send": "\u{03}"], ["wait": 300]],
        home: home)
    }
    // B starts once A holds the draft (its lock file is there): on a busy machine A's start
    // can take seconds, and a B started first would hold the draft itself.
    let lock = home.draft.path + ".lock"
    for _ in 0..<1_000 where !FileManager.default.fileExists(atPath: lock) {
      try await Task.sleep(for: .milliseconds(20))
    }
    try #require(FileManager.default.fileExists(atPath: lock), "pad A never took the draft")
    let second = try Self.run(
      [["until": "F1"], ["touch": bIsOpen], ["wait": 3_500]] + Self.typeNi
        + [["send": end], ["wait": 400]],
      home: home)
    return (try await first.value, second)
  }

  /// The drafts pads wrote apart (`draft-PID.txt`), by name.
  static func draftsApart(_ home: Home) -> [String: String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: home.draftFolder.path)) ?? []
    var texts: [String: String] = [:]
    for name in names where name.hasPrefix("draft-") && name.hasSuffix(".txt") {
      texts[name] = try? String(
        contentsOf: home.draftFolder.appendingPathComponent(name), encoding: .utf8)
    }
    return texts
  }

  @Test("two pads: A cancels with 가, B finishes with 니 — 가 stays the draft, 니 went out and is kept")
  func twoPadsOneFinishes() async throws {
    let home = try Home()
    let (a, b) = try await Self.twoPads(home: home, end: "\u{1B}")
    #expect(a.status == 130)
    #expect(a.stderr.contains("saved as a draft"), "\(a.stderr)")
    #expect(b.status == 0)
    #expect(b.stdout == "니\n")
    #expect(b.stderr.contains("another keypad is open"), "\(b.stderr)")
    #expect(try String(contentsOf: home.draft, encoding: .utf8) == "가")
    #expect(home.kept() == ["니"])
    #expect(Self.draftsApart(home).isEmpty)
  }

  @Test("two pads that both cancel: each text is kept, drafts lists both, the next pad keeps B's")
  func twoPadsBothCancel() async throws {
    let home = try Home()
    let (a, b) = try await Self.twoPads(home: home, end: "\u{03}")
    #expect(a.status == 130)
    #expect(b.status == 130)
    #expect(
      try String(contentsOf: home.draft, encoding: .utf8) == "가", "\(a.stderr)\n\(b.stderr)")
    let apart = Self.draftsApart(home)
    #expect(Array(apart.values) == ["니"])
    let path = home.draftFolder.appendingPathComponent(apart.keys.first ?? "").path
    #expect(b.stderr.contains("saved as \(path)"), "\(b.stderr)")
    let listed = try home.command(["drafts"])
    #expect(listed.stderr.contains("가") && listed.stderr.contains("니"), "\(listed.stderr)")
    // The next pad offers 가 and keeps 니 with the drafts.
    let next = try Self.run(
      [["until": "Continue"], ["send": "\u{03}"], ["wait": 300]], home: home)
    #expect(next.status == 130)
    #expect(try String(contentsOf: home.draft, encoding: .utf8) == "가")
    #expect(home.kept() == ["니"])
    #expect(Self.draftsApart(home).isEmpty)
  }

  @Test("a draft the user cannot read is left as it is and said; the new text is saved apart")
  func unreadableDraft() throws {
    let home = try Home()
    try FileManager.default.createDirectory(at: home.draftFolder, withIntermediateDirectories: true)
    try Data("지난 글".utf8).write(to: home.draft)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: home.draft.path)
    // Root reads every file; in a user namespace of its own it has no such power, as a user
    // after `sudo` has none over root's 0600 draft.
    let run = try Self.run(
      [["until": "F1"]] + Self.typeGa + [["send": "\u{03}"], ["wait": 300]], home: home,
      prefix: geteuid() == 0 ? ["unshare", "--user"] : [])
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: home.draft.path)
    #expect(run.status == 130)
    #expect(run.stderr.contains("cannot read the draft \(home.draft.path)"), "\(run.stderr)")
    #expect(try String(contentsOf: home.draft, encoding: .utf8) == "지난 글")
    let apart = Self.draftsApart(home)
    #expect(Array(apart.values) == ["가"])
    let path = home.draftFolder.appendingPathComponent(apart.keys.first ?? "").path
    #expect(run.stderr.contains("saved as \(path)"), "\(run.stderr)")
  }

  @Test("a key every 300 ms for 6 s, then kill -9: the draft is at most 2 s behind")
  func killedWhileTyping() throws {
    let home = try Home()
    // KP4 and KP7 in turn: ㄱ, 기, 긱, 기기, … one 기 for every two keys, never a 500 ms pause.
    let keys = (0..<20).flatMap { index -> [[String: Any]] in
      let code = index.isMultiple(of: 2) ? 57403 : 57406
      return [["send": "\u{1B}[\(code);129u"], ["send": "\u{1B}[\(code);129:3u"], ["wait": 300]]
    }
    let run = try Self.run([["until": "F1"]] + keys + [["signal": "KILL"]], home: home)
    #expect(run.status == -9)
    let draft = (try? String(contentsOf: home.draft, encoding: .utf8)) ?? ""
    // The last 2 s hold at most 7 of the 20 keys: at least 13 are saved, 6 syllables.
    #expect(draft.filter { $0 == "기" }.count >= 6, "draft: \(draft.debugDescription)")
  }

  @Test("a pad's start removes the empty temporaries of ended pads' saves, keeps those with text")
  func unfinishedSaves() throws {
    let home = try Home()
    try FileManager.default.createDirectory(at: home.draftFolder, withIntermediateDirectories: true)
    // Int32.max: a process id nothing runs as; the test's own process runs.
    let ended = home.draftFolder.appendingPathComponent(".draft-\(Int32.max)-1.tmp")
    let endedWithText = home.draftFolder.appendingPathComponent(".draft-\(Int32.max)-2.tmp")
    let running = home.draftFolder.appendingPathComponent(".draft-\(getpid())-1.tmp")
    let other = home.draftFolder.appendingPathComponent(".draft-notes.tmp")
    for (file, text) in [(ended, ""), (endedWithText, "가나"), (running, ""), (other, "")] {
      try Data(text.utf8).write(to: file)
    }
    let run = try Self.run([["until": "F1"]] + Self.escape, home: home)
    #expect(run.status == 0)
    #expect(!FileManager.default.fileExists(atPath: ended.path))
    #expect(!FileManager.default.fileExists(atPath: endedWithText.path))
    #expect(home.kept() == ["가나"])
    #expect(FileManager.default.fileExists(atPath: running.path))
    #expect(FileManager.default.fileExists(atPath: other.path))
  }

  @Test("--output names a FIFO nothing reads: the pad does not hang, prints the text and keeps it")
  func outputFifoUnread() throws {
    let home = try Home()
    let fifo = home.root.appendingPathComponent("out.fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let run = try Self.run(
      [["until": "F1"]] + Self.typeGa + Self.escape, home: home,
      arguments: ["--no-suggestions", "--output", fifo.path])
    #expect(run.status == 0)
    #expect(run.stdout == "가\n")
    #expect(run.stderr.contains("nothing reads the FIFO \(fifo.path)"), "\(run.stderr)")
    #expect(home.kept() == ["가"])
  }

  // MARK: - A broken keymap nobody chose

  @Test("a broken keymap file nobody chose is reported and skipped; the pad starts")
  func brokenKeymapSkipped() throws {
    let home = try Home()
    let keymaps = home.config.appendingPathComponent("cheonjiin/keymaps")
    try FileManager.default.createDirectory(at: keymaps, withIntermediateDirectories: true)
    try Data(#"{"id": "mine", "name": "x", "bindings": {"KP7": 1}}"#.utf8)
      .write(to: keymaps.appendingPathComponent("mine.json"))
    let run = try Self.run([["until": "F1"]] + Self.typeGa + Self.escape, home: home)
    #expect(run.missed.isEmpty, "\(run.missed)")
    #expect(run.status == 0)
    #expect(run.stdout == "가\n")
    #expect(run.stderr.contains("mine.json"))
    #expect(run.stderr.contains("bindings.KP7"))
  }

  // MARK: - Learned words past the keypad's bound

  @Test(
    "dict import of more words than the pad holds keeps them all, says so, and the pad keeps them")
  func importPastTheBound() throws {
    let home = try Home()
    let data = ["XDG_DATA_HOME": home.root.appendingPathComponent("data").path, "LANG": "C.UTF-8"]
    // 6,000 distinct words of two syllables, 1,000 more than the pad holds.
    let syllables = (0..<100).map { String(UnicodeScalar(0xAC00 + $0 * 28) ?? "가") }
    let words = (0..<6_000).map { syllables[$0 / 100 % 60] + syllables[$0 % 100] }
    #expect(Set(words).count == 6_000)
    let imported = try CLITests.run(
      ["dict", "import", "-"], input: words.joined(separator: "\n") + "\n", environment: data)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("all 6000 learned words are kept"), "\(imported.stderr)")
    #expect(imported.stderr.contains("5000"))
    let run = try Self.run(
      [["until": "F1"], ["wait": 3_000]] + Self.escape, home: home, arguments: [],
      environment: data)
    #expect(run.status == 0)
    let listed = try CLITests.run(["dict", "list"], environment: data)
    #expect(listed.stdout.split(separator: "\n").count == 6_000)
  }
}
