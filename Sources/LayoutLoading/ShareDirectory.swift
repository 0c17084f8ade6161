#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Data that ships with the program, each kind in a folder of its own.
public enum SharedData: String, CaseIterable, Sendable {
  /// `Layouts/*.json`.
  case layouts
  /// `Keymaps/*.json`.
  case keymaps
  /// `Lexicon/`: the word lists and the practice messages.
  case lexicon

  /// The environment variable that names the folder: `CHEONJIIN_LAYOUTS`, `CHEONJIIN_KEYMAPS`,
  /// `CHEONJIIN_LEXICON`.
  public var environmentVariable: String { "CHEONJIIN_" + rawValue.uppercased() }

  /// The folder's name in the source tree: `Layouts`, `Keymaps`, `Lexicon`.
  public var sourceFolder: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  /// The folder's name when installed, under `share/cheonjiin`: `layouts`, `keymaps`, `lexicon`.
  public var installedFolder: String { rawValue }

  /// A file every folder of this kind holds, so that an unrelated folder with the same name
  /// is passed over.
  var marker: String {
    switch self {
    case .layouts: "\(LayoutLibrary.defaultID).json"
    case .keymaps: "numpad.json"
    case .lexicon: "ko-words.tsv"
    }
  }
}

/// Finds the folders of shipped data (layouts, keymaps, lexicon) and of the user's own.
///
/// The same rules for every kind, in this order:
/// 1. the folder named by the kind's variable (``SharedData/environmentVariable``), as given;
/// 2. beside a folder another variable names: with `CHEONJIIN_LAYOUTS=src/Layouts`, keymaps
///    are in `src/Keymaps` (a source checkout, and the tests, set only that one);
/// 3. installed: `PREFIX/share/cheonjiin/layouts` for an executable in `PREFIX/bin`;
/// 4. a source tree: `Layouts/` in the executable's folder or up to six folders above it
///    (`.build/<triple>/release/cheonjiin`).
///
/// Rules 2 to 4 take a folder only if it holds the kind's marker file (`numpad.json` for
/// keymaps), so that a stray `Layouts` folder is passed over.
public struct ShareDirectory: Sendable {
  /// The environment to read the variables from.
  public var environment: [String: String]
  /// The path of the running program, links resolved.
  public var executable: String

  /// - Parameters:
  ///   - environment: The variables (`CHEONJIIN_LAYOUTS`, `XDG_CONFIG_HOME`, `HOME`).
  ///   - executable: The program's path; the running one by default.
  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: String? = nil
  ) {
    self.environment = environment
    self.executable = executable ?? Self.runningExecutable()
  }

  /// The shipped folder of `data`, or `nil` if none is found.
  public func shipped(_ data: SharedData) -> String? {
    if let explicit = variable(data.environmentVariable) { return explicit }
    for other in SharedData.allCases where other != data {
      guard let given = variable(other.environmentVariable) else { continue }
      let parent = Self.parent(of: given)
      for name in [data.sourceFolder, data.installedFolder] {
        let candidate = parent + "/" + name
        if holdsMarker(candidate, of: data) { return candidate }
      }
    }
    var directory = Self.parent(of: executable)
    let installed = Self.parent(of: directory) + "/share/cheonjiin/" + data.installedFolder
    if holdsMarker(installed, of: data) { return installed }
    for _ in 0..<7 {
      let candidate = directory + "/" + data.sourceFolder
      if holdsMarker(candidate, of: data) { return candidate }
      let up = Self.parent(of: directory)
      if up == directory { break }
      directory = up
    }
    return nil
  }

  /// The user's own folder of `data`, which may not exist.
  ///
  /// `$XDG_CONFIG_HOME/cheonjiin/keymaps`, by default `~/.config/cheonjiin/keymaps`. A file
  /// there overrides a shipped one with the same id.
  public func user(_ data: SharedData) -> String {
    // XDG: a relative XDG_CONFIG_HOME is invalid and is ignored.
    let configHome =
      variable("XDG_CONFIG_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (variable("HOME") ?? "/") + "/.config"
    return configHome + "/cheonjiin/" + data.installedFolder
  }

  private func variable(_ name: String) -> String? {
    environment[name].flatMap { $0.isEmpty ? nil : $0 }
  }

  private func holdsMarker(_ directory: String, of data: SharedData) -> Bool {
    FileManager.default.fileExists(atPath: directory + "/" + data.marker)
  }

  /// `/proc/self/exe` resolved, else the first argument.
  private static func runningExecutable() -> String {
    // Without /proc (another system), argv[0] is the best there is.
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }

  /// The folder part of a path: `/a/b` for `/a/b/c`, `/` for `/a`, `.` for `a`.
  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }
}
