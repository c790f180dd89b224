import Foundation
import Playlists

extension PlanReport {
  /// The plan as a table: a row per track (and per further clip of a track cut into pieces), its
  /// fades and the transition to the next indented below, then the overlays and the notes.
  ///
  /// A track's row gives its listed start, where every other output starts it, beside the span
  /// its audio sounds, and its name by the one rule (`TrackName`) with the file it plays.
  public func table() -> String {
    var lines = [
      "Plan: \(tracks.count) track\(tracks.count == 1 ? "" : "s") at \(format ?? "\(sampleRate) Hz"), \(clock(frameCount)) = \(frameCount) sample frames",
      "listed: where tracklists, chapters and cue sheets start the track (mid-crossfade when it fades in); start-end: where its audio sounds",
      "  #  listed       start        end          in           out          gain      track",
    ]
    for track in tracks {
      let name = label(TrackName(title: track.title, artist: track.artist, file: ""), file: track.file)
      for (index, clip) in track.clips.enumerated() {
        let first = index == 0
        lines.append(
          row(first ? String(track.number) : "", listed: first ? clock(track.listedStart) : "", clip, name: first ? name : "  (continued)"))
        lines += ramps(of: clip)
        for swap in clip.bassSwaps {
          lines.append(
            "       bass \(swap.to > swap.from ? "in" : "out") under \(Int(swap.crossoverHz)) Hz, from \(clock(swap.rampStart)) to \(clock(swap.rampEnd))")
        }
        if let stretch = clip.stretch {
          let pinned = stretch.keyFrames > 0 ? ", \(stretch.keyFrames) beats pinned" : ""
          lines.append(
            "       stretched by \(stretch.method): length ratio \(String(format: "%.10f", stretch.ratio)), \(stretch.sourceFrames) frames to \(clip.duration)\(pinned)")
        }
      }
      if let transition = transitions.first(where: { $0.from == track.number }) {
        lines.append("       -> \(describe(transition))")
        if let match = transition.beatMatch {
          lines.append(
            match.matched
              ? String(format: "          beats matched: %.2f -> %.2f BPM, aligned at %@", match.outgoingBPM ?? 0, match.incomingBPM ?? 0, clock(match.alignedAt ?? 0))
              : "          beats not matched: \(match.reason ?? "")")
        }
        if let key = transition.key { lines.append("          keys: \(Self.describe(key))") }
      }
    }
    if !overlays.isEmpty {
      lines.append("Overlays:")
      for overlay in overlays {
        lines.append(row("", listed: "", overlay.clip, name: label(TrackName(title: overlay.title, artist: overlay.artist, file: ""), file: overlay.file)))
        lines += ramps(of: overlay.clip)
        if let duck = overlay.duck {
          lines.append("       ducks the tracks under it by \(String(format: "%.1f", duck.gainDB)) dB, ramps of \(seconds(duck.rampFrames))")
        }
      }
    }
    if savedFrames > 0 { lines.append(savedTime) }
    if let chapters {
      lines.append("Chapters (as --chapters embeds them):")
      lines += chapters.enumerated().map { "  \(pad(String($0.offset + 1), 3))\(pad(clock($0.element.start), 13))\($0.element.title)" }
    }
    lines += notes.map { "note: \($0)" }
    return lines.joined(separator: "\n")
  }

  /// `Time saved: 0:08.820 (track 1: 0:05.000, track 2: 0:03.820)`: what silence edits took out.
  public var savedTime: String {
    let parts = tracks.compactMap { track in
      track.silence.flatMap { $0.savedFrames > 0 ? "track \(track.number): \(clock($0.savedFrames))" : nil }
    }
    return "Time saved: \(clock(savedFrames)) = \(savedFrames) sample frames (\(parts.joined(separator: ", ")))"
  }

  /// `Artist - Title (file)`, or the file alone when the name is only the file's.
  private func label(_ name: TrackName, file: String) -> String {
    let fileName = PathText.stem(file)
    return name.artist == nil && name.title == fileName ? file : "\(name.text) (\(file))"
  }

  private func row(_ number: String, listed: String, _ clip: ClipEntry, name: String) -> String {
    "\(String(repeating: " ", count: max(0, 3 - number.count)) + number)  \(pad(listed, 11))  \(pad(clock(clip.start), 11))  \(pad(clock(clip.end), 11))  "
      + "\(pad(clock(clip.inPoint), 11))  \(pad(clock(clip.outPoint), 11))  "
      + "\(pad(String(format: "%+.1f dB", clip.gainDB), 8))  \(name)"
  }

  private func ramps(of clip: ClipEntry) -> [String] {
    clip.ramps.map { ramp in
      let kind = ramp.to > ramp.from ? "fade in " : "fade out"
      return "       \(kind) \(seconds(ramp.end - ramp.start)) \(ramp.curve), at \(clock(ramp.start))"
    }
  }

  /// "8A into 9A, adjacent", "8A into 3B, clash (5 apart)", with the incoming track's shift.
  public static func describe(_ key: KeyEntry) -> String {
    let shift = key.incomingShift == 0 ? "" : String(format: " (shifted %+d semitone%@)", key.incomingShift, abs(key.incomingShift) == 1 ? "" : "s")
    let relation = key.relation == "clash" ? "clash (\(key.distance) apart)" : key.relation
    return "\(key.outgoing) into \(key.incoming)\(shift), \(relation)"
  }

  private func describe(_ transition: TransitionEntry) -> String {
    switch transition.kind {
    case "gap": "gap of \(seconds(transition.gap ?? 0))"
    case "crossfade":
      "crossfade: out \(seconds(transition.outLength ?? 0)) \(transition.outCurve ?? ""), in \(seconds(transition.inLength ?? 0)) "
        + "\(transition.inCurve ?? ""), overlap \(seconds(transition.overlap ?? 0))"
    default: transition.kind
    }
  }

  private func clock(_ frames: Int64) -> String { TimeFormat.clock(frames: frames, sampleRate: sampleRate) }
  private func seconds(_ frames: Int64) -> String { String(format: "%.3f s", Double(frames) / Double(sampleRate)) }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
