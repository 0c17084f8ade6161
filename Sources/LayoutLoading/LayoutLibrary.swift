import HangulEngine
import SystemPackage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A layout read from a file, with what the file kept for the user (`x-` members).
public struct LoadedLayout: Sendable {
  public var layout: Layout
  /// The file it came from.
  public var file: String
  /// `x-` members by JSON path, kept as written.
  public var extensions: [String: JSONValue]
}

/// Where layouts live and how to load them.
///
/// Search order for an id: the user's directory (`$XDG_CONFIG_HOME/cheonjiin/layouts`, so a
/// user file overrides a shipped one), then the shipped `Layouts/`. A name containing `/` or
/// ending in `.json` is a path.
public struct LayoutLibrary: Sendable {
  /// The shipped layouts, if found.
  public var shippedDirectory: String?
  /// The user's layouts (may not exist).
  public var userDirectory: String

  /// The id used when none is given.
  public static let defaultID = "cheonjiin-galaxy"

  public init(shippedDirectory: String?, userDirectory: String) {
    self.shippedDirectory = shippedDirectory
    self.userDirectory = userDirectory
  }

  /// The library for this process: the shipped layouts that ``ShareDirectory`` finds
  /// (`$CHEONJIIN_LAYOUTS`, `PREFIX/share/cheonjiin/layouts`, or `Layouts/` above a build in
  /// the source tree) and the user's `$XDG_CONFIG_HOME/cheonjiin/layouts`.
  public static func standard(
    _ directories: ShareDirectory = ShareDirectory()
  ) -> LayoutLibrary {
    LayoutLibrary(
      shippedDirectory: directories.shipped(.layouts), userDirectory: directories.user(.layouts))
  }

  static func parent(of path: String) -> String {
    ShareDirectory.parent(of: path)
  }

  static func baseName(of path: String) -> String {
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
  }

  // MARK: - Finding

  /// Every layout file the library can see, user files first; a user file hides a shipped
  /// one with the same id.
  public func catalog() -> [(id: String, file: String, isUser: Bool)] {
    Self.catalog(user: userDirectory, shipped: shippedDirectory)
  }

  /// The `.json` files (schemas left out) of a user and a shipped folder, user files first; a user
  /// file hides a shipped one with the same id.
  ///
  /// Shared with ``KeymapLibrary``.
  static func catalog(
    user: String, shipped: String?
  ) -> [(id: String, file: String, isUser: Bool)] {
    var seen: Set<String> = []
    var result: [(id: String, file: String, isUser: Bool)] = []
    for (directory, isUser) in [(user, true), (shipped, false)] {
      guard let directory,
        let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
      else { continue }  // a missing directory simply has no files
      for name in names.sorted() where name.hasSuffix(".json") && !name.hasSuffix(".schema.json") {
        let id = baseName(of: name)
        // A link to a missing file is no layout; naming it would suggest it to the user.
        guard FileManager.default.fileExists(atPath: "\(directory)/\(name)") else { continue }
        if seen.insert(id).inserted { result.append((id, "\(directory)/\(name)", isUser)) }
      }
    }
    return result
  }

  /// The file for an id or path.
  ///
  /// Your layouts come first, so a file there overrides a shipped one even when a shipped
  /// layout's switch key names it.
  ///
  /// - Parameter near: A directory to search after yours (the directory of the layout that
  ///   names this one in a switch key), before the shipped layouts.
  /// - Throws: ``LayoutError`` naming the known ids and the closest one.
  public func locate(_ name: String, near: String? = nil) throws(LayoutError) -> String {
    if name.contains("/") || name.hasSuffix(".json") { return name }
    var directories = [userDirectory]
    if let near { directories.append(near) }
    if let shippedDirectory { directories.append(shippedDirectory) }
    for directory in directories {
      let file = "\(directory)/\(name).json"
      if FileManager.default.fileExists(atPath: file) { return file }
      // A link to a missing file: `load` says so, rather than "no layout with this id".
      if (try? FileManager.default.destinationOfSymbolicLink(atPath: file)) != nil { return file }
    }
    let known = catalog().map(\.id)
    let hint = didYouMean(name, in: known).map { "did you mean \"\($0)\"? " } ?? ""
    let where_ =
      shippedDirectory == nil
      ? "; the shipped layouts were not found either: set CHEONJIIN_LAYOUTS to the Layouts folder"
      : ""
    throw LayoutError([
      LayoutProblem(
        .unknownLayout, file: name, path: "",
        message: "no layout with this id; \(hint)known: \(known.joined(separator: ", "))"
          + " (or give a path to a .json file)\(where_)")
    ])
  }

  // MARK: - Loading

  /// Loads and validates one file.
  ///
  /// - Throws: ``LayoutError`` with every problem in the file.
  public func load(file: String) throws(LayoutError) -> LoadedLayout {
    try Self.load(data: Self.contents(of: file, kind: "layout"), file: file)
  }

  /// The JSON of a data file, or the problem that says where it stops being JSON.
  ///
  /// Shared with ``KeymapLibrary``.
  static func parseJSON(_ data: Data, file: String) throws(LayoutError) -> JSONValue {
    do {
      return try JSONValue.parse(data)
    } catch {
      throw LayoutError([LayoutProblem(.invalidJSON, file: file, path: "", message: error.message)])
    }
  }

  /// The most bytes a layout or keymap file may have: the shipped ones are about 5 KB.
  public static let maximumFileBytes = 1 << 20

