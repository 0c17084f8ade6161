import Foundation
import GRDB

/// Something the progress database could not do, with the path involved and what to do.
public enum StorageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The folder for the database could not be created.
  case cannotCreateFolder(path: String, reason: String)
  /// The database could not be opened or created, even after moving a bad file aside.
  case cannotOpen(path: String, reason: String)
  /// A bad database file could not be renamed out of the way.
  case cannotMoveAside(path: String, reason: String)
  /// A read or write failed on an open database.
  case database(path: String, operation: String, reason: String)
  /// A file to import could not be read; `reason` says why and what to do.
  case cannotReadFile(path: String, reason: String)
  /// A value that must not be stored (a day far outside the calendar, a count out of range).
  case invalidValue(path: String, operation: String, reason: String)
  /// The database, its folder or a file beside it cannot be written: progress can be read
  /// but not saved. `unwritable` is the file or folder at fault.
  case readOnly(path: String, unwritable: String)
  /// Like ``readOnly(path:unwritable:)``, but `unwritable` is on a file system mounted
  /// read-only: no permission would let anyone write it.
  case readOnlyFileSystem(path: String, unwritable: String)
  /// The database exists but this user may not read it (mode 0000, or another user's file).
  case notReadable(path: String, ownedByAnotherUser: Bool)
  /// The disk (or the user's quota) is full: the file is fine, nothing more fits.
  case diskFull(path: String, operation: String)
  /// Another program held the database locked for longer than the busy timeout (``ProgressStore/defaultBusyTimeout``).
  case busy(path: String, operation: String, waitedSeconds: Int)
  /// Something other than a plain file is where the database or a file beside it belongs.
  case unsafeFile(path: String, kind: UnsafeFileKind)
  /// The database was written by a newer version of cheonjiin (its schema has `migrations`
  /// this version does not know): it is read, never written.
  case newerVersion(path: String, migrations: [String])

  /// What was found where a plain file belongs.
  public enum UnsafeFileKind: Sendable, Hashable {
    /// A symbolic link: SQLite would follow it, even create its target.
    case symbolicLink
    case folder
    /// A FIFO, socket or device.
    case special
  }

  public var description: String {
    switch self {
    case .cannotCreateFolder(let path, let reason):
      "\(path): cannot create the folder (\(reason)); create it, or set XDG_DATA_HOME to a "
        + "writable folder"
    case .cannotOpen(let path, let reason):
      "\(path): cannot open the progress database (\(reason)); check that the folder is "
        + "writable, or set XDG_DATA_HOME to another folder"
    case .cannotMoveAside(let path, let reason):
      "\(path): the file is damaged and could not be moved aside (\(reason)); move or delete "
        + "it by hand, then start again"
    case .database(let path, let operation, let reason):
      "\(path): \(operation) failed (\(reason)); if this repeats, move the file aside and a "
        + "new one will be made"
    case .cannotReadFile(let path, let reason):
      "\(path): cannot import: \(reason)"
    case .invalidValue(let path, let operation, let reason):
      "\(path): \(operation) refused: \(reason)"
    case .readOnly(let path, let unwritable):
      "\(path): progress can be read but not saved: \(unwritable) is not writable; make it "
        + "writable (chmod u+w) to save again"
    case .readOnlyFileSystem(let path, let unwritable):
      "\(path): progress can be read but not saved: \(unwritable) is on a file system mounted "
        + "read-only; remount it read-write, or set XDG_DATA_HOME to a folder elsewhere to save "
        + "there"
    case .notReadable(let path, let ownedByAnotherUser):
      ownedByAnotherUser
        ? "\(path): the progress file belongs to another user, who has not let you read it; "
          + "have it given to you (sudo chown), or set XDG_DATA_HOME to a folder of your own"
        : "\(path): its permissions do not let you read the progress file; make it readable and "
          + "writable again (chmod u+rw) to use it"
    case .diskFull(let path, let operation):
      "\(path): \(operation): the disk is full; free some space and try again (the file is "
        + "fine: nothing in it was lost)"
    case .busy(let path, let operation, let waitedSeconds):
      "\(path): \(operation): another program kept the file locked for \(waitedSeconds) s "
        + "(another cheonjiin, or a program such as sqlite3 with a transaction open); close it "
        + "and try again"
    case .unsafeFile(let path, let kind):
      "\(path): \(kind.english), not a plain file; cheonjiin keeps its progress in a plain "
        + "file of its own: move it away, then start again"
    case .newerVersion(let path, let migrations):
      "\(path): written by a newer version of cheonjiin (schema \(migrations.joined(separator: ", "))"
        + "); this version reads it but never writes it, so nothing new is saved: update "
        + "cheonjiin to save again"
    }
  }
}

extension StorageError.UnsafeFileKind {
  var english: String {
    switch self {
    case .symbolicLink: "a symbolic link"
    case .folder: "a folder"
    case .special: "a FIFO, socket or device"
    }
  }
}

/// A short reason for an error from GRDB, SQLite or the file system.
func describe(_ error: any Error) -> String {
  if let error = error as? DatabaseError {
    let message = error.message ?? "\(error.resultCode)"
    return "SQLite error \(error.extendedResultCode.rawValue): \(message)"
  }
  if let error = error as? StorageError { return error.description }
  if let error = error as? DamagedDatabase { return error.reason }
  return (error as NSError).localizedDescription
}
