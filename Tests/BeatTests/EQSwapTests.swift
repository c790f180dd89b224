import Analysis
import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// `--eq-swap`: through a beat-matched crossfade the bass of the mix is never more than one
/// track's bass (two kicks do not stack), while the loudness follows an equal-power crossfade.
@Suite("Bass swaps")
struct EQSwapTests {
  static let rate = 44100

  /// A beat-matched 124 -> 128 BPM mix of kicks, hats and a noise pad, with or without the bass
  /// swap, the tracks at `gains`.
  static func render(_ folder: TemporaryFolder, _ paths: [String], eqSwap: Bool, gains: [Double?] = [nil, nil], name: String) throws -> (RenderReport, [Float]) {
    let inputs = zip(paths, gains).map { path, gain in
      var options = EntryOptions()
      options.gainDB = gain
      return InputSource(path: path, options: options)
    }
    var mix = MixOptions(crossfade: 8)
    mix.beatMatching.enabled = true
    mix.eqSwap = eqSwap
    let output = folder.file("\(name).wav")
    let report = try Renderer.render(
      RenderRequest(inputs: inputs, outputPath: output, output: OutputOptions(bitDepth: 32), mix: mix, cache: FactsCache(folder: folder.file("cache"))))
    return (report, try FFmpegCLI.decodeFloat(output))
  }

  /// Energy under 150 Hz in each 100 ms window from frame `start`: a Hann-windowed DFT's bins
  /// from 10 to 140 Hz, of the channels' mean.
  static func lowEnergy(_ samples: [Float], windows: Range<Int>, start: Int) -> [Double] {
    let size = rate / 10
    let hann = (0..<size).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size)) }
    return windows.map { window in
      let first = start + window * size
      var energy = 0.0
      for bin in 1...14 {
        var (re, im) = (0.0, 0.0)
        for index in 0..<size where (first + index) * 2 + 1 < samples.count {
          let value = Double(samples[(first + index) * 2] + samples[(first + index) * 2 + 1]) / 2 * hann[index]
          let phase = 2 * Double.pi * Double(bin * index) / Double(size)
          re += value * cos(phase)
          im -= value * sin(phase)
        }
        energy += re * re + im * im
      }
      return energy
    }
  }

  @Test func twoKicksNeverStackAndTheLevelFollowsAnEqualPowerCrossfade() throws {
    let folder = TemporaryFolder("segue-eq-swap")
    var tracks = [BeatTrack(beatsPerMinute: 124, firstBeat: 0.1913, seconds: 36.3), BeatTrack(beatsPerMinute: 128, firstBeat: 0.3371, seconds: 52.7)]
    // Two records: the second's kick is lower and its noise its own.
    (tracks[1].seed, tracks[1].kickHigh, tracks[1].kickLow) = (23, 110, 42)
    for index in tracks.indices { tracks[index].padAmplitude = 0.04 }
    let paths = try tracks.enumerated().map { index, track in
      let path = folder.file("t\(index).flac")
      try AudioFile.write(track.samples, layout: PCMLayout(sampleRate: Self.rate, channelCount: 2), to: path, options: OutputOptions(bitDepth: 24))
      return path
    }
    let (swapped, swappedMix) = try Self.render(folder, paths, eqSwap: true, name: "swapped")
    let (_, plainMix) = try Self.render(folder, paths, eqSwap: false, name: "plain")
    // Each track alone at full level: the first as it is (it starts the mix at 0); the second as
    // it sounds in the plain crossfade, its fade-in gain divided out.
    let (_, incomingFaded) = try Self.render(folder, paths, eqSwap: false, gains: [-96, nil], name: "incoming")
    let outgoingAlone = tracks[0].samples

    let incoming = swapped.plan.timeline.clips.first { $0.item == 1 }!
    let overlapStart = Int(incoming.start)
    let overlapFrames = Int(swapped.plan.timeline.clips[0].end) - overlapStart
    let windows = 0..<(overlapFrames / (Self.rate / 10))
    let mixLow = Self.lowEnergy(swappedMix, windows: windows, start: overlapStart)
    let plainLow = Self.lowEnergy(plainMix, windows: windows, start: overlapStart)
    let outgoingLow = Self.lowEnergy(outgoingAlone, windows: windows, start: overlapStart)
    let incomingLow = Self.lowEnergy(incomingFaded, windows: windows, start: overlapStart)
    var worst = -Double.infinity
    var plainWorst = -Double.infinity
    let louder = windows.map { window in
      let fadeIn = sin((Double(window) + 0.5) / Double(windows.count) * Double.pi / 2)
      return max(outgoingLow[window], fadeIn >= 0.3 ? incomingLow[window] / (fadeIn * fadeIn) : 0)
    }
    // The windows a kick sounds in: its bass within 20 dB of the loudest (between the kicks the
    // bass is the noise's, 30 dB down).
    let kicks = louder.max()! / 100
    for window in windows where louder[window] >= kicks {
      worst = max(worst, 10 * log10(mixLow[window] / louder[window]))
      plainWorst = max(plainWorst, 10 * log10(plainLow[window] / louder[window]))
    }
    #expect(worst <= 1, "the bass is \(worst) dB over the louder track's alone")

    // The level: short-term loudness (EBU R128: 3 s, K-weighted) every 100 ms through the overlap,
    // against the plain equal-power crossfade. Its momentary loudness (400 ms) is printed too:
    // where the two kicks land together the plain crossfade stacks them, the swap does not.
    let loudness = { (samples: [Float]) -> SignalAnalysis in
      let analyzer = SignalAnalyzer(sampleRate: Self.rate, channelCount: 2)!
      samples.withUnsafeBufferPointer { analyzer.add($0) }
      return analyzer.finish()
    }
    let (swappedLoudness, plainLoudness) = (loudness(swappedMix), loudness(plainMix))
    let first = overlapStart / (Self.rate / 10)
    let last = (overlapStart + overlapFrames) / (Self.rate / 10)
    let deviation = { (track: KeyPath<SignalAnalysis, LevelTrack>, from: Int) in
      (from..<last).map { abs(swappedLoudness[keyPath: track].decibels[$0] - plainLoudness[keyPath: track].decibels[$0]) }.max()!
    }
    let shortTerm = deviation(\.shortTerm, first + 30)
    #expect(shortTerm <= 1, "the loudness strays \(shortTerm) dB from the equal-power crossfade's")
    print(
      "eq swap: bass at most \(worst) dB over the louder track alone (plain crossfade: \(plainWorst) dB); "
        + "short-term loudness within \(shortTerm) dB of the plain crossfade's (momentary: \(deviation(\.momentary, first + 4)) dB)")
  }
}

