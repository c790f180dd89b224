import Foundation

/// Reads CUE sheets: one entry per audio TRACK, cut out of its FILE from INDEX 01 on.
///
/// ```
/// PERFORMER "The Band"
/// TITLE "Live"
/// FILE "live.flac" WAVE
///   TRACK 01 AUDIO
///     TITLE "Opening"
///     INDEX 01 00:00:00
///   TRACK 02 AUDIO
///     INDEX 00 04:58:10
///     INDEX 01 05:01:00
/// ```
///
/// Times are `mm:ss:ff` in CD frames of 1/75 s and stay whole frames (`PlaylistTime.cdFrames`).
/// A track's in point is its INDEX 01. Its out point is the next track's INDEX 01 when that is in
/// the same FILE, and the end of the file otherwise: a pregap marked by `INDEX 00` is played as the
/// end of the previous track, so the tracks of a single-image sheet, played one after another,
/// give back the whole file without a gap or an overlap (audio before the first track's INDEX 01,
/// such as a hidden track, is not played).
///
/// `PREGAP` and `POSTGAP` (silence that is not in the file) become a gap after the previous entry
/// and after the track's own entry; both at one join add up. A `PREGAP` on the sheet's first track
/// has no entry before it to follow and is ignored.
///
/// TITLE and PERFORMER before the first TRACK are the album and the default artist; after it,
/// the track's own title and artist. The disc's TITLE, PERFORMER and `REM` fields (`REM GENRE`,
/// `DATE`, `COMMENT`, `DISCID`, …) are also the playlist's `tags`, for the mix as a whole; its
/// `REM REPLAYGAIN_*` fields are left out, since they measure the disc, not the mix. Data tracks are
/// left out; a track's `REM` lines and commands that do not place or name audio are ignored. Values
/// may be quoted or not.
public enum CUESheet: PlaylistFormat {
  /// File extensions this parser claims.
  public static let extensions: Set<String> = ["cue"]

  /// The first line that is not blank, a `REM` or a disc-level `TITLE`, `PERFORMER`, `CATALOG`,
  /// `SONGWRITER` or `CDTEXTFILE` is a `FILE "name" TYPE` or `TRACK nn TYPE` line, the type in
  /// capitals: strict enough that no M3U line (`Track 01 Audio.mp3`) passes.
  public static func probe(_ text: String) -> Bool {
    let preamble: Set<String> = ["", "REM", "TITLE", "PERFORMER", "CATALOG", "SONGWRITER", "CDTEXTFILE"]
    let trackTypes: Set<Substring> = ["AUDIO", "CDG", "MODE1/2048", "MODE1/2352", "MODE2/2336", "MODE2/2352", "CDI/2336", "CDI/2352"]
    guard let line = textLines(text.prefix(4096)).first(where: { !preamble.contains(CUEWords.command(of: $0)) }),
      let words = try? CUEWords(line, file: ""), words.count >= 3
    else { return false }
    let type = words[words.count - 1]
    switch words[0].text {
    case "FILE": return !type.quoted && type.text.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    case "TRACK": return words.count == 3 && words.isNumber(1) && trackTypes.contains(type.text)
    default: return false
    }
  }

  /// Parses a cue sheet; `file` names it in errors and gives the folder its FILEs are in.
  public static func parse(_ text: String, file: String) throws(PlaylistError) -> Playlist {
    var reader = CUEReader(file: file)
    for line in textLines(text) { try reader.read(line) }
    let tracks = try reader.finish()
    var entries: [PlaylistEntry] = []
    var gaps: [Int64?] = []
    for (index, track) in tracks.enumerated() where track.isAudio {
      guard let file = track.file, let start = track.start else { continue }
      let next = tracks.indices.contains(index + 1) ? tracks[index + 1] : nil
      let end = next.flatMap { $0.file?.serial == file.serial ? $0.start : nil }
      if let pregap = track.pregap, !gaps.isEmpty { gaps[gaps.count - 1] = (gaps[gaps.count - 1] ?? 0) + pregap }
      gaps.append(track.postgap)
      entries.append(
        PlaylistEntry(
          location: file.location, path: file.path, title: track.title, artist: track.performer ?? reader.discPerformer,
          album: reader.discTitle, origin: track.line.location(in: reader.file),
          options: EntryOptions(inPoint: .cdFrames(start), outPoint: end.map { .cdFrames($0) })))
    }
    // Tracks cut from one image are continuous audio: they join gaplessly, whatever a mix's
    // defaults say, unless PREGAP or POSTGAP ask for silence.
    for (index, gap) in gaps.enumerated() {
      let continuous = index + 1 < entries.count && entries[index].path == entries[index + 1].path
      entries[index].options.transition = gap.map { .gap(seconds: PlaylistTime.cdFrames($0).seconds) } ?? (continuous ? .gapless : nil)
    }
    return Playlist(file: file, entries: entries, tags: discTags(reader))
  }

  /// The disc's fields as tags for the whole mix.
  private static func discTags(_ reader: CUEReader) -> [String: String] {
    var tags = reader.discRemarks.filter { !$0.key.hasPrefix("replaygain_") }
    if let title = reader.discTitle { (tags["title"], tags["album"]) = (title, title) }
    if let performer = reader.discPerformer { tags["artist"] = performer }
    return tags
  }
}
