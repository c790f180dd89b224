import Foundation

/// The files README's recipes name, synthesized: an album of three short tones, a DJ set of three
/// dance tracks (kicks over a chord), two talks with pauses, a jingle, and a batch manifest.
enum RecipeInputs {
  /// Makes every file in `fixture`'s folder, the audio in one ffmpeg run.
  static func make(in fixture: Fixture) throws {
    let rate = 44_100
    let album = [("01.flac", 440.0), ("02.flac", 554.37), ("03.flac", 659.26)].map { name, pitch in
      (name: name, source: "sine=f=\(pitch):r=\(rate)", frames: 3 * rate)
    }
    // Chords of A minor, G major and C major, so the harmonic order has keys to go by; tempos within
    // the 8 % beat matching allows.
    // Long enough for 4-bar crossfades and 8 bars back to each track's own tempo, and no longer.
    let set = [
      ("a.flac", 124.0, [220.0, 261.63, 329.63], 16), ("b.flac", 126.0, [196.0, 246.94, 293.66], 32),
      ("c.flac", 122.0, [261.63, 329.63, 392.0], 24),
    ].map { name, tempo, chord, seconds in (name: name, source: danceTrack(beatsPerMinute: tempo, chord: chord), frames: seconds * rate) }
    // Two seconds of sound in every three, from 1 s to 13 s: pauses of a second, silent edges.
    let talk = (name: "talk.flac", source: "aevalsrc=exprs='0.3*sin(2*PI*220*t)*between(t,1,13)*lt(mod(t,3),2)'", frames: 15 * rate)
    let moreTalk = (name: "more-talk.flac", source: "aevalsrc=exprs='0.3*sin(2*PI*196*t)*between(t,2,9)*lt(mod(t,2.5),1.5)'", frames: 23 * rate / 2)
    let jingle = (name: "jingle.flac", source: "aevalsrc=exprs='0.2*(sin(2*PI*392*t)+sin(2*PI*494*t))'", frames: 21 * rate / 2)
    try fixture.synthesize(album + set + [talk, moreTalk, jingle])
    try fixture.write("album.m3u", Data("01.flac\n02.flac\n03.flac\n".utf8))
    try fixture.write("set.m3u", Data("a.flac\nb.flac\nc.flac\n".utf8))
    try fixture.write("catalog.jsonl", Data("""
      {"inputs": ["album.m3u"], "output": "out/album.mp3"}
      {"inputs": ["01.flac", "02.flac"], "output": "out/side-a.flac", "crossfade": 1}

      """.utf8))
  }

  /// A lavfi source of a kick on every beat, louder on each bar's first, over a quiet chord.
  static func danceTrack(beatsPerMinute: Double, chord: [Double]) -> String {
    let beat = 60 / beatsPerMinute
    let kick = "(0.45+0.35*eq(mod(floor(t/\(beat)),4),0))*exp(-mod(t,\(beat))/0.08)*sin(2*PI*55*mod(t,\(beat)))"
    let pad = chord.map { "0.06*sin(2*PI*\($0)*t)" }.joined(separator: "+")
    return "aevalsrc=exprs='\(kick)+\(pad)'"
  }
}