/// A part of a beat-matched, bass-swapped mix is those frames of the whole: entered inside the
/// stretched head and inside the swap, the stretch and the crossover start where the whole does.
@Suite("Beat-matched ranges")
struct BeatMatchedRangeTests {
  @Test func aRangeInsideTheSwapIsThoseFramesOfTheWhole() throws {
    let folder = TemporaryFolder("segue-beatmatch-range")
    let rate = 44100
    var tracks = [BeatTrack(beatsPerMinute: 124, firstBeat: 0.1913, seconds: 21.3), BeatTrack(beatsPerMinute: 128, firstBeat: 0.3371, seconds: 33.1)]
    tracks[1].seed = 29
    let paths = try tracks.enumerated().map { index, track in
      let path = folder.file("t\(index).flac")
      try AudioFile.write(track.samples, layout: PCMLayout(sampleRate: rate, channelCount: 2), to: path, options: OutputOptions(bitDepth: 24))
      return path
    }
    var mix = MixOptions(crossfade: 6)
    mix.beatMatching.enabled = true
    mix.eqSwap = true
    let render = { (name: String, range: TimeRange?) throws -> (RenderReport, [Float]) in
      let output = folder.file("\(name).wav")
      let report = try Renderer.render(
        RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: output, output: OutputOptions(bitDepth: 32), mix: mix, range: range, cache: nil))
      return (report, try FFmpegCLI.decodeFloat(output))
    }
    let (whole, all) = try render("whole", nil)
    let swap = try #require(whole.plan.timeline.clips.first { $0.item == 1 }?.lowBandSwaps.first)
    let incoming = whole.plan.timeline.clips.first { $0.item == 1 }!
    // From 10 ms after the bass swap's point to a second into the unstretched rest.
    let from = Double(incoming.start + swap.ramp.upperBound) / Double(rate) + 0.0103
    let to = Double(whole.plan.timeline.clips.filter { $0.item == 1 }[1].start) / Double(rate) + 1.0007
    let (part, samples) = try render("part", TimeRange(from: from, to: to))
    let first = Int(part.segments[0].lowerBound)
    #expect(samples.count == Int(part.segments[0].count) * 2)
    let expected = Array(all[(first * 2)..<(first * 2 + samples.count)])
    #expect(samples == expected, "the part differs from the whole by up to \(zip(samples, expected).map { abs($0 - $1) }.max() ?? 0)")
  }
}
