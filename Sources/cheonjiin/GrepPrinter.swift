import Grep

/// When grep's output lines start with the file name.
enum FileNameMode: Hashable, Sendable {
  /// With two or more files, or a directory searched with `-r` (grep's default).
  case automatic
  /// Always (`-H`).
  case always
  /// Never (`-h`).
  case never

  /// Whether lines start with `name:` when searching `fileCount` operands.
  ///
  /// - Parameter searchesDirectory: Whether the one operand is a directory searched with
  ///   `-r`; grep names the files found in it.
  func showsFileNames(fileCount: Int, searchesDirectory: Bool = false) -> Bool {
    switch self {
    case .automatic: fileCount > 1 || searchesDirectory
    case .always: true
    case .never: false
    }
  }
}

/// Prints what a ``GrepScanner`` selects in GNU grep's formats, into a byte buffer.
///
/// `[name:][number:]line` for a selected line and `[name-][number-]line` for a context line,
/// with `--` where a group of lines breaks; with `-o` one matching word per line, prefixed
/// the same way; `[name:]count` for `-c`; the name alone for `-l` and `-L`, even with `-h`.
/// Every printed line ends in `\n`.
struct GrepPrinter: GrepOutput {
  /// What is printed and not yet written.
  var bytes: [UInt8] = []
  /// `-n`: numbers before lines.
  let showsLineNumbers: Bool
  /// Whether lines and counts start with the file name.
  let showsFileName: Bool
  /// The file being searched, as printed: `(standard input)` for standard input.
  private var name: [UInt8] = []

  init(showsLineNumbers: Bool, showsFileName: Bool) {
    self.showsLineNumbers = showsLineNumbers
    self.showsFileName = showsFileName
    bytes.reserveCapacity(1 << 17)
  }

  /// Names the file whose lines come next.
  mutating func startFile(named fileName: String) {
    name = Array(fileName.utf8)
  }

  mutating func line(_ line: UnsafeBufferPointer<UInt8>, number: Int, isSelected: Bool) {
    appendPrefix(isSelected: isSelected, number: number)
    bytes.append(contentsOf: line)
    bytes.append(Self.newline)
  }

  mutating func word(_ word: UnsafeBufferPointer<UInt8>, number: Int, isSelected: Bool) {
    self.line(word, number: number, isSelected: isSelected)
  }

  mutating func groupBreak() {
    bytes.append(contentsOf: Self.groupSeparator)
  }

  mutating func count(_ selectedLines: Int) {
    appendName(separator: Self.colon)
    appendDecimal(selectedLines)
    bytes.append(Self.newline)
  }

  mutating func fileListed() {
    bytes.append(contentsOf: name)
    bytes.append(Self.newline)
  }

  // MARK: - Pieces

  private static let newline: UInt8 = 0x0A
  private static let colon: UInt8 = 0x3A
  private static let hyphen: UInt8 = 0x2D
  private static let groupSeparator: [UInt8] = Array("--\n".utf8)

  /// `name:number:` for a selected line, `name-number-` for context, each part if shown.
  private mutating func appendPrefix(isSelected: Bool, number: Int) {
    let separator = isSelected ? Self.colon : Self.hyphen
    appendName(separator: separator)
    guard showsLineNumbers else { return }
    appendDecimal(number)
    bytes.append(separator)
  }

  private mutating func appendName(separator: UInt8) {
    guard showsFileName else { return }
    bytes.append(contentsOf: name)
    bytes.append(separator)
  }

  /// Appends `value` (≥ 0) in decimal without making a String: this runs once per line.
  private mutating func appendDecimal(_ value: Int) {
    let start = bytes.count
    var rest = max(0, value)
    repeat {
      bytes.append(0x30 + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    bytes[start...].reverse()
  }
}
