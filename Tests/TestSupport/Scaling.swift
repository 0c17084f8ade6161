import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - What one run cost

/// What one run of a piece of work cost: CPU time, and peak memory where it can be measured.
///
/// CPU time, not the wall clock: on a loaded machine a run waits for a core, and waiting is not
/// work. The smallest of a few runs is taken (``ScalingCheck/repetitions``), which takes out
/// most of what another process's load adds (caches, interrupts).
public struct WorkCost: Sendable, Hashable {
  /// User and system CPU time, in seconds.
  public var seconds: Double
  /// The peak resident memory of a child process, in bytes; `nil` for work in this process,
  /// whose peak the tests that run beside it share.
  public var peakBytes: Int?

  public init(seconds: Double, peakBytes: Int? = nil) {
    self.seconds = seconds
    self.peakBytes = peakBytes
  }

  /// The CPU time this thread spends in `work` (`CLOCK_THREAD_CPUTIME_ID`): the tests that run
  /// at the same time on other threads are not counted.
  public static func ofThread(_ work: () throws -> Void) rethrows -> WorkCost {
    let start = threadCPUSeconds()
    try work()
    return WorkCost(seconds: threadCPUSeconds() - start)
  }

  /// Runs a program to its end and returns its CPU time and peak memory (`wait4`'s rusage).
  ///
  /// The program is started by a small Python process that forks and waits for it: Linux keeps
  /// the largest memory a process had before `exec`, and a child spawned from the test process
  /// would report the test process's peak, not its own (hundreds of MB); the fork of a small
  /// launcher reports the launcher's few MB, which the first size of a ladder takes off.
  ///
  /// - Parameters:
  ///   - command: The program's path, then its arguments.
  ///   - input: A file for standard input; `/dev/null` when `nil`.
  ///   - output: A file for standard output; `/dev/null` when `nil`. Standard error goes to
  ///     `/dev/null` too: what a run says is not what is measured.
  ///   - environment: Variables set on top of this process's environment.
  ///   - allowedStatuses: The exit statuses that count as a run; any other throws.
  /// - Throws: ``ScalingError`` when the program cannot start or exits otherwise.
  public static func ofProcess(
    _ command: [String], input: String? = nil, output: String? = nil,
    environment: [String: String] = [:], allowedStatuses: Set<Int32> = [0]
  ) throws -> WorkCost {
    let report = scratchDirectory.appendingPathComponent("cost-\(UUID().uuidString)").path
    defer { unlink(report) }
    let launcher = [
      "/usr/bin/python3", "-c",
      """
      import os, sys
      pid = os.fork()
      if pid == 0:
          try:
              os.execv(sys.argv[2], sys.argv[2:])
          finally:
              os._exit(127)
      _, status, usage = os.wait4(pid, 0)
      with open(sys.argv[1], "w") as report:
          code = os.waitstatus_to_exitcode(status)
          report.write(f"{usage.ru_utime} {usage.ru_stime} {usage.ru_maxrss} {code}")
      """,
      report,
    ]
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawn_file_actions_addopen(&fileActions, 0, input ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &fileActions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
    let variables = childEnvironment(environment)
    let arguments = (launcher + command).map { strdup($0) } + [nil]
    let assignments = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in arguments + assignments { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, launcher[0], &fileActions, nil, arguments, assignments)
    guard spawned == 0 else { throw ScalingError.cannotStart(command, errno: spawned) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw ScalingError.cannotStart(command, errno: errno) }
    }
    let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "")
      .split(separator: " ").compactMap { Double($0) }
    guard fields.count == 4 else { throw ScalingError.cannotStart(command, errno: ECHILD) }
    let exitStatus = Int32(fields[3])
    guard allowedStatuses.contains(exitStatus) else {
      throw ScalingError.failed(command, status: exitStatus)
    }
    return WorkCost(seconds: fields[0] + fields[1], peakBytes: Int(fields[2]) * 1024)
  }

  private static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// Why ``WorkCost/ofProcess(_:input:output:environment:allowedStatuses:)`` measured nothing.
public enum ScalingError: Error, CustomStringConvertible {
  case cannotStart([String], errno: Int32)
  case failed([String], status: Int32)

