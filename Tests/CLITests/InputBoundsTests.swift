import Foundation
import TestSupport
import Testing

/// Every line of input has a bound, and work grows with the input, not faster.
@Suite("Input bounds of the command-line tools")
struct InputBoundsTests {
  @Test(
    "keys and number skip a line over 1 MiB whole, say so, and go on",
    arguments: ["keys", "number"])
  func longLine(command: String) throws {
    let long = String(repeating: "a", count: (1 << 20) + 10)
    let next = command == "keys" ? "ㄱㅣㆍ" : "3"
    let result = try run(
      [command], input: long + "\n" + next + "\n", environment: ["LANG": "C.UTF-8"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("line 1 is \((1 << 20) + 10) bytes"), "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "")  // the skipped line keeps its place
    #expect(lines.dropFirst().first.map { !$0.isEmpty } == true)
  }

  @Test("keys --trace of a long line writes output in proportion to it")
  func linearTrace() throws {
    let line = String(repeating: "ㄱㅣㆍ_", count: 5_000)  // 20,000 keys
    let result = try run(["keys", "--trace", line])
    #expect(result.status == 0)
    // A line per key of a bounded width; the whole text each time was 480 MB for 120 KB.
    #expect(result.stdout.utf8.count < 20_000 * 120)
  }

  @Test(
    "dict import reads at most 32 MiB, of a file or standard input, and says so",
    arguments: [["dict", "import", "/dev/zero"], ["dict", "import", "-"]])
  func importBound(arguments: [String]) throws {
    let home = try scratchFolder("import-bound").path
    let cost = try WorkCost.ofProcess(
      [binary.path] + arguments, input: "/dev/zero",
      environment: ["XDG_DATA_HOME": home, "LANG": "C.UTF-8"], allowedStatuses: [1])
    // Before, both read /dev/zero until memory ran out.
    #expect((cost.peakBytes ?? .max) < 160 << 20, "\(cost)")
  }

  @Test("dict import of a file over 32 MiB names the bound and how to split it")
  func importTooLarge() throws {
    let home = try scratchFolder("import-large").path
    let path = home + "/big.tsv"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    let block = Data(String(repeating: "가나다\t3\n", count: 1 << 16).utf8)
    for _ in 0..<(((32 << 20) / block.count) + 1) { handle.write(block) }
    try handle.close()
    let result = try run(["dict", "import", path], environment: ["XDG_DATA_HOME": home])
    #expect(result.status == 1)
    #expect(result.stderr.contains("more than 32 MiB") && result.stderr.contains("split"))
  }

  @Test("a word list over 16 MiB is not read, and dict unlearn says so")
  func wordListBound() throws {
    let home = try scratchFolder("lexicon-bound").path
    let lexicon = home + "/lexicon"
    try FileManager.default.createDirectory(atPath: lexicon, withIntermediateDirectories: true)
    // A sparse file of 256 MiB: nothing is written to disk, yet reading it all takes memory.
    let list = lexicon + "/ko-words.tsv"
    #expect(FileManager.default.createFile(atPath: list, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: list))
    try handle.truncate(atOffset: 256 << 20)
    try handle.close()
    let environment = ["XDG_DATA_HOME": home, "CHEONJIIN_LEXICON": lexicon, "LANG": "C.UTF-8"]
    let cost = try WorkCost.ofProcess(
      [binary.path, "dict", "unlearn", "사랑"], environment: environment)
    #expect((cost.peakBytes ?? .max) < 160 << 20, "\(cost)")
    let result = try run(["dict", "unlearn", "사랑"], environment: environment)
    #expect(result.status == 0)
    #expect(result.stderr.contains(list + ": the word list is larger than 16 MiB"))
  }

  @Test("spell takes at most 65,536 characters, and says so")
  func spellBound() throws {
    // Seven arguments (one may hold at most 128 KiB) and the six spaces that join them.
    let words = Array(repeating: String(repeating: "가", count: 10_000), count: 7)
    let result = try run(["spell"] + words, environment: ["LANG": "C.UTF-8"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("70006 characters") && result.stderr.contains("65536"))
    #expect(try run(["spell", "안녕하세요"]).status == 0)
  }

  @Test("number reads a line of ten prices at once")
  func manyPrices() throws {
    let line = Array(repeating: "15,000원", count: 10).joined(separator: " ")
    let started = ContinuousClock.now
    let result = try run(["number", line])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("만 오천 원 만 오천 원"))
    // Before: 6 prices took 20 s and 10 exhausted 8 GB. A generous bound, not a race.
    #expect(ContinuousClock.now - started < .seconds(10))
  }
}
