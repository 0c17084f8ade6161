import Foundation
import SystemIO
import SystemPackage

/// The checks made on the progress file and its folder before SQLite sees them.
///
/// SQLite follows a symbolic link (a dangling one makes it create the link's target), opens a
/// folder's `-wal` as if it were its journal, and creates files 0644 under the usual umask.
/// The progress file holds what the user typed, so it must be a plain file of their own that
/// only they can read.
enum ProgressFile {
  /// The files SQLite keeps beside the database.
  static let companions = ["-wal", "-shm", "-journal"]

  /// Creates the folder (and its parents) when missing, and makes it owner-only (0700).
  ///
  /// A folder created by an earlier version (0755) is made private too; a folder of another
  /// user is left as it is.
  static func preparePrivateFolder(_ folder: String) throws(StorageError) {
    guard !folder.isEmpty else { return }
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotCreateFolder(path: folder, reason: describe(error))
    }
    makeOwnerOnly(folder)
  }

  /// Refuses a symbolic link or anything but a plain file at `path` or its companions.
  ///
  /// - Returns: Whether the database file exists.
  static func checkKinds(_ path: String) throws(StorageError) -> Bool {
    var exists = false
    for file in [path] + companions.map({ path + $0 }) {
      let status: Stat
      do {
        status = try Stat(FilePath(file), followTargetSymlink: false)
      } catch Errno.noSuchFileOrDirectory {
        continue
      } catch {
        throw .cannotOpen(path: file, reason: "\(error)")
      }
      switch status.type {
      case .regular:
        if file == path { exists = true }
      case .symbolicLink:
        throw .unsafeFile(path: file, kind: .symbolicLink)
      case .directory:
        throw .unsafeFile(path: file, kind: .folder)
      default:
        throw .unsafeFile(path: file, kind: .special)
      }
    }
    return exists
  }

  /// Creates an empty database file readable by its owner only (0600), never through a link.
  ///
  /// SQLite then opens the empty file as a new database, and gives its `-wal` and `-shm`
  /// files the same mode.
  static func createPrivate(_ path: String) throws(StorageError) {
    do {
      let file = try FileDescriptor.open(
        FilePath(path), .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
        permissions: [.ownerReadWrite])
      try file.close()
    } catch Errno.fileExists {
      return  // another instance made it first
    } catch Errno.noSpace {
      throw .diskFull(path: path, operation: "creating the file")
    } catch {
      throw .cannotOpen(path: path, reason: "\(error)")
    }
  }

  /// Makes the database owner-only (0600) when an earlier version made it readable by
  /// others, and its `-wal` and `-shm` files exactly 0600.
  ///
  /// SQLite gives those files the database's mode when it creates them, so a run on a
  /// read-only database left them read-only: writable again, they follow the database.
  static func makePrivate(_ path: String) {
    makeOwnerOnly(path)
    makeCompanionsPrivate(path)
  }

  /// Makes the `-wal` and `-shm` files beside the database exactly 0600, where this process
  /// may.
  ///
  /// SQLite gives the files it creates the database's mode (it even changes an empty file
  /// made 0600 beforehand): reading a 0444 database left a `-shm` and `-wal` everyone could
  /// read.
  static func makeCompanionsPrivate(_ path: String) {
    for companion in companions.map({ path + $0 }) {
      guard let status = try? Stat(FilePath(companion), followTargetSymlink: false),
        status.type == .regular, status.permissions != [.ownerReadWrite]
      else { continue }
      try? setPermissions(FilePath(companion), [.ownerReadWrite])
    }
  }

  /// Why this process cannot read the existing database, if it cannot: SQLite would only say
  /// it is "unable to open database file".
  static func readProblem(_ path: String) -> StorageError? {
    guard !FileManager.default.isReadableFile(atPath: path) else { return nil }
    // Only the wording depends on the owner: a file gone meanwhile is worded as the user's.
    let owner = (try? Stat(FilePath(path), followTargetSymlink: false))?.userID
    return .notReadable(
      path: path, ownedByAnotherUser: owner.map { $0.rawValue != geteuid() } ?? false)
  }

  /// Why this process cannot write the file (or create it) and the files beside it, if it
  /// cannot: ``StorageError/readOnly(path:unwritable:)`` naming the file or folder, or
  /// ``StorageError/readOnlyFileSystem(path:unwritable:)`` when no permission would help.
  static func writeProblem(_ path: String, exists: Bool) -> StorageError? {
    let folder = (path as NSString).deletingLastPathComponent
    let files = [folder.isEmpty ? "." : folder] + (exists ? [path] : [])
    // One question per file, not "is it there" then "can it be written": another instance's
    // journal comes and goes with its transactions, and one gone between the two questions
    // read as unwritable (seen with two instances creating the same file at once).
    for (index, file) in (files + companions.map { path + $0 }).enumerated() {
      switch writeRefusal(FilePath(file), isFolder: index == 0) {
      case nil: continue
      case .noSuchFileOrDirectory? where index >= files.count: continue
      case .readOnlyFileSystem?: return .readOnlyFileSystem(path: path, unwritable: file)
      case _?: return .readOnly(path: path, unwritable: file)
      }
    }
    return nil
  }

  /// Clears the group and other permission bits of a file or folder, keeping the owner's:
  /// a folder the user made read-only stays read-only.
  private static func makeOwnerOnly(_ path: String) {
    guard let status = try? Stat(FilePath(path), followTargetSymlink: false),
      status.type == .regular || status.type == .directory,
      status.permissions.rawValue & 0o077 != 0
    else { return }
    // Best effort: a file of another user, or one we cannot change, stays as it was.
    try? setPermissions(
      FilePath(path), FilePermissions(rawValue: status.permissions.rawValue & 0o700))
  }
}