  public var description: String {
    switch self {
    case .cannotStart(let command, let error):
      "cannot run \(command.joined(separator: " ")): \(String(cString: strerror(error)))"
    case .failed(let command, let status):
      "\(command.joined(separator: " ")) exited with status \(status)"
    }
  }
}

// MARK: - The ladder of sizes

/// Runs a piece of work on inputs of growing size, 1, 4, 16 … up to 4¹⁰ (about 10⁶) units, and
/// tells whether its cost grows faster than n log n.
///
/// Sizes grow four-fold until one run costs ``budget`` (or ``memoryBudget``) more than the
/// smallest does, or ``maximumSize`` is reached; then ``ScalingCurve`` compares the largest
/// size with the one 16 times smaller (4 times, when that one is too cheap to measure). Timed,
/// not counted: the machine has no instruction counters, so each size takes the cheapest of
/// ``repetitions`` runs, and the limit (``ScalingCurve/limit``, an exponent of 1.5) sits
/// halfway, in orders of magnitude, between n log n (1.1 over 16×) and n² (2.0).
///
/// ```swift
/// let curve = try ScalingCheck("number, amounts on a line", unit: "amounts").measure { n in
///   try WorkCost.ofProcess([binary, "number"], input: try writeLine(amounts: n))
/// }
/// #expect(curve.isAtMostNLogN, "\(curve)")
/// ```
public struct ScalingCheck: Sendable {
  /// What is measured, for the report.
  public var name: String
  /// What a size counts: "lines", "amounts", "keys".
  public var unit: String
  /// The first size tried.
  public var firstSize = 1
  /// The largest size tried.
  public var maximumSize = 1 << 20
  /// How much CPU time above the first size's one run may cost before sizes stop growing.
  public var budget = 0.25
  /// How much memory above the first size's one run may take before sizes stop growing.
  public var memoryBudget = 512 << 20
  /// How many runs each size gets; the cheapest counts.
  ///
  /// Two: CPU time varies little between runs, and a third run of every size made the scaling
  /// pass a third longer in CI.
  public var repetitions = 2
  /// Costs below this many seconds above the first size's are noise, not a measurement.
  public var floor = 0.005
  /// Memory below this many bytes above the first size's is noise (allocator arenas).
  public var memoryFloor = 4 << 20

  /// A check with the defaults for work in this process: a quarter of a second at most, 5 ms
  /// the smallest cost that counts.
  public init(_ name: String, unit: String) {
    self.name = name
    self.unit = unit
  }

  /// The defaults for whole commands: each run starts a process (tens of milliseconds in a
  /// debug build, varying by a few), so the budget is larger and so is the noise floor.
  public static func command(_ name: String, unit: String) -> ScalingCheck {
    var check = ScalingCheck(name, unit: unit)
    check.budget = 1.0
    check.floor = 0.04
    return check
  }

  /// Measures `run` at each size and returns the curve.
  ///
  /// - Parameter run: Does the work for a size and says what it cost, usually with
  ///   ``WorkCost/ofThread(_:)`` around the work alone (not the making of its input) or
  ///   ``WorkCost/ofProcess(_:input:output:environment:allowedStatuses:)``.
  public func measure(_ run: (Int) throws -> WorkCost) rethrows -> ScalingCurve {
    var curve = ScalingCurve(check: self, points: [])
    var size = firstSize
    while true {
      var cheapest: WorkCost?
      for _ in 0..<repetitions {
        let cost = try run(size)
        cheapest = WorkCost(
          seconds: min(cheapest?.seconds ?? .infinity, cost.seconds),
          peakBytes: [cheapest?.peakBytes, cost.peakBytes].compactMap { $0 }.min())
        // One run far past the budget is enough to know; more would only take long.
        if cost.seconds > 4 * budget + (curve.points.first?.cost.seconds ?? 0) { break }
      }
      guard let cost = cheapest else { break }
      curve.points.append(ScalingCurve.Point(size: size, cost: cost))
      let net = curve.netCost(of: curve.points.count - 1)
      if net.seconds >= budget || (net.bytes ?? 0) >= memoryBudget { break }
      if size >= maximumSize { break }
      size = min(maximumSize, size * 4)
    }
    return curve
  }
}

