import Foundation
import Testing

@Suite("cheonjiin grep (the real binary)")
struct GrepCommandTests {
  static let text = "까마귀가 날아요\n비둘기\n감사합니다!\n꼭 와\nHello World\n"

  @Test("an initial-consonant query finds the word, tense letters folded")
  func initials() throws {
    let result = try run(["grep", "ㄱㅁㄱ"], input: Self.text)
    #expect(result.status == 0)
    #expect(result.stdout == "까마귀가 날아요\n")
    #expect(
      try run(["grep", "-n", "ㄱ"], input: Self.text).stdout == "1:까마귀가 날아요\n3:감사합니다!\n4:꼭 와\n")
    #expect(try run(["grep", "--exact", "ㄱ"], input: Self.text).stdout == "감사합니다!\n")
  }

  @Test("a keypad query matches a half-typed word; -o prints the words")
  func keypadQuery() throws {
    let result = try run(["grep", "-o", "감ㅅ"], input: Self.text)
    #expect(result.stdout == "감사합니다\n")
  }

  @Test("-c, -v, -i, -m and -q behave as in grep")
  func grepOptions() throws {
    #expect(try run(["grep", "-c", "ㄱ"], input: Self.text).stdout == "3\n")
    #expect(try run(["grep", "-v", "ㄱ"], input: Self.text).stdout == "비둘기\nHello World\n")
    #expect(try run(["grep", "-i", "hello"], input: Self.text).stdout == "Hello World\n")
    #expect(try run(["grep", "-m", "1", "ㄱ"], input: Self.text).stdout == "까마귀가 날아요\n")
    let quiet = try run(["grep", "-q", "ㄱ"], input: Self.text)
    #expect(quiet.status == 0)
    #expect(quiet.stdout.isEmpty)
  }

  @Test("files: names before lines with two files, -h drops them; exit 1 when nothing matches")
  func files() throws {
    let folder = scratchDirectory.appendingPathComponent(
      "cheonjiin-grep-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("a.txt").path
    let second = folder.appendingPathComponent("b.txt").path
    try Self.text.write(toFile: first, atomically: true, encoding: .utf8)
    try "까치\n".write(toFile: second, atomically: true, encoding: .utf8)
    let both = try run(["grep", "ㄲ", first, second])
    #expect(both.stdout == "\(first):까마귀가 날아요\n\(first):감사합니다!\n\(first):꼭 와\n\(second):까치\n")
    #expect(try run(["grep", "-h", "ㄲㅊ", first, second]).stdout == "까치\n")
    let none = try run(["grep", "ㅎㅎㅎ", first])
    #expect(none.status == 1)
    #expect(none.stdout.isEmpty)
  }

  @Test("a missing file and a bad query exit 2 with a message; the other files are still read")
  func trouble() throws {
    let missing = try run(["grep", "ㄱ", "/nonexistent/cheonjiin.txt", "-"], input: "가방\n")
    #expect(missing.status == 2)
    #expect(missing.stdout == "(standard input):가방\n")
    #expect(missing.stderr.contains("/nonexistent/cheonjiin.txt: No such file or directory"))
    let empty = try run(["grep", "!!"], input: "가방\n")
    #expect(empty.status == 2)
    #expect(empty.stderr.contains("the query is empty"))
  }
}

/// A fresh folder for one test.
private struct Folder {
  let path: String

