import Composition
import FFmpegAudio

/// Where a render's output goes: the file staged under a temporary name (or standard output),
/// the writer that encodes into it, the chapters and tags it carries, and the side files beside
/// it; moved into place together only when the render is complete.
struct OutputStage {
  let request: RenderRequest
  let format: OutputFormat
  /// The staged file; nil on standard output.
  let staged: StagedOutputFile?
  let writer: AudioFileWriter
  /// The tracks the output holds (nil for previews of several parts).
  let trackList: TrackList?
  /// The container's chapters and tags, nil when it carries none.
  let metadata: ContainerMetadata?
  private let sideFiles: SideFiles

  /// Opens the output of `selection` of `plan` for `request`, having checked that every file it
  /// writes (output, side files, page, picture) may be written; nothing is left if it throws.
  init(
    _ request: RenderRequest, format: OutputFormat, selection: OutputSelection, plan: Plan, inputs: [InputSource], infos: [AudioStreamInfo]
  ) throws(RenderError) {
    (self.request, self.format) = (request, format)
    // A staged file not kept is removed when it is released (its `AtomicFileReplacement`'s deinit).
    staged =
      request.writesToStandardOutput ? nil : try StagedOutputFile(targetPath: request.outputPath, overwrite: request.overwrite, inputs: request.inputs)
    trackList = Self.trackList(of: selection, plan: plan, inputs: inputs, infos: infos)
    sideFiles = try SideFiles(listing: request.listing, overwrite: request.overwrite, describesTracks: trackList != nil)
    for side in [request.reportPath, request.picturePath].compactMap({ $0 }) {
      if let problem = StagedOutputFile.problem(targetPath: side, overwrite: request.overwrite, inputs: request.inputs) { throw problem }
    }
    metadata = try trackList.map { list throws(RenderError) in
      try ListingWriter.metadata(list, listing: request.listing, playlist: request.playlistTags, outputPath: request.outputPath,
        containerName: format.containerName, firstInput: inputs[0])
    } ?? (request.partTitles.isEmpty ? nil : ContainerMetadata(chapters: selection.chapters(titled: request.partTitles)))
    do {
      writer = try AudioFileWriter(
        path: staged?.stagingPath ?? AudioFileWriter.standardOutput, containerName: format.containerName, settings: format.settings,
        metadata: format.filedAsItsKind(metadata ?? ContainerMetadata()))
    } catch {
      throw .output(path: request.outputPath, Renderer.writeFailure(error))
    }
  }

  /// Moves the finished output into place and writes its side files; returns what to note
  /// about it (stale files removed, what the container could not hold).
  func commit() throws(RenderError) -> [String] {
    try staged?.commit()
    if let trackList {
      try sideFiles.write(trackList, listing: request.listing, playlist: request.playlistTags, outputPath: request.outputPath)
    }
    var notes = (staged?.removedStaleFiles ?? []).map { RenderReport.warningPrefix + "removed \($0), left in the folder by an interrupted render" }
    if staged == nil, let lost = format.container.lostWhenStreamed { notes.append("on standard output, \(lost)") }
    if metadata?.coverArt != nil && !AudioFileWriter.takesCoverArt(containerName: format.containerName) {
      notes.append("the cover picture was left out: FFmpeg cannot put one in .\(format.container.rawValue) output")
    }
    return notes
  }

  /// Removes the staged file, unless it was moved into place.
  func discard() { staged?.discard() }

  /// The tracks the output holds: all of them for the whole mix, those inside it (cut and shifted)
  /// for one range; none for previews of several parts.
  private static func trackList(
    of selection: OutputSelection, plan: Plan, inputs: [InputSource], infos: [AudioStreamInfo]
  ) -> TrackList? {
    guard selection.segments.count == 1 else { return nil }
    let whole = TrackList(plan: plan, inputs: inputs, infos: infos)
    return selection.isWhole(of: plan.timeline) ? whole : whole.sliced(to: selection.segments[0])
  }
}
