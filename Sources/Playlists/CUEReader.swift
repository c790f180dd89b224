import Foundation

/// Walks a cue sheet line by line, gathering its tracks and refusing what cannot be played.
///
/// Only the commands that place or name audio are read, and the disc's `REM` fields; `FLAGS`,
/// `ISRC`, `CATALOG`, `SONGWRITER`, `CDTEXTFILE`, a track's `REM` lines and unknown commands are
/// skipped without looking past their name.
struct CUEReader {
  /// One FILE command: the name as written and the path it resolves to.
  struct File {
    var location: String
    var path: String
    /// Which FILE command this is, counted from 0, so two commands naming one file stay apart.
    var serial: Int
  }

  /// One TRACK and what the lines after it say.
  struct Track {
    /// The number as written (`03`).
    var number: String
    /// False for data tracks (`MODE1/2352` and the like).
    var isAudio: Bool
    /// The TRACK line, where errors about the track point.
    var line: TextLine
    /// The FILE its INDEX 01 is in: a later FILE than the TRACK line's when the sheet appends
    /// gaps to the previous track's file.
    var file: File?
    /// INDEX 01, in CD frames.
    var start: Int64?
    var title: String?
    var performer: String?
    var pregap: Int64?
    var postgap: Int64?
  }

  /// The commands this reader interprets.
  static let commands: Set<String> = ["FILE", "TRACK", "INDEX", "PREGAP", "POSTGAP", "TITLE", "PERFORMER", "REM"]

  /// The cue sheet's path, named in errors.
  let file: String
  /// The folder FILE paths are relative to.
  let folder: URL
  /// The TITLE before any TRACK: the album.
  private(set) var discTitle: String?
  /// The PERFORMER before any TRACK: the artist of tracks that name none.
  private(set) var discPerformer: String?
  /// The `REM KEY value` fields before any TRACK (`GENRE`, `DATE`, `COMMENT`, `DISCID`, …), keys in
  /// lower case.
  private(set) var discRemarks: [String: String] = [:]
  private(set) var tracks: [Track] = []
  private var currentFile: File?
  private var fileCount = 0
  /// The latest INDEX 01 in the current FILE, which the next one must come after.
  private var lastStart: (frames: Int64, text: Substring, track: String)?

  init(file: String) {
    self.file = file
    folder = URL(fileURLWithPath: file).deletingLastPathComponent()
  }

  /// Reads one line.
  mutating func read(_ line: TextLine) throws(PlaylistError) {
    let command = CUEWords.command(of: line)
    guard Self.commands.contains(command) else { return }
    if command == "REM" { return readRemark(line) }
    let words = try CUEWords(line, file: file)
    switch command {
    case "FILE": try readFile(words)
    case "TRACK": try readTrack(words)
    case "INDEX": try readIndex(words)
    case "PREGAP", "POSTGAP": try readGap(words, command)
    default: readText(words, command)
    }
  }

  /// The tracks, once every line is read.
  func finish() throws(PlaylistError) -> [Track] {
    try checkLastTrack()
    return tracks
  }

  /// `FILE "name" TYPE`; an unquoted name may hold spaces when a type follows it, and the type may be left out.
  private mutating func readFile(_ words: CUEWords) throws(PlaylistError) {
    let name: String
    if words.count > 2 && !words[1].quoted {
      name = words.line.text[words[1].start..<words[words.count - 1].start].trimmingCharacters(in: .whitespaces)
    } else {
      name = words.count > 1 ? String(words[1].text) : ""
    }
    guard !name.isEmpty else { throw words.error("FILE needs a file name", file: file) }
    let path = try EntryPath.resolve(name, against: folder, at: words.line.location(in: file))
    currentFile = File(location: name, path: path, serial: fileCount)
    fileCount += 1
    lastStart = nil
  }

