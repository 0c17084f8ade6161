import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A newcomer's first ten minutes: one error style, help that helps, completions
/// of the ids, and the Makefile's scripts.
@Suite("A newcomer's first ten minutes")
struct NewcomerTests {
  // MARK: - One error style

  @Test(
    "a usage error reads as every other message: cheonjiin: and what is wrong, then the usage",
    arguments: [
      (["keys", "--bogus"], "cheonjiin: unknown option '--bogus'", "Usage: cheonjiin keys"),
      (["pad", "--hold-ms", "x"], "cheonjiin: the value 'x' is invalid", "Usage: cheonjiin pad"),
      (
        ["layouts", "show", "a", "b"], "cheonjiin: unexpected argument 'b'",
        "cheonjiin layouts show"
      ),
      (["--bogus"], "cheonjiin: unknown option '--bogus'", "cheonjiin <subcommand> [<options>]"),
    ])
  func usageErrorStyle(arguments: [String], start: String, usage: String) throws {
    let result = try run(arguments, environment: locale("C.UTF-8"))
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(start), "\(result.stderr)")
    #expect(result.stderr.contains(usage), "\(result.stderr)")
    #expect(!result.stderr.contains("Error:"), "\(result.stderr)")
  }

  @Test("grep's usage errors have the same style and keep grep's status, 2")
  func grepUsageError() throws {
    let result = try run(["grep", "--bogus", "ㄱ"], environment: locale("C.UTF-8"))
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("cheonjiin: unknown option '--bogus'"), "\(result.stderr)")
  }

  @Test(
    "a mistyped subcommand is named as one, with the nearest name",
    arguments: [
      ("padd", "did you mean 'pad'?"), ("grpe", "did you mean 'grep'?"),
      ("prac", "did you mean 'practice'?"), ("xyzzy", "is not a cheonjiin command"),
    ])
  func unknownSubcommand(word: String, suggestion: String) throws {
    let result = try run([word], environment: locale("C.UTF-8"))
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("cheonjiin: '\(word)' is not a cheonjiin command"),
      "\(result.stderr)")
    #expect(result.stderr.contains(suggestion), "\(result.stderr)")
    #expect(result.stderr.contains("cheonjiin <subcommand> [<options>]"))
    let korean = try run([word], environment: locale("ko_KR.UTF-8"))
    #expect(korean.stderr.hasPrefix("cheonjiin: '\(word)'라는 명령은 없어요."), "\(korean.stderr)")
  }

  @Test("help for a subcommand that does not exist fails; for one that does, it succeeds")
  func helpTopics() throws {
    let missing = try run(["help", "nosuch"], environment: locale("C.UTF-8"))
    #expect(missing.status == 64)
    #expect(missing.stdout.isEmpty)
    #expect(missing.stderr.hasPrefix("cheonjiin: no help for 'nosuch'"), "\(missing.stderr)")
    let nested = try run(["help", "layouts", "shwo"], environment: locale("C.UTF-8"))
    #expect(nested.status == 64)
    #expect(nested.stderr.contains("try 'cheonjiin help layouts show'"), "\(nested.stderr)")
    let number = try run(["help", "number"])
    #expect(number.status == 0)
    #expect(number.stdout.contains("cheonjiin number"))
    #expect(try run(["help", "layouts", "show"]).status == 0)
  }

  @Test("a number that cannot be read prints nothing on standard output, only the reason")
  func numberErrorHasNoEmptyLine() throws {
    let result = try run(["number", "abc"], environment: locale("C.UTF-8"))
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("cheonjiin: \"abc\" is not a number"), "\(result.stderr)")
  }

  // MARK: - Help

  /// Every command's path, from the binary's own description of itself.
  static func commandPaths() throws -> [[String]] {
    let dump = try run(["--experimental-dump-help"])
    let json = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8))
    func paths(_ command: [String: Any], _ prefix: [String]) -> [[String]] {
      let subcommands = command["subcommands"] as? [[String: Any]] ?? []
      return [prefix]
        + subcommands.flatMap { sub in
          paths(sub, prefix + [(sub["commandName"] as? String) ?? "?"])
        }
    }
    let root = try #require((json as? [String: Any])?["command"] as? [String: Any])
    return paths(root, [])
  }

  @Test("every --help has an example")
  func everyHelpHasAnExample() throws {
    let paths = try Self.commandPaths()
    #expect(paths.count >= 18, "\(paths)")
    for path in paths where path.last != "help" {
      let help = try run(path + ["--help"])
      #expect(help.status == 0, "\(path)")
      #expect(help.stdout.contains("Example"), "cheonjiin \(path.joined(separator: " ")) --help")
    }
  }

  // MARK: - Completions

  /// What bash completes for `line` (a command line ending where the cursor is) with the
  /// completion script the binary writes, the binary on the PATH as an installed one is.
  func bashCompletions(_ line: String) throws -> [String] {
    let script = try run(["--generate-completion-script", "bash"]).stdout
    let folder = try scratchFolder("completion")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("cheonjiin.bash").path
    try script.write(toFile: path, atomically: false, encoding: .utf8)
    let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let bash = """
      source "$1"; shift
      COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
      _cheonjiin cheonjiin "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try runProgram(
      ["/bin/bash", "-c", bash, "-", path] + words,
      environment: [
        "PATH": binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
        "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
        "CHEONJIIN_LEXICON": repositoryRoot.appendingPathComponent("Lexicon").path,
      ])
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test("completions offer the layout, keymap and lesson ids")
  func completions() throws {
    // After a subcommand: ArgumentParser's scripts complete only subcommand names and
    // --help, --version at the top level, the default subcommand's options not.
    let layouts = try bashCompletions("cheonjiin pad --layout cheonjiin-")
    #expect(layouts.contains("cheonjiin-iphone"), "\(layouts)")
    #expect(layouts.allSatisfy { $0.hasPrefix("cheonjiin-") }, "\(layouts)")
    let keymaps = try bashCompletions("cheonjiin pad --keymap ")
    #expect(Set(keymaps).isSuperset(of: ["numpad", "phone"]), "\(keymaps)")
    let lessons = try bashCompletions("cheonjiin practice --lesson ")
    #expect(lessons.count >= 10, "\(lessons)")
    let shown = try bashCompletions("cheonjiin layouts show ")
    #expect(shown.contains("cheonjiin-galaxy"), "\(shown)")
  }

  // MARK: - The Makefile's scripts

  @Test("Scripts/scratch-tmpdir.sh gives the command a temporary folder and removes it after")
  func scratchTemporaryFolder() throws {
    // A copy in a clone of its own: the script locks the clone's .build/make.lock, which the
    // `make test` running these tests holds.
    let clone = try scratchFolder("clone")
    defer { try? FileManager.default.removeItem(at: clone) }
    try FileManager.default.createDirectory(
      at: clone.appendingPathComponent("Scripts"), withIntermediateDirectories: true)
    let script = clone.appendingPathComponent("Scripts/scratch-tmpdir.sh").path
    try FileManager.default.copyItem(
      atPath: repositoryRoot.appendingPathComponent("Scripts/scratch-tmpdir.sh").path,
      toPath: script)
    let base = try scratchFolder("tmpdir")
    defer { try? FileManager.default.removeItem(at: base) }
    let result = try runProgram(
      [
        script, "/bin/sh", "-c",
        "echo \"$TMPDIR $TMUX_TMPDIR\"; touch \"$TMPDIR/left\"; mkdir \"$TMPDIR/d\";"
          + " [ -e /proc/self/fd/9 ] && echo 'the lock is open in the command'; exit 7",
      ], environment: ["TMPDIR": base.path])
    #expect(result.status == 7)
    let folders = result.stdout.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(!result.stdout.contains("lock"), "\(result.stdout)")
    #expect(folders.count == 2 && folders[0] == folders[1], "\(result.stdout)")
    #expect(folders.first?.hasPrefix(base.path + "/cheonjiin-run.") == true, "\(result.stdout)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: base.path).isEmpty)
  }

  /// Runs `command` as nobody (uid 65534), as ProgressSafetyEndToEndTests does.
  private let asNobody = [
    "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--",
  ]

  @Test(
    "install-deps.sh: a user is told to run only the apt-get line with sudo",
    .enabled(if: getuid() == 0, "becomes another user, which needs root"))
  func missingPackagesAsUser() throws {
    let script = repositoryRoot.appendingPathComponent("Scripts/install-deps.sh").path
    let result = try runProgram(
      asNobody + [script, "cheonjiin-no-such-package"],
      environment: ["PATH": "/opt/swift/usr/bin:/usr/bin:/bin"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "sudo apt-get install -y --no-install-recommends cheonjiin-no-such-package"),
      "\(result.stderr)")
    #expect(result.stderr.contains("then run make again as yourself, without sudo"))
  }

  @Test(
    "install-deps.sh: a Swift older than 6.2 first on the PATH is named, with what to do",
    arguments: [
      ("Swift version 6.0.3 (swift-6.0.3-RELEASE)", "6.0"), ("Apple Swift version 5.10.1", "5.10"),
    ])
  func oldSwift(version: String, short: String) throws {
    let folder = try scratchFolder("old-swift")
    defer { try? FileManager.default.removeItem(at: folder) }
    let swift = folder.appendingPathComponent("swift")
    try "#!/bin/sh\necho '\(version)'\n".write(to: swift, atomically: true, encoding: .utf8)
    #expect(chmod(swift.path, 0o755) == 0)
    let script = repositoryRoot.appendingPathComponent("Scripts/install-deps.sh").path
    let result = try runProgram([script], environment: ["PATH": folder.path + ":/usr/bin:/bin"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("this is Swift \(short) (\(swift.path)); cheonjiin needs Swift 6.2"),
      "\(result.stderr)")
  }

  @Test("install-deps.sh leaves nothing in TMPDIR (the Swift driver's folder for --version did)")
  func nothingLeftInTemporaryFolder() throws {
    let folder = try scratchFolder("install-deps-tmp")
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = repositoryRoot.appendingPathComponent("Scripts/install-deps.sh").path
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let result = try runProgram([script], environment: ["PATH": path, "TMPDIR": folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test(
    "install-deps.sh: root is refused in a folder that belongs to someone else",
    .enabled(if: getuid() == 0, "runs the script as root"))
  func rootInAUsersFolder() throws {
    let clone = try scratchFolder("clone")
    defer { try? FileManager.default.removeItem(at: clone) }
    let scripts = clone.appendingPathComponent("Scripts")
    try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    let script = scripts.appendingPathComponent("install-deps.sh").path
    try FileManager.default.copyItem(
      atPath: repositoryRoot.appendingPathComponent("Scripts/install-deps.sh").path, toPath: script)
    #expect(chown(clone.path, 65534, 65534) == 0)
    let result = try runProgram([script])
    #expect(result.status == 1)
    #expect(result.stderr.contains("you are root, but this folder belongs to"), "\(result.stderr)")
    #expect(chown(clone.path, 0, 0) == 0)
    #expect(try runProgram([script]).status == 0)
  }
}
