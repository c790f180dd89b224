extension Renderer {
  /// Writes the CUE sheet and tracklist a render of `request` writes beside its output, from the
  /// mix as planned (`mix`, planned from `request`), without rendering it: `plan --cue --tracklist`.
  /// An existing file is kept unless `request.overwrite`.
  public static func writeListings(of mix: MixPlan, request: RenderRequest) throws(RenderError) {
    guard let list = mix.trackList else { return }
    let files = try SideFiles(listing: request.listing, overwrite: request.overwrite, describesTracks: true)
    try files.write(list, listing: request.listing, playlist: request.playlistTags, outputPath: request.outputPath)
  }
}