  /// `TRACK nn TYPE`.
  private mutating func readTrack(_ words: CUEWords) throws(PlaylistError) {
    guard currentFile != nil else { throw words.error("TRACK before any FILE", file: file) }
    guard words.count >= 3 else { throw words.error("TRACK needs a number and a type, like 'TRACK 01 AUDIO'", file: file) }
    guard words.isNumber(1) else { throw words.error("track number '\(words[1].text)' is not a number", at: 1, file: file) }
    try checkLastTrack()
    tracks.append(Track(number: String(words[1].text), isAudio: words[2].text.uppercased() == "AUDIO", line: words.line))
  }

  /// `INDEX nn mm:ss:ff`: INDEX 01 starts the track; other indexes are checked and not used.
  private mutating func readIndex(_ words: CUEWords) throws(PlaylistError) {
    guard let track = tracks.last, let currentFile else { throw words.error("INDEX before any TRACK", file: file) }
    guard words.count >= 3 else { throw words.error("INDEX needs a number and a time, like 'INDEX 01 00:00:00'", file: file) }
    guard words.isNumber(1) else { throw words.error("index number '\(words[1].text)' is not a number", at: 1, file: file) }
    let frames = try CUETime.frames(words, 2, label: "INDEX \(words[1].text)", file: file)
    guard Int(words[1].text) == 1 else { return }
    guard track.start == nil else { throw words.error("track \(track.number) has a second INDEX 01", file: file) }
    if let lastStart, frames <= lastStart.frames {
      throw words.error(
        "INDEX 01 time '\(words[2].text)' is not after track \(lastStart.track)'s '\(lastStart.text)' in the same FILE", at: 2,
        file: file)
    }
    tracks[tracks.count - 1].start = frames
    tracks[tracks.count - 1].file = currentFile
    lastStart = (frames, words[2].text, track.number)
  }

  /// `PREGAP mm:ss:ff` or `POSTGAP mm:ss:ff`: silence before or after the track.
  private mutating func readGap(_ words: CUEWords, _ command: String) throws(PlaylistError) {
    guard !tracks.isEmpty else { throw words.error("\(command) before any TRACK", file: file) }
    guard words.count >= 2 else { throw words.error("\(command) needs a time, like '\(command) 00:02:00'", file: file) }
    let frames = try CUETime.frames(words, 1, label: command, file: file)
    if command == "PREGAP" { tracks[tracks.count - 1].pregap = frames } else { tracks[tracks.count - 1].postgap = frames }
  }

  /// `TITLE` or `PERFORMER`: the disc's before any TRACK, else the current track's.
  private mutating func readText(_ words: CUEWords, _ command: String) {
    let value = words.value(from: 1)
    switch (command, tracks.isEmpty) {
    case ("TITLE", true): discTitle = value
    case ("TITLE", false): tracks[tracks.count - 1].title = value
    case (_, true): discPerformer = value
    case (_, false): tracks[tracks.count - 1].performer = value
    }
  }

  /// `REM KEY value` before any TRACK, read leniently: the rest of a `REM` line may hold anything,
  /// and a quote around the value is dropped (even one never closed).
  private mutating func readRemark(_ line: TextLine) {
    guard tracks.isEmpty else { return }
    let rest = line.text.drop { $0 == " " || $0 == "\t" }.dropFirst(3).drop { $0 == " " || $0 == "\t" }
    let key = rest.prefix { $0 != " " && $0 != "\t" }
    var value = rest.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
    if value.hasPrefix("\"") { value.removeFirst() }
    if value.hasSuffix("\"") { value.removeLast() }
    // A field's key is a word in capitals (`GENRE`, `REPLAYGAIN_ALBUM_GAIN`); other remarks are prose.
    guard key.contains(where: \.isLetter), key.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }), !value.isEmpty
    else { return }
    discRemarks[key.lowercased()] = value
  }

  /// A track must say where it starts before the next TRACK or the end of the sheet.
  private func checkLastTrack() throws(PlaylistError) {
    if let track = tracks.last, track.start == nil {
      throw track.line.error("track \(track.number) has no INDEX 01", file: file)
    }
  }
}
