import ArgumentParser
import Grep
import HangulEngine
import SystemIO
import SystemPackage

/// One `cheonjiin grep` over its files: the I/O around ``GrepScanner`` and ``GrepPrinter``,
/// and what carries from file to file.
struct GrepSearch {
  let pattern: GrepPattern
  let alternatives: [GrepPattern]
  let options: GrepOptions
  let isQuiet: Bool
  let reportsFileErrors: Bool
  /// Whether any file selected a line.
  private(set) var selectedLine = false
  /// Whether a file could not be read or had a line too long to search.
  private(set) var hadTrouble = false
  /// Whether lines were printed: the next file's first context group then starts with `--`.
  private var printedLines = false
  /// Formats what the scanners select, and holds it until it is written.
  private var printer: GrepPrinter
  private var output = OutputBuffer()
  private var buffer = [UInt8](repeating: 0, count: 1 << 18)

  init(
    pattern: GrepPattern, alternatives: [GrepPattern], options: GrepOptions,
    printer: GrepPrinter, isQuiet: Bool, reportsFileErrors: Bool
  ) {
    self.pattern = pattern
    self.alternatives = alternatives
    self.options = options
    self.printer = printer
    self.isQuiet = isQuiet
    self.reportsFileErrors = reportsFileErrors
  }

  /// True once nothing more can change the outcome (-q has seen a selected line) or be
  /// printed (a write failed).
  var isFinished: Bool { isQuiet && selectedLine || output.isBroken }

  mutating func searchStandardInput() {
    search(.standardInput, name: "(standard input)")
  }

  mutating func searchFile(_ path: String) {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
    } catch {
      reportFileError(path, error)
      return
    }
    search(descriptor, name: path)
    // Read-only: a failed close cannot lose anything.
    _ = try? descriptor.close()
  }

  /// Searches every regular file under `directory`, in name order.
  ///
  /// `nil` is the working directory, whose files are named without `./` as grep does.
  /// Symbolic links, devices and FIFOs found inside are skipped like grep -r does: a link may
  /// loop or leave the tree, a FIFO may never end.
  mutating func searchDirectory(_ directory: String?) {
    let path = directory ?? "."
    let entries: [[UInt8]]
    do {
      entries = try directoryEntryNames(FilePath(path))
    } catch {
      reportFileError(path, error)
      return
    }
    var names: [String] = []
    for bytes in entries {
      guard let name = String(validating: bytes, as: UTF8.self) else {
        hadTrouble = true
        if reportsFileErrors {
          let shown = String(decoding: bytes, as: UTF8.self)
          printError(
            "grep: \(child(shown, of: directory)): the file name is not UTF-8; rename it to search it"
          )
        }
        continue
      }
      names.append(name)
    }
    names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    for name in names where !isFinished {
      let childPath = child(name, of: directory)
      let type: FileType
      do {
        type = try Stat(FilePath(childPath), followTargetSymlink: false).type
      } catch {
        reportFileError(childPath, error)
        continue
      }
      if type == .directory {
        searchDirectory(childPath)
      } else if type == .regular {
        searchFile(childPath)
      }
      // Anything else is a symbolic link, device, FIFO or socket: skipped.
    }
  }

  /// Reads one open file to its end (or until the scanner is done) and prints as it goes.
  private mutating func search(_ descriptor: FileDescriptor, name: String) {
    var scanner = GrepScanner(
      pattern: pattern, alternatives: alternatives, options: options,
      followsEarlierOutput: printedLines)
    printer.startFile(named: name)
    var reportedLongLine = false
    while !scanner.isDone && !output.isBroken {
      let got: Int
      do {
        got = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
      } catch {
        reportFileError(name, error)
        break
      }
      if got == 0 { break }
      buffer.withUnsafeBufferPointer { chunk in
        scanner.scan(UnsafeBufferPointer(rebasing: chunk[0..<got]), into: &printer)
      }
      // Said at once, not at the end: /dev/zero has no end.
      if !reportedLongLine, let line = scanner.firstSkippedLine {
        reportLongLine(line, in: name)
        reportedLongLine = true
      }
      if printer.bytes.count >= 1 << 16 { flush() }
    }
    scanner.finish(into: &printer)
    if !reportedLongLine, let line = scanner.firstSkippedLine { reportLongLine(line, in: name) }
    flush()
    if scanner.selectedLineCount > 0 { selectedLine = true }
    if scanner.hasPrintedLines { printedLines = true }
  }

  mutating func flush() {
    if !isQuiet {
      output.append(bytes: printer.bytes)
      output.flush()
    }
    printer.bytes.removeAll(keepingCapacity: true)
  }

  /// Writes what is left; a failed write is reported and fails the command with `status`
  /// (grep's 2), whatever was found.
  mutating func finish(status: ExitCode) throws {
    flush()
    try output.finish(status: status)
  }

  private mutating func reportLongLine(_ line: Int, in name: String) {
    hadTrouble = true
    let limit = GrepScanner.defaultMaxLineLength >> 20
    printError("grep: \(name): line \(line) is longer than \(limit) MiB; skipped")
  }

  /// Reports `error` for `path` (unless -s) and remembers the trouble for the exit status.
  private mutating func reportFileError(_ path: String, _ error: any Error) {
    hadTrouble = true
    if reportsFileErrors { printError("grep: \(path): \(error)") }
  }
}

/// `name` inside `directory` (`nil`: the working directory); `dir/`, `dir//` and `dir` give
/// the same names, as in grep.
private func child(_ name: String, of directory: String?) -> String {
  guard let directory else { return name }
  var base = Substring(directory)
  while base.count > 1 && base.hasSuffix("/") { base = base.dropLast() }
  return base.hasSuffix("/") ? base + name : base + "/" + name
}

/// Whether `path` is a directory, following a symbolic link (grep -r follows the ones it is
/// given).
func isDirectory(_ path: String) -> Bool {
  // A path that cannot be examined is no directory; searching it as a file reports why.
  (try? Stat(FilePath(path)).type) == .directory
}