  /// The bytes of a data file, or the problem that says why there are none (a folder, a dangling
  /// link, a FIFO or device, a file over ``maximumFileBytes``, no permission, no file).
  ///
  /// Shared with ``KeymapLibrary``.
  ///
  /// - Parameter kind: What the file should hold, for the message: `layout`, `keymap`.
  static func contents(of file: String, kind: String) throws(LayoutError) -> Data {
    func refuse(_ reason: String) -> LayoutError {
      LayoutError([
        LayoutProblem(.unreadableFile, file: file, path: "", message: "the file \(reason)")
      ])
    }
    let status: Stat
    do {
      status = try Stat(FilePath(file))
    } catch {
      let link = try? FileManager.default.destinationOfSymbolicLink(atPath: file)
      throw refuse(
        link.map { "is a link to \($0), which does not exist; fix or remove the link" }
          ?? (error == .noSuchFileOrDirectory
            ? "does not exist; check the path" : "cannot be read (\(error)); check its permissions")
      )
    }
    switch status.type {
    case .regular: break
    case .directory: throw refuse("is a folder; give a \(kind) .json file")
    default:
      throw refuse("is not a plain file (a FIFO, socket or device); give a \(kind) .json file")
    }
    let limit = maximumFileBytes
    guard status.size <= limit else {
      throw refuse(
        "has \(status.size) bytes; a \(kind) file has at most \(limit) (1 MiB; the shipped ones "
          + "have about 5 KB)")
    }
    // One byte more than the size just seen: reading it means the file grew meanwhile, and
    // no more than the limit is ever read.
    var bytes = [UInt8](repeating: 0, count: Int(status.size) + 1)
    var count = 0
    do {
      let descriptor = try FileDescriptor.open(FilePath(file), .readOnly, options: .closeOnExec)
      try descriptor.closeAfter {
        while count < bytes.count {
          let read = try bytes.withUnsafeMutableBytes { buffer in
            try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
          }
          if read == 0 { break }
          count += read
        }
      }
    } catch {
      throw refuse("cannot be read (\(error)); check its permissions")
    }
    guard count < bytes.count else { throw refuse("changed while being read; try again") }
    return Data(bytes[..<count])
  }

  /// Loads and validates layout JSON.
  public static func load(data: Data, file: String) throws(LayoutError) -> LoadedLayout {
    let root = try parseJSON(data, file: file)
    var reader = LayoutReader(file: file)
    guard let layout = reader.read(root), reader.problems.isEmpty else {
      throw LayoutError(reader.problems)
    }
    return LoadedLayout(layout: layout, file: file, extensions: reader.extensions)
  }

  /// Loads a layout and every layout its switch keys reach, the named one first.
  ///
  /// A switch to ``Layout/homeID`` goes back to the first layout; if the named layout is
  /// itself a side pad (`--layout symbols`), the default layout is loaded as its home.
  ///
  /// - Throws: ``LayoutError`` with the problems of every file, and a problem for each
  ///   switch key whose target cannot be found.
  public func loadSet(_ name: String) throws(LayoutError) -> [LoadedLayout] {
    let first = try locate(name)
    var loaded: [LoadedLayout] = []
    var problems: [LayoutProblem] = []
    var queue = [first]
    var seenFiles: Set<String> = [first]
    while !queue.isEmpty || (problems.isEmpty && needsHome(loaded)) {
      if queue.isEmpty {
        let home = try locate(Self.defaultID)
        guard seenFiles.insert(home).inserted else { break }
        queue.append(home)
      }
      let file = queue.removeFirst()
      let layout: LoadedLayout
      do {
        layout = try load(file: file)
      } catch {
        problems += error.problems
        continue
      }
      if file != first || !(name.contains("/") || name.hasSuffix(".json")),
        layout.layout.id != Self.baseName(of: file)
      {
        problems.append(
          LayoutProblem(
            .idMismatch, file: file, path: "id",
            message:
              "\"\(layout.layout.id)\" does not match the file name \(Self.baseName(of: file)).json; "
              + "rename the file or change the id"))
      }
      loaded.append(layout)
      for (index, key) in layout.layout.keys.enumerated() {
        guard case .switchLayout(let target) = key.action, target != Layout.homeID else { continue }
        if target == layout.layout.id {
          problems.append(
            LayoutProblem(
              .unknownLayout, file: file, path: "keys[\(index)].layout",
              message: "\"\(target)\" is this layout itself; name the layout to switch to"))
          continue
        }
        do {
          let targetFile = try locate(target, near: Self.parent(of: file))
          if seenFiles.insert(targetFile).inserted { queue.append(targetFile) }
        } catch {
          let known = catalog().map(\.id)
          let hint = didYouMean(target, in: known).map { "did you mean \"\($0)\"? " } ?? ""
          problems.append(
            LayoutProblem(
              .unknownLayout, file: file, path: "keys[\(index)].layout",
              message:
                "\"\(target)\" is not a known layout; \(hint)known: \(known.joined(separator: ", "))"
            ))
        }
      }
    }
    guard problems.isEmpty else { throw LayoutError(problems) }
    return loaded
  }

  /// Whether every layout of a set switches home, so none of them can be home.
  private func needsHome(_ loaded: [LoadedLayout]) -> Bool {
    !loaded.isEmpty && loaded.allSatisfy(\.layout.switchesHome)
  }

  /// Loads a layout set and makes an input method starting on the named layout.
  public func inputMethod(_ name: String = defaultID) throws(LayoutError) -> InputMethod {
    InputMethod(layouts: try loadSet(name).map(\.layout))
  }
}
