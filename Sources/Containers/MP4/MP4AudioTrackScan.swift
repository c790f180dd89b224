/// Walks an MP4 file's `moov` for the fields of its first audio track, reading only the boxes that
/// hold them: `mvhd`, the track's `elst`, `mdhd`, `hdlr`, `stsd` and `stts`, and the item lists
/// in `udta/meta/ilst`, or `meta/ilst` directly, of the movie and of the audio track: everywhere
/// FFmpeg reads them.
struct MP4AudioTrackScan {
  private let file: MP4BoxReader

  init(_ file: MP4BoxReader) { self.file = file }

  /// The fields of the first track whose handler is `soun`.
  func fields() throws(MP4Error) -> MP4AudioTrackFields {
    guard let moov = try file.topLevelBoxes().first(where: { $0.type == "moov" }) else {
      throw .notMP4(path: file.path)
    }
    var movieTimescale: Int64?
    var track: Track?
    var lastTrackIsAudio = false
    var tags = Tags()
    for box in try file.children(of: moov) {
      switch box.type {
      case "mvhd":
        movieTimescale = try timescaleAndDuration(box).timescale
      case "trak":
        // FFmpeg gives each track a stream and reads a later iTunSMPB as the last stream's.
        lastTrackIsAudio = false
        if track == nil, let audio = try audioTrack(box) {
          track = audio
          lastTrackIsAudio = true
          // FFmpeg reads the track's own item list as that track's, wherever the track lies.
          for child in try file.children(of: box) { try readTags(inUserData: child, into: &tags, followingAudio: true) }
        }
      case "udta", "meta":
        try readTags(inUserData: box, into: &tags, followingAudio: lastTrackIsAudio)
      default:
        break
      }
    }
    guard let track else { throw .noAudioTrack(path: file.path) }
    guard let movieTimescale else { throw missing("mvhd", in: moov) }
    let info = tags.freeform.last { $0.mean == MP4FreeformTag.appleMean && $0.name == ITunesGaplessInfo.tagName }
    return MP4AudioTrackFields(
      codec: track.entry.codec, objectType: track.entry.objectType, audioObjectType: track.entry.audioObjectType,
      sampleRate: track.entry.sampleRate, opusPreSkip: track.entry.opusPreSkip, movieTimescale: movieTimescale,
      mediaTimescale: track.timescale, mediaDuration: track.duration, edits: track.edits,
      packetDurations: track.durations, gaplessInfo: info.flatMap { ITunesGaplessInfo(parsing: $0.value) },
      gaplessInfoFollowsTrack: tags.gaplessInfoFollowsAudio, encoder: tags.encoder, freeformTags: tags.freeform)
  }

  /// What one audio track states.
  private struct Track {
    var timescale: Int64
    var duration: Int64
    var edits: [MP4Edit]?
    var entry: MP4SampleEntry
    var durations: MP4SampleDurations
  }

  /// What the item lists state.
  private struct Tags {
    var encoder: String?
    var freeform: [MP4FreeformTag] = []
    var gaplessInfoFollowsAudio = false
  }

  /// The track in `trak`, or nil when it is not audio.
  private func audioTrack(_ trak: MP4BoxHeader) throws(MP4Error) -> Track? {
    let children = try file.children(of: trak)
    guard let mdia = children.first(where: { $0.type == "mdia" }) else { return nil }
    let media = try file.children(of: mdia)
    guard let hdlr = media.first(where: { $0.type == "hdlr" }), try handlerType(hdlr) == "soun" else { return nil }
    guard let mdhd = media.first(where: { $0.type == "mdhd" }) else { throw missing("mdhd", in: mdia) }
    guard let minf = media.first(where: { $0.type == "minf" }) else { throw missing("minf", in: mdia) }
    guard let stbl = try file.children(of: minf).first(where: { $0.type == "stbl" }) else {
      throw missing("stbl", in: minf)
    }
    let table = try file.children(of: stbl)
    guard let stsd = table.first(where: { $0.type == "stsd" }) else { throw missing("stsd", in: stbl) }
    guard let stts = table.first(where: { $0.type == "stts" }) else { throw missing("stts", in: stbl) }
    var edits: [MP4Edit]?
    if let edts = children.first(where: { $0.type == "edts" }),
      let elst = try file.children(of: edts).first(where: { $0.type == "elst" })
    {
      edits = try editList(elst)
    }
    let (timescale, duration) = try timescaleAndDuration(mdhd)
    let entry: MP4SampleEntry
    do { entry = try MP4SampleEntry.parse(stsd: try file.payload(of: stsd)) } catch { throw tooShort(stsd) }
    return Track(
      timescale: timescale, duration: duration, edits: edits, entry: entry, durations: try sampleDurations(stts))
  }

