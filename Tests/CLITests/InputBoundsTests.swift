import Foundation
import Testing

/// Issue 10: every line of input has a bound, and work grows with the input, not faster.
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