  init() throws {
    path =
      scratchDirectory
      .appendingPathComponent("cheonjiin-grep-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` (which may hold folders) and returns its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let file = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  func link(_ name: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: path + "/" + name, withDestinationPath: destination)
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The options and exit statuses added for the audit of `cheonjiin grep`.
///
/// Expected outputs were checked with GNU grep 3.8 on the same files (with `^가` for `ㄱ`).
@Suite("cheonjiin grep: grep's options and exit statuses (the real binary)")
struct GrepEndToEndTests {
  // MARK: - Usage errors

  @Test(
    "usage errors exit 2 with the message in the style of every command's",
    arguments: [
      (["grep", "--bogus", "ㄱ"], "cheonjiin: unknown option '--bogus'"),
      (["grep"], "cheonjiin: missing the query; write one"),
      (["grep", "-m", "x", "ㄱ"], "cheonjiin: the value 'x' is invalid for '-m <NUM>'"),
      (["grep", "--max-count=-1", "ㄱ"], "cheonjiin: -m -1 is negative; give 0 or more"),
      (["grep", "-H", "-h", "ㄱ"], "cheonjiin: -H and -h contradict each other"),
    ])
  func usageErrors(_ arguments: [String], _ message: String) throws {
    let result = try run(arguments, input: "가\n")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(message))
    #expect(result.stderr.contains("Usage: cheonjiin grep [<options>]"))
  }

  @Test("only grep maps its usage errors to 2: other commands keep ArgumentParser's 64")
  func otherCommandsUnchanged() throws {
    #expect(try run(["grep", "-A", "x", "ㄱ"]).status == 2)
    let keys = try run(["keys", "--bogus"])
    #expect(keys.status == 64)
    #expect(keys.stderr.hasPrefix("cheonjiin: unknown option '--bogus'"))
    #expect(try run(["stats", "--days", "x"]).status == 64)
    #expect(try run(["spell"]).status == 64)
    let help = try run(["grep", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: cheonjiin grep"))
  }

  // MARK: - -l, -L, -e

  @Test("-l and -L print file names; -L exits 0 only when some line was selected, as grep 3.8")
  func fileLists() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let with = try folder.write("하나\n감사\n가방\n", to: "with.txt")
    let without = try folder.write("하나\n둘\n", to: "without.txt")
    let listed = try run(["grep", "-l", "ㄱ", with, without])
    #expect(listed.status == 0)
    #expect(listed.stdout == "\(with)\n")
    let unlisted = try run(["grep", "-L", "ㄱ", with, without])
    #expect(unlisted.status == 0)
    #expect(unlisted.stdout == "\(without)\n")
    let alone = try run(["grep", "--files-without-match", "ㄱ", without])
    #expect(alone.status == 1)
    #expect(alone.stdout == "\(without)\n")
    #expect(try run(["grep", "-l", "ㄱ"], input: "가\n").stdout == "(standard input)\n")
    // The last of -l and -L wins, and either wins over -c, as in grep.
    #expect(try run(["grep", "-c", "-L", "-l", "ㄱ", with, without]).stdout == "\(with)\n")
  }

  @Test(
    "-e takes a query that starts with -; given twice, a line matches either; every argument is then a file"
  )
  func explicitQueries() throws {
    let result = try run(["grep", "-n", "-e", "-감사", "-e", "ㅎㄴ"], input: "감사해요\n하나\n둘\n")
    #expect(result.status == 0)
    #expect(result.stdout == "1:감사해요\n2:하나\n")
    let folder = try Folder()
    defer { folder.remove() }
    let file = try folder.write("가방\n", to: "a.txt")
    #expect(try run(["grep", "-eㄱ", file]).stdout == "가방\n")
  }

  // MARK: - -r

  @Test("-r searches the files under a directory in name order, skipping symbolic links inside")
  func recursive() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.write("감사\n나무\n", to: "root/a/c.txt")
    try folder.write("가방\n", to: "root/b.txt")
    try folder.write("나무\n", to: "root/z.txt")
    try folder.link("root/link.txt", to: "b.txt")
    try folder.link("root/linkdir", to: "a")
    let root = folder.path + "/root"
    let result = try run(["grep", "-r", "ㄱ", root])
    #expect(result.status == 0)
    #expect(result.stdout == "\(root)/a/c.txt:감사\n\(root)/b.txt:가방\n")
    #expect(try run(["grep", "-r", "ㄱ", root + "//"]).stdout == result.stdout)
    #expect(
      try run(["grep", "-rc", "ㄱ", root]).stdout
        == "\(root)/a/c.txt:1\n\(root)/b.txt:1\n\(root)/z.txt:0\n")
    // Links given on the command line are followed; one plain file is not named.
    #expect(try run(["grep", "-r", "ㄱ", root + "/linkdir"]).stdout == "\(root)/linkdir/c.txt:감사\n")
    #expect(try run(["grep", "-r", "ㄱ", root + "/b.txt"]).stdout == "가방\n")
    // No FILE: the working directory, named without ./
    #expect(
      try run(["grep", "-r", "-n", "ㄱ"], directory: root).stdout == "a/c.txt:1:감사\nb.txt:1:가방\n")
    #expect(try run(["grep", "-r", "ㅎ", root]).status == 1)
    // Without -r a directory is an error, as in grep; the other files are still searched.
    let plain = try run(["grep", "ㄱ", root, root + "/b.txt"])
    #expect(plain.status == 2)
    #expect(plain.stdout == "\(root)/b.txt:가방\n")
    #expect(plain.stderr == "cheonjiin: grep: \(root): Is a directory\n")
  }

