import HangulEngine
import Utilities

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where keymaps live and how to load them, as ``LayoutLibrary`` does for layouts.
///
/// The keypad offers every keymap it can see (F2 switches between them): the user's
/// (`$XDG_CONFIG_HOME/cheonjiin/keymaps`, where a file overrides a shipped one with the same
/// id) and the shipped `Keymaps/`. A name containing `/` or ending in `.json` is a path.
public struct KeymapLibrary: Sendable {
  /// The shipped keymaps, if found.
  public var shippedDirectory: String?
  /// The user's keymaps (may not exist).
  public var userDirectory: String

  /// The keymap used when none is given.
  public static let defaultID = "numpad"

  public init(shippedDirectory: String?, userDirectory: String) {
    self.shippedDirectory = shippedDirectory
    self.userDirectory = userDirectory
  }

  /// The library for this process: the shipped keymaps that ``ShareDirectory`` finds
  /// (`$CHEONJIIN_KEYMAPS`, `Keymaps/` beside `$CHEONJIIN_LAYOUTS`, `PREFIX/share/cheonjiin/keymaps`
  /// or `Keymaps/` above a build in the source tree) and the user's.
  public static func standard(_ directories: ShareDirectory = ShareDirectory()) -> KeymapLibrary {
    KeymapLibrary(
      shippedDirectory: directories.shipped(.keymaps), userDirectory: directories.user(.keymaps))
  }

  /// Every keymap file the library can see, user files first; a user file hides a shipped one
  /// with the same id.
  public func catalog() -> [(id: String, file: String, isUser: Bool)] {
    LayoutLibrary.catalog(user: userDirectory, shipped: shippedDirectory)
  }

  /// Loads every keymap and picks the one `name` chooses.
  ///
  /// A broken keymap file that `name` does not choose is skipped, with its problems in
  /// `skipped` for the caller to report, as a broken layout nobody uses never stops the pad:
  /// one bad file of the user's must not keep every keymap from working.
  ///
  /// - Parameter name: A keymap id, or the path of a keymap file (which replaces a keymap
  ///   with the same id).
  /// - Returns: The keymaps in catalog order (a file given by path last), the chosen one's
  ///   id, and the problems of the files skipped.
  /// - Throws: ``LayoutError`` with the problems of the chosen file (a keymap found by id must
  ///   have that id inside), or one naming the known ids when `name` is none of them.
  public func loadAll(choosing name: String) throws(LayoutError) -> (
    keymaps: [Keymap], chosen: String, skipped: [LayoutProblem]
  ) {
    let isPath = name.contains("/") || name.hasSuffix(".json")
    var keymaps: [Keymap] = []
    var problems: [LayoutProblem] = []
    var skipped: [LayoutProblem] = []
    for entry in catalog() {
      let isChosen = !isPath && entry.id == name
      do {
        let keymap = try Self.load(file: entry.file)
        guard keymap.id == entry.id else {
          let mismatch = LayoutProblem(
            .idMismatch, file: entry.file, path: "id",
            message: "\(jsonQuoted(keymap.id)) does not match the file name \(entry.id).json; "
              + "rename the file or change the id")
          if isChosen { problems.append(mismatch) } else { skipped.append(mismatch) }
          continue
        }
        keymaps.append(keymap)
      } catch {
        if isChosen { problems += error.problems } else { skipped += error.problems }
      }
    }
    var chosen = name
    if isPath {
      do {
        let given = try Self.load(file: name)
        keymaps.removeAll { $0.id == given.id }
        keymaps.append(given)
        chosen = given.id
      } catch {
        problems += error.problems
      }
    } else if problems.isEmpty && !keymaps.contains(where: { $0.id == name }) {
      problems.append(unknownKeymapProblem(name, known: keymaps.map(\.id)))
    }
    guard problems.isEmpty else { throw LayoutError(problems) }
    return (keymaps, chosen, skipped)
  }

  private func unknownKeymapProblem(_ name: String, known: [String]) -> LayoutProblem {
    guard !known.isEmpty else {
      return LayoutProblem(
        .unknownKeymap, file: name, path: "",
        message: "no keymaps were found; set CHEONJIIN_KEYMAPS to the Keymaps folder "
          + "(or give a path to a .json file)")
    }
    let hint = didYouMean(name, in: known).map { "did you mean \"\($0)\"? " } ?? ""
    return LayoutProblem(
      .unknownKeymap, file: name, path: "",
      message: "no keymap with this id; \(hint)known: \(known.joined(separator: ", "))"
        + " (or give a path to a .json file)")
  }

  /// Loads and validates one keymap file, reporting every problem with its JSON path.
  public static func load(file: String) throws(LayoutError) -> Keymap {
    try load(data: LayoutLibrary.contents(of: file, kind: "keymap"), file: file)
  }

  /// Loads and validates keymap JSON.
  ///
  /// - Parameter file: The name to report problems under.
  public static func load(data: Data, file: String) throws(LayoutError) -> Keymap {
    let root = try LayoutLibrary.parseJSON(data, file: file)
    var reader = KeymapReader(file: file)
    guard let keymap = reader.read(root), reader.problems.isEmpty else {
      throw LayoutError(reader.problems)
    }
    return keymap
  }
}

extension Keymap {
  /// Loads and validates one keymap file; see ``KeymapLibrary/load(file:)``.
  public static func load(file: String) throws(LayoutError) -> Keymap {
    try KeymapLibrary.load(file: file)
  }
}
