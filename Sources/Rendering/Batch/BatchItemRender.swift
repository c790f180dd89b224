import Foundation
import Playlists

/// One batch item taken to its end: held against other processes, its request built, its
/// outputs' record read, and the render run (or skipped as up to date) with the record claimed
/// before and completed after.
struct BatchItemRender {
  let item: BatchItem
  let force: Bool
  /// Encoder threads when the item does not set them.
  let threads: Int
  let makeRequest: @Sendable (BatchItem) throws -> RenderRequest

  /// What the item came to: the render's report (nil when skipped), why it was rendered or
  /// skipped, and the record that now stands beside the output.
  struct Outcome {
    var report: RenderReport?
    var reason: String
    var record: BatchRecord
  }

  func run(
    cancellation: RenderCancellation, started: (String) -> Void, progress: @escaping @Sendable (RenderProgress) -> Void
  ) throws(BatchItemFailure) -> Outcome {
    var request: RenderRequest
    do { request = try makeRequest(item) } catch let error as RenderError { throw failure(error) } catch {
      throw BatchItemFailure(failureClass: .permanent, message: "\(item.location): \(error)")
    }
    let sides = Self.sideOutputs(of: request)
    for folder in Set(([item.output] + sides).map(PathText.deletingLastComponent)) where !folder.isEmpty {
      do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
        throw systemFailure(error, doing: "cannot make its folder")
      }
    }
    let lock: BatchItemLock?
    do { lock = try BatchItemLock(output: item.output) } catch { throw systemFailure(error, doing: "cannot lock it") }
    guard let lock else {
      throw BatchItemFailure(failureClass: .retryable, message: "\(item.location): \(item.output): another process is rendering it now")
    }
    return try withExtendedLifetime(lock) { () throws(BatchItemFailure) -> Outcome in
      try render(&request, sides: sides, cancellation: cancellation, started: started, progress: progress)
    }
  }

  /// Decides, under the item's lock, whether to render, and renders.
  private func render(
    _ request: inout RenderRequest, sides: [String], cancellation: RenderCancellation, started: (String) -> Void,
    progress: @escaping @Sendable (RenderProgress) -> Void
  ) throws(BatchItemFailure) -> Outcome {
    let requestHash = ContentHash.of(text: item.canonicalText)
    let files = Self.inputFiles(of: item, request: request)
    var digests = [FileDigest?](repeating: nil, count: files.count)
    let digest = { (index: Int) throws -> FileDigest in
      if let known = digests[index] { return known }
      let made = try FileDigest.of(path: files[index])
      digests[index] = made
      return made
    }
    let reason: String
    var claimsForeignFile = false
    do {
      switch try BatchItemState.of(item, sides: sides, requestHash: requestHash, files: files, digest: digest) {
      case .missing: reason = "new"
      case .upToDate where force: reason = "forced (it was up to date)"
      case .upToDate(let record): return Outcome(report: nil, reason: "up to date", record: record)
      case .stale(let why): reason = why
      case .unowned where force:
        reason = "forced over a file the batch did not write"
        claimsForeignFile = true
      case .unowned(let file):
        throw BatchItemFailure(
          failureClass: .permanent,
          message: "\(item.location): \(file): exists and was not written by segue batch (no record beside it); pass --force to replace it")
      }
    } catch let error as BatchItemFailure { throw error } catch { throw systemFailure(error, doing: "cannot read its files") }
    let replaces = ([item.output] + sides).contains { FileManager.default.fileExists(atPath: $0) }
    if let problem = StagedOutputFile.problem(targetPath: item.output, overwrite: replaces, inputs: request.inputs) { throw failure(problem) }
    started(reason)
    var record: BatchRecord
    do {
      record = BatchRecord(requestHash: requestHash, request: item.canonicalText, inputs: try files.indices.map(digest), output: nil)
      try record.write(for: item.output)
    } catch { throw systemFailure(error, doing: "cannot record the render") }
    request.overwrite = replaces
    request.threads = request.threads ?? threads
    let foreignFile = claimsForeignFile ? Self.identity(of: item.output) : nil
    let report: RenderReport
    do { report = try Renderer.render(request, cancellation: cancellation, progress: progress) } catch {
      // A claim beside no output would only say so again; beside an old output of the batch's it
      // marks it stale; beside a file the batch did not write (still there, the render having
      // failed before replacing it) it must not make that file its own.
      let output = Self.identity(of: item.output)
      if output == nil || (foreignFile != nil && output == foreignFile) { unlink(BatchRecord.path(for: item.output)) }
      throw failure(error)
    }
    do {
      record.output = try FileDigest.of(path: item.output)
      record.sideOutputs = try sides.map(FileDigest.of(path:))
      record.frames = report.outputFrameCount
      record.loudness = report.loudness?.integratedLUFS
      record.truePeak = report.loudness.flatMap { $0.decodedTruePeakDBTP ?? $0.truePeakDBTP }
      record.warnings = report.warnings
      try record.write(for: item.output)
    } catch { throw systemFailure(error, doing: "cannot record the render") }
    return Outcome(report: report, reason: reason, record: record)
  }

  /// The device and inode of the file at `path`, to tell whether it is still the same file; nil
  /// when there is none.
  private static func identity(of path: String) -> [UInt64]? {
    var status = stat()
    return stat(path, &status) == 0 ? [UInt64(status.st_dev), UInt64(status.st_ino)] : nil
  }

  /// The files a render of `request` writes beside its output: cue sheet, track list, page, picture.
  static func sideOutputs(of request: RenderRequest) -> [String] {
    [request.listing.cueSheetPath, request.listing.tracklistPath, request.reportPath, request.picturePath].compactMap { $0 }
  }

  /// The files whose contents decide the output: the playlists and files named, playlists they
  /// name, the audio they lead to (folders' contents included), overlays and the cover; each
  /// once, in that order. A file that is missing is left out, for the render to name.
  static func inputFiles(of item: BatchItem, request: RenderRequest) -> [String] {
    let named = item.inputs.filter { path in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
    let all = named + request.playlistFiles + request.inputs.map(\.path) + request.overlays.map(\.input.path)
      + [request.listing.coverArtPath].compactMap { $0 }
    var seen = Set<String>()
    return all.filter { seen.insert($0).inserted && FileManager.default.fileExists(atPath: $0) }
  }

  private func failure(_ error: RenderError) -> BatchItemFailure {
    let message = error.message { $0 == .overwrite ? "segue batch --force" : $0.field }
    return BatchItemFailure(failureClass: error.failureClass, message: "\(item.location): \(message)")
  }

  private func systemFailure(_ error: any Error, doing what: String) -> BatchItemFailure {
    BatchItemFailure(
      failureClass: BatchResult.FailureClass(systemError: error), message: "\(item.location): \(item.output): \(what) (\(error.localizedDescription))")
  }
}

/// Why a batch item failed, and whether running it again may succeed.
struct BatchItemFailure: Error {
  var failureClass: BatchResult.FailureClass
  var message: String
}
