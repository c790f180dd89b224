import AudioTestSupport
import Foundation
import Rendering
import Testing

/// The same music gives the same tempo and beats whatever its rate or codec: aubio's rough period
/// is refined on the onsets, so its hop (21.3 ms at 48 kHz, 23.2 ms at 44.1 kHz) does not show.
@Suite struct TempoAtEveryRateTests {
  /// Four-on-the-floor house at 128 BPM after a 0.5 s intro of bass and pad: a kick with a pitch
  /// drop, noise hats on the off-beats, a bass pulsing with the bar, a pad with vibrato.
  static let house =
    "0.7*sin(2*PI*50*mod(t-0.5,60/128)*(1+2*exp(-mod(t-0.5,60/128)*40)))*exp(-mod(t-0.5,60/128)*12)*gte(t,0.5)"
    + "+0.15*(random(0)-0.5)*exp(-mod(t-0.5+30/128,60/128)*80)*gte(t,0.5)"
    + "+0.12*sin(2*PI*110*t)*(0.6+0.4*sin(2*PI*t*128/60/4))+0.08*sin(2*PI*220*t+sin(2*PI*3*t))+0.05*sin(2*PI*330*t)"

  @Test func theSameMusicAt44And48kHzAndAsMP3HasOneTempo() throws {
    let folder = TemporaryFolder("segue-tempo-rates")
    var paths: [String] = []
    for rate in [44_100, 48_000] {
      let path = folder.file("house\(rate).wav")
      try FFmpegCLI.make(["-f", "lavfi", "-i", "aevalsrc=exprs='\(Self.house)':s=\(rate):d=41.37", "-ac", "2", "-c:a", "pcm_s16le", path])
      paths.append(path)
    }
    let mp3 = folder.file("house.mp3")
    try FFmpegCLI.make(["-i", paths[0], "-b:a", "192k", mp3])
    paths.append(mp3)
    let report = try AnalysisReport.measure(paths, cache: nil)
    let tempos = report.tracks.map { $0.tempo?.beatsPerMinute }
    let firstBeats = report.tracks.map { $0.tempo?.firstBeatSeconds }
    for (index, bpm) in tempos.enumerated() {
      let found = try #require(bpm, "track \(index + 1) has no tempo")
      #expect(abs(found - 128) <= 0.05, "track \(index + 1): \(found) BPM")
      #expect(abs(found - tempos[0]!) <= 0.01, "track \(index + 1): \(found) BPM against \(tempos[0]!)")
      let beat = try #require(firstBeats[index])
      #expect(abs(beat - firstBeats[0]!) <= 0.001, "track \(index + 1): first beat at \(beat) s against \(firstBeats[0]!) s")
    }
  }

  /// Downtempo at 95 BPM and 48 kHz: a backbeat (kick on 1 and 3, snare on 2 and 4) under
  /// sixteenth-note hats, bass and a pad, in a long reverb (a second and a half of decaying noise,
  /// convolved by the ffmpeg CLI). The reverb's onsets scatter the phases: a mean of them lay
  /// between the hits, where none is, and the track had no tempo.
  static let downtempo =
    "0.7*sin(2*PI*50*mod(t-0.3,2*60/95)*(1+2*exp(-mod(t-0.3,2*60/95)*40)))*exp(-mod(t-0.3,2*60/95)*9)*gte(t,0.3)"
    + "+0.35*(0.6*(random(0)-0.5)*2*exp(-mod(t-0.3-60/95,2*60/95)*22)+0.4*sin(2*PI*190*t)*exp(-mod(t-0.3-60/95,2*60/95)*30))*gte(t,0.3+60/95)"
    + "+0.08*(random(1)-0.5)*exp(-mod(t-0.3,30/95)*70)*gte(t,0.3)"
    + "+0.05*sin(2*PI*98*t)+0.05*sin(2*PI*123.5*t+0.3*sin(2*PI*4.5*t))+0.05*sin(2*PI*147*t)"

  @Test func aReverberantBackbeatKeepsItsGrid() throws {
    let folder = TemporaryFolder("segue-tempo-reverb")
    let (dry, room, path) = (folder.file("dry.wav"), folder.file("room.wav"), folder.file("downtempo.wav"))
    try FFmpegCLI.make(["-f", "lavfi", "-i", "aevalsrc=exprs='\(Self.downtempo)':s=48000:d=57.3", dry])
    try FFmpegCLI.make(["-f", "lavfi", "-i", "aevalsrc=exprs='(random(0)-0.5)*exp(-t*4.3)':s=48000:d=1.6", room])
    try FFmpegCLI.make([
      "-i", dry, "-i", room, "-filter_complex",
      "[1]volume=0.05[r];[0][r]afir=dry=10:wet=10[w];[0][w]amix=inputs=2:weights=0.65 0.35:normalize=0,alimiter=limit=0.9", "-ac", "2", path,
    ])
    let tempo = try #require(try AnalysisReport.measure([path], cache: nil).tracks[0].tempo)
    let bpm = try #require(tempo.beatsPerMinute, "no tempo (confidence \(tempo.confidence))")
    #expect(abs(bpm - 95) <= 0.05, "\(bpm) BPM")
    let first = try #require(tempo.firstBeatSeconds)
    let offset = (first - 0.3) / (60 / 95)
    #expect(abs(offset - offset.rounded()) * 60 / 95 <= 0.01, "the first beat at \(first) s is off the kicks and snares")
  }
}
