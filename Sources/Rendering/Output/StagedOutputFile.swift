import Containers
import Foundation
import Playlists

/// An output written under a temporary name beside its target and moved into place only when done.
///
/// Without `overwrite`, the final move is a hard link that fails if the target appeared meanwhile,
/// so an existing file is never replaced. A target that is a symbolic link has its linked file
/// replaced, never the link; devices and FIFOs are refused. Until `commit()`, `discard()` removes
/// every trace.
///
/// The temporary file (`.segue-<8 hex digits>.partial`, short, so any valid name stays valid) is
/// held under an advisory lock while it is written: a render killed outright leaves it unlocked,
/// and the next render in the folder removes it and says so (`removedStaleFiles`).
final class StagedOutputFile {
  let targetPath: String
  /// Temporary files of interrupted renders that this one removed, by name and size.
  let removedStaleFiles: [String]
  private let overwrite: Bool
  /// Where the output really goes: the target, or the file a symbolic link at the target names.
  private let destination: String
  /// The temporary file, holding its lock until commit or discard.
  private let file: AtomicFileReplacement

  /// Where the output is written until it is committed.
  var stagingPath: String { file.temporaryPath }

  /// Checks that `targetPath` may be written, removes stale temporary files, and creates and locks
  /// the temporary file.
  init(targetPath: String, overwrite: Bool, inputs: [InputSource]) throws(RenderError) {
    self.targetPath = targetPath
    self.overwrite = overwrite
    if let problem = Self.problem(targetPath: targetPath, overwrite: overwrite, inputs: inputs) { throw problem }
    destination = Self.resolvedTarget(targetPath)
    let folder = PathText.deletingLastComponent(destination)
    removedStaleFiles = Self.removeStaleFiles(in: folder.isEmpty ? "." : folder)
    let name = (folder.isEmpty ? "" : folder + "/") + String(format: ".segue-%08x", UInt32.random(in: .min ... .max))
    // Made under another name and locked before it is named `.partial`: another render starting
    // in the same folder would otherwise take it for a killed render's, between its creation and
    // its lock, and remove it.
    do {
      file = try AtomicFileReplacement(temporaryPath: name + ".partial", lockedAfterMakingAt: name + ".new")
    } catch {
      throw .output(
        path: targetPath, .notWritable(folder: Self.displayFolder(of: targetPath), detail: error.reason, errorNumber: error.errorNumber))
    }
  }

  /// Why `targetPath` may not be written (it is an input, a folder, a device or FIFO, a file kept
  /// without `overwrite`, or in a folder that does not exist); nil when it may.
  static func problem(targetPath: String, overwrite: Bool, inputs: [InputSource]) -> RenderError? {
    let target = URL(fileURLWithPath: targetPath).standardizedFileURL
    if let input = inputs.first(where: { Self.sameFile($0.path, target.path) }) {
      return .output(path: targetPath, .isInput(input))
    }
    if let kind = InputCheck.specialFileKind(target.path) { return .output(path: targetPath, .notARegularFile(kind)) }
    var targetIsFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: target.path, isDirectory: &targetIsFolder) {
      if targetIsFolder.boolValue { return .output(path: targetPath, .isFolder) }
      if !overwrite { return .output(path: targetPath, .exists) }
    }
    var isFolder: ObjCBool = false
    let folder = PathText.deletingLastComponent(resolvedTarget(targetPath))
    guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder), isFolder.boolValue else {
      return .output(path: targetPath, .folderMissing(Self.displayFolder(of: targetPath)))
    }
    return nil
  }

  /// Moves the finished file into place.
  func commit() throws(RenderError) {
    do {
      try file.commit(to: destination, syncing: false, replacing: overwrite)
    } catch {
      if !overwrite && error.errorNumber == EEXIST { throw .output(path: targetPath, .exists) }
      throw .output(path: targetPath, .writeFailed(detail: error.reason, errorNumber: error.errorNumber))
    }
  }

  /// Removes the temporary file, unless it was committed.
  func discard() { file.discard() }

  /// The file a symbolic link at `path` names (followed to the end), else `path` itself.
  private static func resolvedTarget(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
    return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  }

  /// Removes the temporary files in `folder` that no render holds locked (their render was killed
  /// outright), and names them with their sizes.
  private static func removeStaleFiles(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasPrefix(".segue-") && $0.hasSuffix(".partial") }.compactMap { name in
      let path = folder + "/" + name
      let handle = open(path, O_RDONLY | O_CLOEXEC)
      guard handle >= 0 else { return nil }
      defer { close(handle) }
      guard flock(handle, LOCK_EX | LOCK_NB) == 0 else { return nil }
      var info = stat()
      let size = fstat(handle, &info) == 0 ? Int64(info.st_size) : 0
      guard unlink(path) == 0 else { return nil }
      return "\(name) (\(ByteCountFormatter.string(fromByteCount: size, countStyle: .file)))"
    }
  }

  private static func displayFolder(of path: String) -> String {
    let folder = PathText.deletingLastComponent(path)
    return folder.isEmpty ? "." : folder
  }

  /// True when both paths name the same file (after resolving links), or the same path.
  private static func sameFile(_ a: String, _ b: String) -> Bool {
    let first = URL(fileURLWithPath: a).resolvingSymlinksInPath().standardizedFileURL.path
    let second = URL(fileURLWithPath: b).resolvingSymlinksInPath().standardizedFileURL.path
    if first == second { return true }
    var statA = stat()
    var statB = stat()
    return stat(first, &statA) == 0 && stat(second, &statB) == 0 && statA.st_dev == statB.st_dev
      && statA.st_ino == statB.st_ino
  }
}