/// The costs a ``ScalingCheck`` measured, size by size, and how fast they grow.
public struct ScalingCurve: CustomStringConvertible, Sendable {
  /// One size and the cheapest of its runs.
  public struct Point: Sendable {
    public var size: Int
    public var cost: WorkCost

    public init(size: Int, cost: WorkCost) {
      self.size = size
      self.cost = cost
    }
  }

  public var check: ScalingCheck
  public var points: [Point]

  /// A curve of points measured already (``ScalingCheck/measure(_:)`` makes them).
  public init(check: ScalingCheck, points: [Point]) {
    self.check = check
    self.points = points
  }

  /// The largest growth exponent allowed: cost ∝ size^1.5 at most.
  ///
  /// Between the sizes compared, n log n grows as about size^1.1 over 16×, n² as size^2.
  public static let limit = 1.5

  /// The cost of the point at `index` above the fixed part (start-up, loading).
  ///
  /// The fixed part is the cheapest point's cost, not the first point's: every run costs at
  /// least the fixed part, and a busy machine only adds to a measurement. Once, beside the
  /// real-terminal holds, the first size measured 0.16 s and the sixth 0.10 s: taken off
  /// from the first, the 1,024 amounts of `number` cost next to nothing, and growth to 16,384
  /// looked like n^1.51 (n^1.07 when run again).
  func netCost(of index: Int) -> (seconds: Double, bytes: Int?) {
    let fixedSeconds = points.map(\.cost.seconds).min() ?? 0
    let fixedBytes = points.compactMap(\.cost.peakBytes).min() ?? 0
    let cost = points[index].cost
    let bytes = cost.peakBytes.map { $0 - fixedBytes }
    return (max(0, cost.seconds - fixedSeconds), bytes.map { max(0, $0) })
  }

  /// How fast CPU time grows between the largest size and a smaller one: the exponent k in
  /// time ∝ size^k, or `nil` when even the largest size costs too little to tell.
  public var timeExponent: Double? {
    exponent(floor: check.floor) { self.netCost(of: $0).seconds }
  }

  /// How fast peak memory grows, as ``timeExponent``; `nil` for work in this process or when
  /// the memory used stays below the noise.
  public var memoryExponent: Double? {
    guard points.last?.cost.peakBytes != nil else { return nil }
    return exponent(floor: Double(check.memoryFloor)) {
      Double(self.netCost(of: $0).bytes ?? 0)
    }
  }

  /// The exponent between the last point and the one 16 times smaller, or 4 times smaller
  /// when that one's cost is below `floor`; a cost below `floor` counts as `floor`, which can
  /// only make the growth look slower.
  private func exponent(floor: Double, _ net: (Int) -> Double) -> Double? {
    guard let last = points.indices.last, points.count >= 2, net(last) >= floor else {
      return nil
    }
    let start = last >= 2 && net(last - 2) >= floor ? last - 2 : last - 1
    let span = Double(points[last].size) / Double(points[start].size)
    guard span > 1 else { return nil }
    return log(net(last) / max(net(start), floor)) / log(span)
  }

  /// Whether neither time nor memory grows faster than n log n (allowing for noise).
  public var isAtMostNLogN: Bool {
    (timeExponent ?? 0) <= Self.limit && (memoryExponent ?? 0) <= Self.limit
  }

  /// A table of the sizes and costs with the exponents, for a failure message or a report.
  public var description: String {
    var lines = ["\(check.name): \(check.unit), CPU seconds, peak MB"]
    for point in points {
      let memory = point.cost.peakBytes.map { String(format: "%.1f", Double($0) / 1_048_576) }
      lines.append(
        String(format: "  %9d  %8.4f s", point.size, point.cost.seconds)
          + (memory.map { "  \($0) MB" } ?? ""))
    }
    let format = { (value: Double?) in
      value.map { String(format: "%.2f", $0) } ?? "too small to tell"
    }
    lines.append(
      "  growth: time ∝ n^\(format(timeExponent)), memory ∝ n^\(format(memoryExponent))"
        + " (limit n^\(Self.limit))")
    return lines.joined(separator: "\n")
  }
}