  // MARK: - Context

  @Test("-C prints name-number- context lines and -- between groups and between files")
  func context() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let first = try folder.write("가1\n나2\n다3\n라4\n가5\n", to: "ca")
    let second = try folder.write("하\n가\n", to: "cb")
    let result = try run(["grep", "-n", "-C1", "ㄱ", first, second])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "\(first):1:가1\n\(first)-2-나2\n--\n\(first)-4-라4\n\(first):5:가5\n--\n\(second)-1-하\n\(second):2:가\n"
    )
  }

  @Test("-A and -B, -A 0 still separating groups, and -m with its trailing context")
  func afterAndBefore() throws {
    let text = "가1\n나2\n다3\n가4\n나5\n"
    #expect(try run(["grep", "-A", "1", "ㄱ"], input: text).stdout == "가1\n나2\n--\n가4\n나5\n")
    #expect(try run(["grep", "-B1", "ㄱ"], input: text).stdout == "가1\n--\n다3\n가4\n")
    #expect(try run(["grep", "-A0", "ㄱ"], input: text).stdout == "가1\n--\n가4\n")
    #expect(
      try run(["grep", "-m1", "-A3", "-n", "ㄱ"], input: text).stdout == "1:가1\n2-나2\n3-다3\n4-가4\n")
    #expect(try run(["grep", "--context=-1", "ㄱ"], input: text).status == 2)
  }

  // MARK: - Byte-order mark

  @Test("a byte-order mark does not stop the first line matching; the line is printed as read")
  func byteOrderMark() throws {
    let result = try run(["grep", "감사"], input: "\u{FEFF}감사합니다\n")
    #expect(result.status == 0)
    #expect(result.stdout == "\u{FEFF}감사합니다\n")
    let folder = try Folder()
    defer { folder.remove() }
    let file = try folder.write("\u{FEFF}까마귀\n비둘기\n", to: "bom.txt")
    #expect(try run(["grep", "-w", "-o", "ㄱㅁㄱ", file]).stdout == "까마귀\n")
  }

  // MARK: - Long lines

  @Test("a line over 64 MiB is reported once per file and skipped: exit 2, or 0 with -q")
  func longLines() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let file = folder.path + "/long.txt"
    var bytes = [UInt8](repeating: 0x78, count: (64 << 20) + 1)
    bytes += Array("\n감사합니다\n".utf8)
    bytes += [UInt8](repeating: 0x78, count: (64 << 20) + 1)
    bytes += Array("\n가방".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let message = "cheonjiin: grep: \(file): line 1 is longer than 64 MiB; skipped\n"
    let result = try run(["grep", "-n", "ㄱ", file])
    #expect(result.status == 2)
    #expect(result.stdout == "2:감사합니다\n4:가방\n")
    #expect(result.stderr == message)
    let twice = try run(["grep", "-c", "ㄱ", file, file])
    #expect(twice.stdout == "\(file):2\n\(file):2\n")
    #expect(twice.stderr == message + message)
    let quiet = try run(["grep", "-q", "ㄱ", file])
    #expect(quiet.status == 0)
  }

  @Test("512 MiB without a newline (as from /dev/zero) is read in bounded memory")
  func endlessLine() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // About 400 MiB of address space: a line buffer that grows without bound aborts, while a
    // bounded one needs well under 200 MiB. A pipe, not /dev/zero itself, so the input ends.
    process.arguments = [
      "-c", "head -c 536870912 /dev/zero | (ulimit -v 409600; exec \"$0\" grep ㄱ)", binary.path,
    ]
    process.environment = childEnvironment([
      "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path
    ])
    let stderr = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = stderr
    try process.run()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(
      String(decoding: err, as: UTF8.self)
        == "cheonjiin: grep: (standard input): line 1 is longer than 64 MiB; skipped\n")
  }
}
