import Foundation

/// An output written under a temporary name beside its target and moved into place only when done.
///
/// Without `overwrite`, the final move is a hard link that fails if the target appeared meanwhile,
/// so an existing file is never replaced. Until `commit()`, `discard()` removes every trace.
final class StagedOutputFile {
  let targetPath: String
  let stagingPath: String
  private let overwrite: Bool
  private var isCommitted = false

  /// Checks that `targetPath` may be written, and picks the temporary name.
  init(targetPath: String, overwrite: Bool, inputs: [InputSource]) throws(RenderError) {
    self.targetPath = targetPath
    self.overwrite = overwrite
    if let problem = Self.problem(targetPath: targetPath, overwrite: overwrite, inputs: inputs) { throw problem }
    let target = URL(fileURLWithPath: targetPath).standardizedFileURL
    let folder = target.deletingLastPathComponent().path
    stagingPath = "\(folder)/.\(target.lastPathComponent).\(UInt32.random(in: .min ... .max)).partial"
    guard FileManager.default.createFile(atPath: stagingPath, contents: nil) else {
      throw .output(
        path: targetPath, .notWritable(folder: Self.displayFolder(of: targetPath), detail: String(cString: strerror(errno))))
    }
  }

  /// Why `targetPath` may not be written (it is an input, a folder, a file kept without
  /// `overwrite`, or in a folder that does not exist); nil when it may.
  static func problem(targetPath: String, overwrite: Bool, inputs: [InputSource]) -> RenderError? {
    let target = URL(fileURLWithPath: targetPath).standardizedFileURL
    if let input = inputs.first(where: { Self.sameFile($0.path, target.path) }) {
      return .output(path: targetPath, .isInput(input))
    }
    var targetIsFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: target.path, isDirectory: &targetIsFolder) {
      if targetIsFolder.boolValue { return .output(path: targetPath, .isFolder) }
      if !overwrite { return .output(path: targetPath, .exists) }
    }
    var isFolder: ObjCBool = false
    let folder = target.deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      return .output(path: targetPath, .folderMissing(Self.displayFolder(of: targetPath)))
    }
    return nil
  }

  /// Moves the finished file into place.
  func commit() throws(RenderError) {
    if overwrite {
      guard rename(stagingPath, targetPath) == 0 else { throw failure() }
    } else {
      guard link(stagingPath, targetPath) == 0 else {
        throw errno == EEXIST ? .output(path: targetPath, .exists) : failure()
      }
      unlink(stagingPath)
    }
    isCommitted = true
  }

  /// Removes the temporary file, unless it was committed.
  func discard() {
    if !isCommitted { unlink(stagingPath) }
  }

  deinit { discard() }

  private func failure() -> RenderError {
    .output(path: targetPath, .writeFailed(detail: String(cString: strerror(errno))))
  }

  private static func displayFolder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
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
