import HangulEngine
import ScreenTestSupport
import Synchronization
import TerminalUI
import Testing

@testable import DemoScreen

#if canImport(Glibc)
  import Glibc
#endif

/// A sentence repeated to `count` characters: syllables, spaces, marks.
private func text(_ count: Int) -> String {
  String(String(repeating: "안녕하세요 반갑습니다. 오늘은 날씨가 좋네요! ", count: count / 20 + 1).prefix(count))
}

/// Counts the calls to a width function: the work of drawing, counted instead of timed, so it
/// is the same on a loaded machine.
private final class CountedWidth: Sendable {
  let calls = Atomic<Int>(0)

  var width: @Sendable (Character) -> Int {
    { [self] character in
      calls.add(1, ordering: .relaxed)
      return terminalWidth(character)
    }
  }
}

/// The CPU time this thread has used, in seconds: unlike the wall clock, other programs on a
/// loaded machine do not add to it.
private func threadSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// What making one output of the demo for a text cost.
private struct Cost {
  var seconds: Double
  var widthCalls: Int
  var bytes: Int
}

/// Makes `output` for `text` on Galaxy beside iPhone, the fastest of `runs` times.
private func cost(
  of output: (DemoScript, @escaping @Sendable (Character) -> Int) -> String, text: String,
  runs: Int = 2
) throws -> Cost {
  var best: Cost? = nil
  for _ in 0..<runs {
    let counter = CountedWidth()
    let start = threadSeconds()
    let layouts = { (id: String) in try library.loadSet(id).map(\.layout) }
    let script = DemoScript(tracks: [
      try DemoTrack(text: text, layouts: try layouts("cheonjiin-galaxy"), title: "Galaxy"),
      try DemoTrack(text: text, layouts: try layouts("cheonjiin-iphone"), title: "iPhone"),
    ])
    let made = output(script, counter.width)
    let cost = Cost(
      seconds: threadSeconds() - start, widthCalls: counter.calls.load(ordering: .relaxed),
      bytes: made.utf8.count)
    if best.map({ cost.seconds < $0.seconds }) ?? true { best = cost }
  }
  return try #require(best)
}

/// Fails when a cost at 4n is more than n log n allows from its cost at n, times `room` (a
/// constant part and, for time, noise): linear gives 4, n log n 4·log(4n)/log(n), n² 16.
private func expectNLogN(
  _ small: Double, _ large: Double, n: Int, room: Double, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let allowed = 4 * log2(Double(4 * n)) / log2(Double(n)) * room
  #expect(
    large / max(small, 1e-9) <= allowed,
    "\(what): \(small) at \(n) characters, \(large) at \(4 * n): ×\(large / small), allowed ×\(allowed)",
    sourceLocation: sourceLocation)
}

/// The demo's recordings, made for n and 4n characters and compared.
///
/// `demo --cast` and `--frames` can easily be cubic in the text's length, `--html`
/// quadratic. Each output is made for n and 4n characters and compared.
@Suite("The demo's recordings grow no faster than n log n with the text")
struct DemoScalingTests {
  @Test("--frames: drawing work, bytes and time")
  func frames() throws {
    let n = 40
    let make: (DemoScript, @escaping @Sendable (Character) -> Int) -> String = {
      DemoRenderer.textFrames($0, size: .compact, strings: UIStrings(.korean), width: $1)
    }
    let small = try cost(of: make, text: text(n))
    let large = try cost(of: make, text: text(4 * n))
    expectNLogN(Double(small.widthCalls), Double(large.widthCalls), n: n, room: 1.2, "width calls")
    expectNLogN(Double(small.bytes), Double(large.bytes), n: n, room: 1.2, "bytes")
    expectNLogN(small.seconds, large.seconds, n: n, room: 1.6, "CPU seconds")
  }

  @Test("--cast: drawing work, bytes and time")
  func cast() throws {
    let n = 30
    let make: (DemoScript, @escaping @Sendable (Character) -> Int) -> String = {
      DemoCast.recording(
        $0, playback: DemoPlayback(keysPerSecond: 2), strings: UIStrings(.korean), rows: 24,
        columns: 80, title: "t", theme: .light, width: $1)
    }
    let small = try cost(of: make, text: text(n))
    let large = try cost(of: make, text: text(4 * n))
    expectNLogN(Double(small.widthCalls), Double(large.widthCalls), n: n, room: 1.2, "width calls")
    expectNLogN(Double(small.bytes), Double(large.bytes), n: n, room: 1.2, "bytes")
    expectNLogN(small.seconds, large.seconds, n: n, room: 1.6, "CPU seconds")
  }

  @Test("--html: bytes and time")
  func page() throws {
    let n = 100
    let make: (DemoScript, @escaping @Sendable (Character) -> Int) -> String = { script, _ in
      DemoPage.html(
        script, playback: DemoPlayback(keysPerSecond: 2), strings: UIStrings(.korean), title: "t")
    }
    let small = try cost(of: make, text: text(n))
    let large = try cost(of: make, text: text(4 * n))
    // The page's own script and styles are a constant part of its size: compare the data.
    let template = try cost(of: make, text: "가").bytes
    expectNLogN(
      Double(small.bytes - template), Double(large.bytes - template), n: n, room: 1.2, "bytes")
    expectNLogN(small.seconds, large.seconds, n: n, room: 1.6, "CPU seconds")
  }
}
