import Composition
import FFmpegAudio
import Foundation

/// The tracks of a rendered mix as listeners see them: where each starts, its title and artist;
/// and what follows from that: chapters, a CUE sheet, a plain tracklist and the file's own tags.
///
/// A track is a playlist item, however many clips it was cut into; one that starts inside a
/// crossfade starts at the midpoint of the overlap (see `Timeline.items`), in all of them alike.
/// Its name follows the one rule of `TrackName`, spelled as a `NameTemplate` says.
public struct TrackList: Sendable {
  /// One track of the mix.
  public struct Track: Sendable, Equatable {
    /// Where the track starts, in sample frames at `sampleRate` from the output's start; in a crossfade, at
    /// the overlap's midpoint.
    public var start: Int64
    /// Where it ends (exclusive), in sample frames at `sampleRate`: the next track's start, or the output's end.
    public var end: Int64
    /// Its place in the mix, from 1.
    public var number: Int
    /// Its title, artist and album by `TrackName`'s rule.
    public var name: TrackName
    /// Its title; never empty (the file's name when nothing else gives one).
    public var title: String { name.title }
    /// Its artist; nil when nothing gives one.
    public var artist: String? { name.artist }

    /// The track's name as `template` spells it.
    public func text(_ template: NameTemplate) -> String { template.text(for: name, number: number) }
  }

  /// The tracks that sound in the output, in the order they play.
  public let tracks: [Track]
  /// The mix's rate, in Hz, which the tracks' `start` and `end` count frames at.
  public let sampleRate: Int
  /// What every track shares: `album` (`TrackName.album`), `artist` (`TrackName.artist`), a `title`
  /// written for it or tagged, and the tags `album_artist`, `date` and `genre`; a key is absent
  /// when the tracks differ in it.
  public let sharedTags: [String: String]
  /// True when every track is from one album (they share an album, or are cut from one file):
  /// the first track's picture is then the album's cover.
  public let isOneAlbum: Bool

  init(plan: Plan, inputs: [InputSource], infos: [AudioStreamInfo]) {
    let timeline = plan.timeline
    let items = timeline.items
    sampleRate = timeline.sampleRate
    tracks = items.indices.map { index in
      let item = items[index]
      let end = index + 1 < items.count ? items[index + 1].listedStart : timeline.frameCount
      return Track(
        start: item.listedStart, end: end, number: index + 1, name: TrackName(input: inputs[item.source], tags: infos[item.source].tags))
    }
    var shared: [String: String]?
    for item in items {
      let input = inputs[item.source]
      let tags = infos[item.source].tags
      let name = TrackName(input: input, tags: tags)
      var own = tags.filter { Self.albumKeys.contains($0.key) }
      (own["album"], own["artist"], own["title"]) = (name.album, name.artist, input.title ?? tags["title"])
      shared = shared.map { $0.filter { own[$0.key] == $0.value } } ?? own
    }
    sharedTags = shared ?? [:]
    isOneAlbum = sharedTags["album"] != nil || Set(items.map { inputs[$0.source].path }).count == 1
  }

  private init(tracks: [Track], sampleRate: Int, sharedTags: [String: String], isOneAlbum: Bool) {
    self.tracks = tracks
    self.sampleRate = sampleRate
    self.sharedTags = sharedTags
    self.isOneAlbum = isOneAlbum
  }

  /// The tracks of a part of the mix (`range` of its timeline): those that sound in it, cut to
  /// it and shifted so the part starts at 0. Each keeps its number in the whole mix.
  func sliced(to range: Range<Int64>) -> TrackList {
    let inside = tracks.compactMap { track -> Track? in
      let start = max(track.start, range.lowerBound)
      let end = min(track.end, range.upperBound)
      guard start < end else { return nil }
      var cut = track
      (cut.start, cut.end) = (start - range.lowerBound, end - range.lowerBound)
      return cut
    }
    return TrackList(tracks: inside, sampleRate: sampleRate, sharedTags: sharedTags, isOneAlbum: isOneAlbum)
  }

