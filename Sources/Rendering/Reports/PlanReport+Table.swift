import Foundation

extension PlanReport {
  /// The plan as a table: a row per track (and per further clip of a track cut into pieces), its
  /// fades and the transition to the next indented below, then the overlays and the notes.
  public func table() -> String {
    var lines = [
      "Plan: \(tracks.count) track\(tracks.count == 1 ? "" : "s") at \(sampleRate) Hz, \(clock(frameCount)) = \(frameCount) sample frames",
      "  #  start        end          in           out          gain      track",
    ]
    for track in tracks {
      let name = track.title.map { "\($0) (\(track.file))" } ?? track.file
      for (index, clip) in track.clips.enumerated() {
        lines.append(row(index == 0 ? String(track.number) : "", clip, name: index == 0 ? name : "  (continued)"))
        lines += ramps(of: clip)
      }
      if let transition = transitions.first(where: { $0.from == track.number }) {
        lines.append("       -> \(describe(transition))")
      }
    }
    if !overlays.isEmpty {
      lines.append("Overlays:")
      for overlay in overlays {
        lines.append(row("", overlay.clip, name: overlay.title.map { "\($0) (\(overlay.file))" } ?? overlay.file))
        lines += ramps(of: overlay.clip)
        if let duck = overlay.duck {
          lines.append("       ducks the tracks under it by \(String(format: "%.1f", duck.gainDB)) dB, ramps of \(seconds(duck.rampFrames))")
        }
      }
    }
    lines += notes.map { "note: \($0)" }
    return lines.joined(separator: "\n")
  }

  private func row(_ number: String, _ clip: ClipEntry, name: String) -> String {
    "\(pad(number, 3))  \(pad(clock(clip.start), 11))  \(pad(clock(clip.end), 11))  "
      + "\(pad(clock(clip.inPoint), 11))  \(pad(clock(clip.inPoint + clip.duration), 11))  "
      + "\(pad(String(format: "%+.1f dB", clip.gainDB), 8))  \(name)"
  }

  private func ramps(of clip: ClipEntry) -> [String] {
    clip.ramps.map { ramp in
      let kind = ramp.to > ramp.from ? "fade in " : "fade out"
      return "       \(kind) \(seconds(ramp.end - ramp.start)) \(ramp.curve), at \(clock(ramp.start))"
    }
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
