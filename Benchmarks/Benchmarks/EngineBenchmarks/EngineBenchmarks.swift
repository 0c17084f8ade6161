import Benchmark
import Foundation
import HangulEngine
import LayoutLoading

/// Typical Korean text: everyday messages, spelled into key presses once, outside the timing.
let messages = [
  "안녕하세요 오랜만이에요", "밥은 먹었어요?", "내일 병원에 같이 가요", "감사합니다 건강하세요",
  "할머니 생신 축하드려요", "오늘 날씨가 많이 추워요", "손주가 보고 싶어요", "지금 집에 가는 길이에요",
  "약 꼭 챙겨 드세요", "이번 주말에 시간 괜찮아요?", "사랑해요 우리 딸", "전화 좀 주세요",
]

struct Workload {
  let layouts: [Layout]
  /// Key presses per message.
  let presses: [[Int]]
  let total: Int

  init() {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let library = LayoutLibrary(
      shippedDirectory: root.appendingPathComponent("Layouts").path, userDirectory: "/nonexistent")
    do {
      layouts = try library.loadSet(LayoutLibrary.defaultID).map(\.layout)
      let speller = Speller(layouts: layouts)
      presses = try messages.map { try speller.spell($0).map(\.key) }
    } catch {
      fatalError("benchmark setup: \(error)")  // a broken checkout, not user data
    }
    total = presses.reduce(0) { $0 + $1.count }
  }
}

let workload = Workload()

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo,
    maxDuration: .seconds(3))

  // Keys per second = throughput × presses per iteration (printed by Scripts/bench.sh).
  // Every output carries the preedit as a value; a front end makes its String only where it
  // shows it, as this one does on every press (a String over 15 UTF-8 bytes, five syllables,
  // is on the heap).
  Benchmark("engine press, preedit shown as a String, \(workload.total) keys per iteration") {
    benchmark in
    var engine = InputMethod(layouts: workload.layouts)
    for _ in benchmark.scaledIterations {
      for message in workload.presses {
        for key in message {
          let output = engine.tap(key)
          blackHole(output.preedit.string)
          blackHole(output.commit)
        }
        engine.reset()
      }
    }
  }

  // Steady state: after one warm-up pass the buffers have their capacity; a press allocates
  // nothing (the preedit is a value; only a commit over 15 UTF-8 bytes is a String on the heap).
  // The malloc count of these is per 1,000 iterations of all messages.
  Benchmark(
    "engine press only (steady state), \(workload.total) keys per iteration",
    configuration: .init(metrics: [.mallocCountTotal, .wallClock], scalingFactor: .kilo)
  ) { benchmark in
    var engine = InputMethod(layouts: workload.layouts)
    measureSteadyState(benchmark, &engine, tap: { blackHole($0.tap($1)) }, reset: { $0.reset() })
  }

  // The engine and the document it types into, as `cheonjiin keys` runs them: each output
  // applied to a TextBuffer, emptied per message (keeping its capacity).
  Benchmark(
    "engine + text buffer (steady state), \(workload.total) keys per iteration",
    configuration: .init(metrics: [.mallocCountTotal, .wallClock], scalingFactor: .kilo)
  ) { benchmark in
    var typist = Typist(layouts: workload.layouts)
    measureSteadyState(benchmark, &typist, tap: { blackHole($0.tap($1)) }, reset: { $0.reset() })
  }
}

/// Types every message once to warm the buffers up, then measures typing them all per
/// iteration, resetting after each message.
func measureSteadyState<Engine>(
  _ benchmark: Benchmark, _ engine: inout Engine, tap: (inout Engine, Int) -> Void,
  reset: (inout Engine) -> Void
) {
  for message in workload.presses {
    for key in message { tap(&engine, key) }
    reset(&engine)
  }
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    for message in workload.presses {
      for key in message { tap(&engine, key) }
      reset(&engine)
    }
  }
  benchmark.stopMeasurement()
}