  /// The tags of an album's tracks that are the album's own.
  private static let albumKeys: Set<String> = ["album_artist", "date", "genre"]

  /// The output's tags by the rule of `MixTags`: the playlist's and what every track shares, with
  /// `overrides` (`--title`, `--artist`, `--album`, `--date`) over them.
  public func outputTags(overrides: [String: String], playlist: PlaylistTags = PlaylistTags()) -> [String: String] {
    MixTags.tags(sharedTags: sharedTags, playlist: playlist, overrides: overrides)
  }

  /// The chapters `listing` asks to embed (`--chapters`, titled by `--chapter-title`); none when
  /// it asks for none.
  public func chapters(for listing: ListingOptions) -> [Chapter] {
    listing.chapters ? chapters(titled: listing.chapterTitle ?? .standard) : []
  }

  /// One chapter per track, titled as `template` spells the track's name.
  public func chapters(titled template: NameTemplate = .standard) -> [Chapter] {
    tracks.map { Chapter(start: $0.start, end: $0.end, title: $0.text(template)) }
  }

  /// A CUE sheet for `fileName`; times are in CD frames (1/75 s), rounded to the nearest.
  ///
  /// The mix's `tags` head it: every tag but the title, artist and album as a `REM` line (`REM
  /// DATE`, `REM GENRE`, a playlist's `REM DISCID`; `REM COMMENT "Segue"` unless there is a
  /// comment), then `PERFORMER` and `TITLE`.
  ///
  /// A track's `TITLE` is its title, or its name as `titles` spells it when given; its `PERFORMER`
  /// is its artist, unless `titles` names the artist already.
  public func cueSheet(fileName: String, tags: [String: String], titles: NameTemplate? = nil) -> String {
    var remarks = tags.filter { !["title", "artist", "album", "album_artist"].contains($0.key) && $0.key.uppercased() != "CUESHEET" }
    if remarks["comment"] == nil { remarks["comment"] = "Segue" }
    var lines = remarks.sorted { $0.key < $1.key }.map { key, value in
      // Comments are quoted, as rippers write them; other values when they hold a space.
      "REM \(key.uppercased()) \(key == "comment" || value.contains(" ") ? quoted(value) : value)"
    }
    if let artist = tags["artist"] { lines.append("PERFORMER \(quoted(artist))") }
    if let title = tags["title"] { lines.append("TITLE \(quoted(title))") }
    let type = fileName.lowercased().hasSuffix(".mp3") ? "MP3" : "WAVE"
    lines.append("FILE \(quoted(fileName)) \(type)")
    for (index, track) in tracks.enumerated() {
      lines.append("  TRACK \(String(format: "%02d", index + 1)) AUDIO")
      lines.append("    TITLE \(quoted(titles.map(track.text) ?? track.title))")
      if let artist = track.artist, titles?.names(.artist) != true { lines.append("    PERFORMER \(quoted(artist))") }
      lines.append("    INDEX 01 \(cueTime(track.start))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `0:00 Artist - Title` lines, as DJs post with a mix (whole seconds; hours when needed); the
  /// name after the time as `format` spells it.
  public func plainText(format: NameTemplate = .standard) -> String {
    let long = (tracks.last?.start ?? 0) >= Int64(3600 * sampleRate)
    return tracks.map { track in
      let seconds = Int((track.start + Int64(sampleRate / 2)) / Int64(sampleRate))
      let clock =
        long
        ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
        : String(format: "%d:%02d", seconds / 60, seconds % 60)
      return "\(clock) \(track.text(format))"
    }.joined(separator: "\n") + "\n"
  }

  /// `mm:ss:ff` in CD frames, from sample frames with integer arithmetic.
  private func cueTime(_ frame: Int64) -> String {
    let cdFrames = (frame * 75 + Int64(sampleRate / 2)) / Int64(sampleRate)
    return String(format: "%02d:%02d:%02d", cdFrames / 75 / 60, cdFrames / 75 % 60, cdFrames % 75)
  }

  private func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "'") + "\"" }
}
