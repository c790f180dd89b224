import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Tracks joined gaplessly at another rate are resampled as one signal: split or whole, the
/// album comes out the same, and any part of it equals the same slice of the whole.
@Suite struct ResampledRunTests {
  /// An album of tones and noise, split at odd points into four tracks, each written as a file.
  struct Album {
    let folder = TemporaryFolder("segue-run")
    let whole: InputSource
    let tracks: [InputSource]

    init(rate: Int, cuts: [Int], frames: Int) throws {
      let layout = PCMLayout(sampleRate: rate, channelCount: 2)
      let tones = Signal.sine(frequency: 1234.5, sampleRate: rate, channels: 2, frames: frames, amplitude: 0.3)
      let noise = Signal.noise(channels: 2, frames: frames, amplitude: 0.2, seed: 3)
      let signal = zip(tones, noise).map { Signal.quantized16(Double($0 + $1)) }
      let wholePath = folder.file("album.flac")
      try AudioFile.write(signal, layout: layout, to: wholePath, options: OutputOptions(bitDepth: 16))
      whole = InputSource(path: wholePath)
      var tracks: [InputSource] = []
      for (index, bounds) in zip([0] + cuts, cuts + [frames]).enumerated() {
        let path = folder.file("t\(index).flac")
        try AudioFile.write(Array(signal[(bounds.0 * 2)..<(bounds.1 * 2)]), layout: layout, to: path, options: OutputOptions(bitDepth: 16))
        tracks.append(InputSource(path: path))
      }
      self.tracks = tracks
    }

    /// Renders `inputs` at `rate` to float WAV (so nothing is lost to quantization) and decodes it.
    func render(_ inputs: [InputSource], at rate: Int, range: TimeRange? = nil, name: String) throws -> (RenderReport, [Float]) {
      let path = folder.file(name)
      let report = try Renderer.render(
        RenderRequest(
          inputs: inputs, outputPath: path, output: OutputOptions(bitDepth: 32, sampleRate: rate), range: range, verify: true, cache: nil))
      return (report, try AudioFile.read(path: path).samples)
    }
  }

  @Test(arguments: [(48_000, 44_100), (44_100, 48_000)])
  func aSplitAlbumResampledEqualsTheWholeOne(_ rates: (source: Int, mix: Int)) throws {
    let album = try Album(rate: rates.source, cuts: [70_001, 150_013, 223_457], frames: 288_887)
    let (wholeReport, whole) = try album.render([album.whole], at: rates.mix, name: "whole.wav")
    let (splitReport, split) = try album.render(album.tracks, at: rates.mix, name: "split.wav")
    #expect(splitReport.outputFrameCount == wholeReport.outputFrameCount)
    #expect(split.count == whole.count)
    let worst = zip(split, whole).map { abs($0 - $1) }.max() ?? 1
    #expect(worst < 1e-4, "largest difference \(worst)")
    // Each track starts at round(its first source frame × out ÷ in).
    let starts = splitReport.timeline.clips.map(\.start)
    let expected = [0, 70_001, 150_013, 223_457].map { (Int64($0) * Int64(rates.mix) + Int64(rates.source / 2)) / Int64(rates.source) }
    #expect(starts == expected)
  }

  @Test func aPartOfARunEqualsTheSameSliceOfTheWhole() throws {
    let album = try Album(rate: 48_000, cuts: [70_001, 150_013, 223_457], frames: 288_887)
    let (_, whole) = try album.render(album.tracks, at: 44_100, name: "whole.wav")
    // From inside the second track to inside the fourth.
    let (report, part) = try album.render(album.tracks, at: 44_100, range: TimeRange(from: 2.1, to: 4.9), name: "part.wav")
    let first = Int(report.segments[0].lowerBound) * 2
    #expect(part.count == Int(report.segments[0].count) * 2)
    #expect(Array(whole[first..<(first + part.count)]) == part, "the part differs from the slice")
  }

  /// A run is resampled in segments of about 5.5 s at 48 kHz (`RunSegments`): a part that starts
  /// in the second and ends in the third equals the slice, bit for bit, at both precisions.
  @Test(arguments: [16, 32])
  func aPartSeveralSegmentsInEqualsTheSameSliceOfTheWhole(bits: Int) throws {
    let album = try Album(rate: 48_000, cuts: [170_001, 450_013, 523_457], frames: 688_887)
    let render = { (range: TimeRange?, name: String) throws -> (RenderReport, [Float]) in
      let path = album.folder.file(name)
      let report = try Renderer.render(
        RenderRequest(inputs: album.tracks, outputPath: path, output: OutputOptions(bitDepth: bits, sampleRate: 44_100), range: range, cache: nil))
      return (report, try AudioFile.read(path: path).samples)
    }
    let (_, whole) = try render(nil, "whole.wav")
    // Across a seam; then from exactly the third segment's start (524,480 source frames in, output
    // frame 481,866) to the run's end, where the last resampler is flushed.
    for range in [TimeRange(from: 6.1, to: 12.3), TimeRange(from: 481_866.0 / 44_100)] {
      let (report, part) = try render(range, "part-\(range.from!).wav")
      let first = Int(report.segments[0].lowerBound) * 2
      #expect(part.count == Int(report.segments[0].count) * 2)
      #expect(Array(whole[first..<(first + part.count)]) == part, "the part from \(range.from!) s differs from the slice")
    }
  }

  /// Where one segment's resampler hands over to the next, the pre-roll (the filter's measured
  /// reach) has filled the new one: the run is the file resampled in one piece, to float precision.
  @Test func theSegmentsSeamsAreInaudible() throws {
    let album = try Album(rate: 48_000, cuts: [170_001, 450_013, 523_457], frames: 688_887)
    let (_, whole) = try album.render([album.whole], at: 44_100, name: "whole.wav")
    let (_, split) = try album.render(album.tracks, at: 44_100, name: "split.wav")
    #expect(split.count == whole.count)
    let worst = zip(split, whole).map { abs($0 - $1) }.max() ?? 1
    #expect(worst < 1e-6, "largest difference \(worst)")
  }

  /// A track of a run cut short is refused in one line naming that track, as any input is: the
  /// run's error passes through the clip reading it unwrapped (it once came out as "cannot open"
  /// around the run's own "truncated", the file named twice).
  @Test func aTruncatedTrackOfARunIsNamedOnce() throws {
    let album = try Album(rate: 48_000, cuts: [70_001, 150_013, 223_457], frames: 288_887)
    let cut = album.tracks[2].path
    let bytes = try Data(contentsOf: URL(fileURLWithPath: cut))
    try bytes.prefix(bytes.count * 6 / 10).write(to: URL(fileURLWithPath: cut))
    #expect {
      try album.render(album.tracks, at: 44_100, name: "cut.wav")
    } throws: { error in
      let message = "\(error)"
      return message.hasPrefix("\(cut): truncated: decoded ") && !message.dropFirst(cut.count).contains(album.folder.path)
    }
  }
}
