import AudioTestSupport
import Foundation
import Rendering
import Synchronization
import Testing

/// `segue analyze`'s measurements, judged by the ffmpeg CLI's `ebur128` filter, and read from the
/// facts cache the second time.
@Suite struct AnalysisReportTests {
  /// Every codec the tests can make, mono and stereo, tones, noise and inter-sample peaks:
  /// integrated loudness within 0.1 LU and true peak within 0.2 dB of the judge; a mono track is
  /// measured as it plays in stereo (both channels), not 3 dB low.
  @Test func loudnessAndTruePeakAgreeWithFFmpegsMeterOnEveryCodec() throws {
    let folder = TemporaryFolder()
    // A quarter-rate sine at 45°: samples at 0.71 of its peak, which only the true peak sees.
    let interSample = "aevalsrc=0.6*sin(PI/2*n+PI/4)+0.2*sin(2*PI*330*t)|0.6*sin(PI/2*n+PI/4)-0.2*sin(2*PI*220*t):s=44100:d=6.1"
    let inputs = [
      ("tone.flac", ["-f", "lavfi", "-i", "sine=f=997:r=44100:d=7.3", "-af", "volume=0.6", "-ac", "2"]),
      ("bursts.mp3", ["-f", "lavfi", "-i", "anoisesrc=r=44100:d=9.1:a=0.3,volume='if(lt(mod(t,1.3),0.5),1,0.05)':eval=frame", "-ac", "2"]),
      ("mono.opus", ["-f", "lavfi", "-i", "sine=f=440:r=48000:d=5.7", "-af", "volume=0.5"]),
      ("pink.ogg", ["-f", "lavfi", "-i", "anoisesrc=c=pink:r=44100:d=8.3:a=0.4", "-ac", "2", "-c:a", "libvorbis", "-q:a", "4"]),
      ("chord.m4a", [
        "-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*261.6*t)+0.2*sin(2*PI*329.6*t)+0.2*sin(2*PI*392*t)*sin(2*PI*0.7*t):s=48000:d=6.7",
        "-ac", "2", "-c:a", "aac", "-b:a", "192k",
      ]),
      ("peaks.wav", ["-f", "lavfi", "-i", interSample, "-c:a", "pcm_s24le"]),
    ]
    for (name, arguments) in inputs { try FFmpegCLI.make(arguments + [folder.file(name)]) }
    let report = try AnalysisReport.measure(inputs.map { folder.file($0.0) }, cache: nil)
    for (track, (name, _)) in zip(report.tracks, inputs) {
      let judged = try LoudnessJudge.measure(folder.file(name), mono: name.hasPrefix("mono"))
      let integrated = try #require(track.integratedLUFS)
      #expect(abs(integrated - judged.integrated) <= 0.1, "\(name): \(integrated) vs \(judged.integrated) LUFS")
      let truePeak = try #require(track.truePeakDBTP)
      #expect(abs(truePeak - judged.truePeak) <= 0.2, "\(name): \(truePeak) vs \(judged.truePeak) dBTP")
      #expect(track.gainDB == ((-14 - integrated) * 100).rounded() / 100)
    }
  }

  /// A second analysis reads the results from the cache and decodes nothing; a replaced file is
  /// measured again.
  @Test func aSecondAnalysisDecodesNothing() throws {
    let folder = TemporaryFolder()
    let cache = FactsCache(folder: folder.file("cache"))
    let path = folder.file("a.mp3")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=660:r=44100:d=3.7", path])
    let first = try AnalysisReport.measure([path], cache: cache)
    let decodes = FactsDecodes.count(for: path)
    let second = try AnalysisReport.measure([path], cache: cache)
    #expect(FactsDecodes.count(for: path) == decodes, "the second analysis decoded the file")
    #expect(second.tracks[0].integratedLUFS == first.tracks[0].integratedLUFS)
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=660:r=44100:d=2.9", "-af", "volume=0.25", path])
    let third = try AnalysisReport.measure([path], cache: cache)
    #expect(FactsDecodes.count(for: path) == decodes + 1)
    #expect(third.tracks[0].integratedLUFS != first.tracks[0].integratedLUFS)
  }

  /// Progress climbs, never back, to every file done, when measuring and when reading the cache.
  @Test func progressEndsWithEveryFileDone() throws {
    let folder = TemporaryFolder()
    let cache = FactsCache(folder: folder.file("cache"))
    let paths = (0..<3).map { folder.file("t\($0).flac") }
    for (index, path) in paths.enumerated() {
      try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=\(300 + 100 * index):r=44100:d=\(3 + index)", path])
    }
    for _ in ["measured", "cached"] {
      let updates = Mutex<[AnalysisProgress]>([])
      _ = try AnalysisReport.measure(paths, cache: cache) { step in updates.withLock { $0.append(step) } }
      let steps = updates.withLock { $0 }
      for (a, b) in zip(steps, steps.dropFirst()) {
        #expect(b.fraction >= a.fraction && b.filesDone >= a.filesDone && b.elapsedSeconds >= a.elapsedSeconds)
      }
      #expect(steps.last?.isFinished == true && steps.last?.fraction == 1 && steps.last?.filesDone == 3)
      #expect(steps.dropLast().allSatisfy { !$0.isFinished })
    }
  }

  /// Digital silence has no loudness, peak or gain: JSON nulls and `-inf` in the table, never
  /// numbers that are not numbers; the whole file counts as leading silence.
  @Test func silenceIsReportedAsNoLevelAtAll() throws {
    let folder = TemporaryFolder()
    let path = folder.file("quiet.flac")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo", "-t", "1.37", path])
    let report = try AnalysisReport.measure([path], cache: nil)
    let track = try #require(report.tracks.first)
    #expect(track.integratedLUFS == nil && track.truePeakDBTP == nil && track.samplePeakDBFS == nil && track.gainDB == nil)
    #expect(track.leadingSilenceSeconds == 1.37)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
    #expect((json["tracks"] as? [[String: Any]])?.first?["truePeakDBTP"] == nil)
    #expect(report.table().contains("-inf"))
  }
}
