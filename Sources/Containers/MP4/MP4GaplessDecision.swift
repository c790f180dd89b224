/// Decides where an MP4 audio track's audio lies among the frames FFmpeg decodes, from the
/// track's fields alone.
///
/// The file's own statements are taken in this order:
/// 1. An edit list that plays one stretch of the media (after any pauses): it starts at the
///    edit's media time and lasts the edit's duration. Edit durations are in the movie's
///    timescale, often milliseconds (FFmpeg's default), which loses up to one tick: when the
///    media's exact length after the edit's start (sample table or `mdhd`) lies within one movie
///    tick of it, that exact length is taken.
/// 2. An `iTunSMPB` tag: its priming and length.
/// 3. For AAC, the priming of the encoder the file names (`©too`), with the length the sample
///    table then implies when its packets fit.
/// 4. For Opus, the `dOps` pre-skip; for formats without priming (ALAC, FLAC, PCM), the sample
///    table's total.
/// Otherwise the span says nothing is known: skip 0, no length.
///
/// The skip is then what FFmpeg does not drop by itself (`FFmpegMP4StartSkip`), and both numbers
/// are converted from the media timescale to frames at the sample rate where the two differ.
public enum MP4GaplessDecision {
  /// The span for `track`.
  public static func span(for track: MP4AudioTrackFields) -> GaplessSpan {
    var notes: [String] = []
    let found =
      editListPlacement(track, &notes) ?? gaplessInfoPlacement(track, &notes) ?? encoderPlacement(track, &notes)
      ?? formatPlacement(track)
    guard let placement = found else {
      notes.append("no edit list or iTunSMPB and no known encoder: the length is what decodes")
      return GaplessSpan(skip: 0, length: nil, source: "none", note: notes.joined(separator: "; "))
    }
    notes += placement.notes
    let dropped = FFmpegMP4StartSkip.ticks(for: track)
    var skip = placement.start - dropped
    var length = placement.length
    if skip < 0 {
      notes.append("FFmpeg drops \(dropped) frames at the start, \(-skip) more than the \(placement.source) says")
      length = length.map { max(0, $0 + skip) }
      skip = 0
    }
    if let rate = track.sampleRate, rate != track.mediaTimescale {
      let frames = Timescale.convert(skip, from: track.mediaTimescale, to: rate)
      let lengthFrames = length.map { Timescale.convert($0, from: track.mediaTimescale, to: rate) }
      if !frames.exact || lengthFrames?.exact == false {
        notes.append(
          "the media timescale (\(track.mediaTimescale)) is not the sample rate (\(rate)): frames were rounded")
      }
      skip = frames.value
      length = lengthFrames?.value
    }
    return GaplessSpan(
      skip: skip, length: length, source: placement.source, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
  }

  /// Where the audio starts and how long it lasts, in the media timescale, before FFmpeg's own
  /// skip is taken off.
  private struct Placement {
    var start: Int64
    var length: Int64?
    var source: String
    var notes: [String] = []
  }

  /// Rule 1: an edit list that plays one stretch of the media at normal speed.
  private static func editListPlacement(_ track: MP4AudioTrackFields, _ notes: inout [String]) -> Placement? {
    guard let edits = track.edits else { return nil }
    let pauses = edits.prefix { $0.isEmpty }
    let played = edits.dropFirst(pauses.count)
    guard let edit = played.first, played.count == 1 else {
      notes.append(
        played.isEmpty
          ? "the edit list plays no media, so it was not used"
          : "the edit list plays \(played.count) stretches of the media, so it was not used")
      return nil
    }
    guard edit.rate == MP4Edit.normalRate else {
      notes.append("the edit list plays at a rate other than 1, so it was not used")
      return nil
    }
    guard edit.mediaTime >= 0, edit.duration >= 0 else {
      notes.append("the edit list states a negative time, so it was not used")
      return nil
    }
    var placement = Placement(start: edit.mediaTime, source: "MP4 edit list")
    // The media time is at least 0 here, so no difference below can overflow.
    let total = track.packetDurations.total
    let held = max(0, total - edit.mediaTime)
    if total > 0, held == 0 {
      placement.notes.append("the edit list starts at or past the end of the media")
    }
    let declared = track.mediaDuration - min(edit.mediaTime, track.mediaDuration)  // mdhd's, after the start
    if edit.duration == 0 {
      placement.length = held  // a duration of 0 plays the rest of the media
    } else if let exact = [held, declared].first(where: {
      $0 > 0 && Timescale.withinOneTick(edit.duration, of: track.movieTimescale, $0, of: track.mediaTimescale)
    }) {
      placement.length = exact
    } else {
      let stated = Timescale.convert(edit.duration, from: track.movieTimescale, to: track.mediaTimescale)
      placement.length = stated.value
      if !stated.exact {
        placement.notes.append(
          "the edit list states the length in 1/\(track.movieTimescale) s, so it may be off by part of a tick")
      }
      if held > 0, stated.value > held {
        placement.notes.append("the edit list runs \(stated.value - held) frames past the end of the media")
        placement.length = held
      }
    }
    let pause = Int64(clamping: pauses.reduce(Int128(0)) { $0 + Int128($1.duration) })
    if pause > 0 {
      let frames = Timescale.convert(pause, from: track.movieTimescale, to: track.mediaTimescale).value
      placement.notes.append("the edit list starts with a pause of \(frames) frames, which is left out")
    }
    if let info = track.gaplessInfo, info.priming != edit.mediaTime {
      placement.notes.append(
        "the iTunSMPB tag states a priming of \(info.priming) frames, the edit list \(edit.mediaTime): "
          + "the edit list was used")
    }
    return placement
  }

  /// Rule 2: an `iTunSMPB` tag, whose numbers are frames at the sample rate.
  private static func gaplessInfoPlacement(_ track: MP4AudioTrackFields, _ notes: inout [String]) -> Placement? {
    guard let info = track.gaplessInfo else { return nil }
    let rate = track.sampleRate ?? track.mediaTimescale
    let start = Timescale.convert(info.priming, from: rate, to: track.mediaTimescale).value
    var placement = Placement(start: start, source: "iTunSMPB")
    guard info.length > 0 else {
      placement.notes.append("the iTunSMPB tag states no length")
      return placement
    }
    let length = Timescale.convert(info.length, from: rate, to: track.mediaTimescale).value
    let held = track.packetDurations.total - start
    placement.length = min(length, held)
    if length > held {
      placement.notes.append("the iTunSMPB tag states \(length) frames, but the track holds \(held) after the priming")
    }
    return placement
  }

  /// Rule 3: AAC without an edit list or `iTunSMPB`, from an encoder whose priming is known.
  private static func encoderPlacement(_ track: MP4AudioTrackFields, _ notes: inout [String]) -> Placement? {
    guard track.isAAC, track.edits == nil, let tool = track.encoder, let encoder = KnownAACEncoder.named(tool) else {
      return nil
    }
    guard !track.isHighEfficiencyAAC else {
      notes.append("the priming of \(encoder.name) for HE-AAC is not known here")
      return nil
    }
    var placement = Placement(
      start: encoder.priming, source: "the \(encoder.priming)-frame priming of \(encoder.name) (\(tool))",
      notes: ["the file states no priming (no edit list or iTunSMPB), so it was assumed from the encoder name"])
    let durations = track.packetDurations
    let packet: Int64 = 1024
    let fits =
      (durations.common == packet || durations.packetCount == 1) && (durations.last ?? 0) <= packet
      && durations.total > encoder.priming
    if !fits {
      placement.notes.append("the packets are not all \(packet) frames long, so the length is unknown")
    } else if encoder.trimsLastPacket || durations.last != packet {
      placement.length = durations.total - encoder.priming
    } else {
      placement.notes.append("the last packet is whole, so the padding after the audio is unknown")
    }
    return placement
  }

  /// Rule 4: formats whose start is known without an edit list: Opus by its pre-skip, and
  /// formats without priming.
  private static func formatPlacement(_ track: MP4AudioTrackFields) -> Placement? {
    guard track.edits == nil else { return nil }
    let total = track.packetDurations.total
    if track.codec == "Opus", let preSkip = track.opusPreSkip, total > preSkip {
      return Placement(start: preSkip, length: total - preSkip, source: "Opus pre-skip (dOps)")
    }
    if track.hasNoPriming { return Placement(start: 0, length: total, source: "MP4 sample table") }
    return nil
  }
}
