import Foundation
import Playlists

/// One batch item taken to its end: its request built, its output's record read, and the render
/// run (or skipped as up to date) with the record claimed before and completed after.
struct BatchItemRender {
  let item: BatchItem
  let force: Bool
  /// Encoder threads when the item does not set them.
  let threads: Int
  let makeRequest: @Sendable (BatchItem) throws -> RenderRequest

  /// What the item came to: the render's report (nil when skipped), and why it was rendered or skipped.
  struct Outcome {
    var report: RenderReport?
    var reason: String
  }

  func run(
    cancellation: RenderCancellation, started: (String) -> Void, progress: @escaping @Sendable (RenderProgress) -> Void
  ) throws(BatchItemFailure) -> Outcome {
    var request: RenderRequest
    do { request = try makeRequest(item) } catch let error as RenderError { throw failure(error) } catch {
      throw BatchItemFailure(failureClass: .permanent, message: "\(item.location): \(error)")
    }
    let requestHash = ContentHash.of(text: item.canonicalText)
    let files = Self.inputFiles(of: item, request: request)
    var digests: [FileDigest]?
    let inputs = { () throws -> [FileDigest] in
      if let digests { return digests }
      let made = try files.map(FileDigest.of(path:))
      digests = made
      return made
    }
    let reason: String
    do {
      switch try BatchItemState.of(item, requestHash: requestHash, inputs: inputs) {
      case .missing: reason = "new"
      case .upToDate where force: reason = "forced (it was up to date)"
      case .upToDate: return Outcome(report: nil, reason: "up to date")
      case .stale(let why): reason = why
      case .unowned where force: reason = "forced over a file the batch did not write"
      case .unowned:
        throw BatchItemFailure(
          failureClass: .permanent,
          message: "\(item.location): \(item.output): exists and was not written by segue batch (no record beside it); pass --force to replace it")
      }
    } catch let error as BatchItemFailure { throw error } catch { throw systemFailure(error, doing: "cannot read its files") }
    let folder = PathText.deletingLastComponent(item.output)
    if !folder.isEmpty {
      do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
        throw systemFailure(error, doing: "cannot make its folder")
      }
    }
    let replaces = FileManager.default.fileExists(atPath: item.output)
    if let problem = StagedOutputFile.problem(targetPath: item.output, overwrite: replaces, inputs: request.inputs) { throw failure(problem) }
    started(reason)
    var record: BatchRecord
    do {
      record = BatchRecord(requestHash: requestHash, request: item.canonicalText, inputs: try inputs(), output: nil)
      try record.write(for: item.output)
    } catch { throw systemFailure(error, doing: "cannot record the render") }
    request.overwrite = replaces
    request.threads = request.threads ?? threads
    let report: RenderReport
    do { report = try Renderer.render(request, cancellation: cancellation, progress: progress) } catch {
      // A claim beside no output would only say so again; beside an old output it marks it stale.
      if !FileManager.default.fileExists(atPath: item.output) { unlink(BatchRecord.path(for: item.output)) }
      throw failure(error)
    }
    do {
      record.output = try FileDigest.of(path: item.output)
      try record.write(for: item.output)
    } catch { throw systemFailure(error, doing: "cannot record the render") }
    return Outcome(report: report, reason: reason)
  }

  /// The files whose contents decide the output: the playlists and files named, the audio they
  /// lead to (folders' contents included), overlays and the cover; each once, in that order.
  static func inputFiles(of item: BatchItem, request: RenderRequest) -> [String] {
    let named = item.inputs.filter { path in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
    let all = named + request.inputs.map(\.path) + request.overlays.map(\.input.path) + [request.listing.coverArtPath].compactMap { $0 }
    var seen = Set<String>()
    // A file that is missing is left to the render, which names it.
    return all.filter { seen.insert($0).inserted && FileManager.default.fileExists(atPath: $0) }
  }

  private func failure(_ error: RenderError) -> BatchItemFailure {
    BatchItemFailure(failureClass: error.failureClass, message: "\(item.location): \(error.message(naming: \.field))")
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