  /// The timescale and duration of an `mvhd` or `mdhd` (the same layout up to there): 32-bit
  /// times in version 0, 64-bit in version 1.
  private func timescaleAndDuration(_ box: MP4BoxHeader) throws(MP4Error) -> (timescale: Int64, duration: Int64) {
    var reader = BigEndianReader(try file.payload(of: box))
    do {
      let version = try reader.uint8()
      try reader.skip(3)
      try reader.skip(version == 1 ? 16 : 8)  // creation and modification times
      let timescale = Int64(try reader.uint32())
      let duration = version == 1 ? try reader.int64() : Int64(try reader.uint32())
      guard timescale > 0 else {
        throw MP4Error.malformedBox(
          path: file.path, box: "\(box.type)", offset: box.offset, reason: "has a timescale of 0")
      }
      // All ones is "unknown" in both versions.
      return (timescale, duration == -1 || duration == Int64(UInt32.max) && version == 0 ? 0 : duration)
    } catch let error as MP4Error {
      throw error
    } catch {
      throw tooShort(box)
    }
  }

  private func handlerType(_ hdlr: MP4BoxHeader) throws(MP4Error) -> FourCC {
    var reader = BigEndianReader(try file.payload(of: hdlr), at: 8)  // version, flags, pre-defined
    do { return try reader.fourCC() } catch { throw tooShort(hdlr) }
  }

  private func editList(_ elst: MP4BoxHeader) throws(MP4Error) -> [MP4Edit] {
    var reader = BigEndianReader(try file.payload(of: elst))
    do {
      let version = try reader.uint8()
      try reader.skip(3)
      let count = Int(try reader.uint32())
      guard count <= reader.remaining / 12 else { throw tooShort(elst) }
      return try (0..<count).map { _ throws(BigEndianReader.Shortfall) in
        let duration = version == 1 ? try reader.int64() : Int64(try reader.uint32())
        let mediaTime = version == 1 ? try reader.int64() : Int64(try reader.int32())
        return MP4Edit(duration: duration, mediaTime: mediaTime, rate: try reader.int32())
      }
    } catch let error as MP4Error {
      throw error
    } catch {
      throw tooShort(elst)
    }
  }

  private func sampleDurations(_ stts: MP4BoxHeader) throws(MP4Error) -> MP4SampleDurations {
    var reader = BigEndianReader(try file.payload(of: stts), at: 4)
    do {
      let count = Int(try reader.uint32())
      guard count <= reader.remaining / 8 else { throw tooShort(stts) }
      let runs = try (0..<count).map { _ throws(BigEndianReader.Shortfall) in
        (count: Int64(try reader.uint32()), duration: Int64(try reader.uint32()))
      }
      guard MP4SampleDurations.total(ofRuns: runs) <= Int128(Int64.max) else {
        throw MP4Error.malformedBox(
          path: file.path, box: "stts", offset: stts.offset, reason: "adds up to more time than 64 bits hold")
      }
      return MP4SampleDurations(runs: runs)
    } catch let error as MP4Error {
      throw error
    } catch {
      throw tooShort(stts)
    }
  }

  /// Reads the item lists in `box` when it is a `udta` (in the `meta` boxes it holds) or a `meta`.
  private func readTags(inUserData box: MP4BoxHeader, into tags: inout Tags, followingAudio: Bool) throws(MP4Error) {
    switch box.type {
    case "udta":
      for meta in try file.children(of: box) where meta.type == "meta" {
        try readTags(in: meta, into: &tags, followingAudio: followingAudio)
      }
    case "meta":
      try readTags(in: box, into: &tags, followingAudio: followingAudio)
    default:
      break
    }
  }

  /// Reads the encoder and freeform tags of the item list in `meta`.
  private func readTags(in meta: MP4BoxHeader, into tags: inout Tags, followingAudio: Bool) throws(MP4Error) {
    let start = try file.read(at: meta.payloadOffset, count: Int(min(8, meta.payloadSize)))
    let prefix = MP4ItemList.metaPrefixLength(start)
    for ilst in try file.children(of: meta, skipping: Int64(prefix)) where ilst.type == "ilst" {
      for item in try file.children(of: ilst) {
        switch item.type {
        case "©too":
          tags.encoder = MP4ItemList.text(inItem: try file.payload(of: item)) ?? tags.encoder
        case "----":
          guard let tag = MP4ItemList.freeformTag(inItem: try file.payload(of: item)) else { continue }
          tags.freeform.append(tag)
          if tag.name == ITunesGaplessInfo.tagName { tags.gaplessInfoFollowsAudio = followingAudio }
        default:
          break
        }
      }
    }
  }

  private func missing(_ type: String, in parent: MP4BoxHeader) -> MP4Error {
    .malformedBox(path: file.path, box: "\(parent.type)", offset: parent.offset, reason: "has no '\(type)' box")
  }

  private func tooShort(_ box: MP4BoxHeader) -> MP4Error {
    .malformedBox(path: file.path, box: "\(box.type)", offset: box.offset, reason: "is too short for its fields")
  }
}
