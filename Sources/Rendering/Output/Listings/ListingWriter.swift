import FFmpegAudio
import Foundation
import Playlists

/// Turns a track list into what goes inside the output (tags, chapters, an embedded CUE sheet).
enum ListingWriter {
  /// The tags, chapters and cover for an output in `containerName`; the first input's picture is
  /// carried over when every track is from its album, and only where the container can hold it
  /// (one asked for by path is always kept, so the render can say it was left out).
  static func metadata(
    _ list: TrackList, listing: ListingOptions, playlist: PlaylistTags, outputPath: String, containerName: String, firstInput: InputSource
  ) throws(RenderError) -> ContainerMetadata {
    var tags = list.outputTags(overrides: listing.tags, playlist: playlist)
    if listing.embedCueSheet {
      tags["CUESHEET"] = list.cueSheet(fileName: PathText.lastComponent(outputPath), tags: tags, titles: listing.chapterTitle)
    }
    let inherited = list.isOneAlbum && AudioFileWriter.takesCoverArt(containerName: containerName) ? CoverArt.attached(to: firstInput.path) : nil
    let art = try listing.coverArtPath.map { path throws(RenderError) in try coverArt(at: path) } ?? inherited
    return ContainerMetadata(tags: tags, chapters: list.chapters(for: listing), coverArt: art)
  }

  /// The picture at `path`, which must be a JPEG or PNG.
  private static func coverArt(at path: String) throws(RenderError) -> CoverArt {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .input(InputSource(path: path), FileManager.default.fileExists(atPath: path) ? .cannotOpen(detail: "unreadable") : .notFound)
    }
    guard let art = CoverArt(data: Array(data)) else { throw .input(InputSource(path: path), .badOption("not a JPEG or PNG picture")) }
    return art
  }
}

/// The CUE sheet and tracklist files beside the output: checked before rendering, written after.
struct SideFiles {
  private let files: [(path: String, kind: ListingOptions.SideFile)]

  /// Refuses side files that exist (without `overwrite`) or that an output without a track list
  /// (a preview of several parts) cannot have.
  init(listing: ListingOptions, overwrite: Bool, describesTracks: Bool) throws(RenderError) {
    files = listing.sideFiles
    if !files.isEmpty && !describesTracks { throw .setting(.notApplicable(.listing, value: nil, appliesTo: "a mix or one part of it", notTo: "a preview of several parts")) }
    for file in files where FileManager.default.fileExists(atPath: file.path) && !overwrite {
      throw .output(path: file.path, .exists)
    }
  }

  /// Writes each side file for `list`, whose audio is at `outputPath`.
  func write(_ list: TrackList, listing: ListingOptions, playlist: PlaylistTags, outputPath: String) throws(RenderError) {
    for file in files {
      let text =
        switch file.kind {
        case .cueSheet:
          list.cueSheet(
            fileName: relativeName(of: outputPath, from: file.path), tags: list.outputTags(overrides: listing.tags, playlist: playlist),
            titles: listing.chapterTitle)
        case .tracklist: list.plainText(format: listing.tracklistFormat ?? .standard)
        }
      try TextFile.write(text, to: file.path)
    }
  }

  /// The output's name as the side file should refer to it: its file name when they share a folder.
  private func relativeName(of outputPath: String, from sidePath: String) -> String {
    let outputURL = URL(fileURLWithPath: outputPath).standardizedFileURL
    let sideFolder = URL(fileURLWithPath: sidePath).standardizedFileURL.deletingLastPathComponent()
    return outputURL.deletingLastPathComponent() == sideFolder ? outputURL.lastPathComponent : outputURL.path
  }
}
