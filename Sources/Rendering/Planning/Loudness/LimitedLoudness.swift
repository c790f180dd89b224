import Composition
import Analysis
import FFmpegAudio
import Foundation

/// The loudness of one input's played part at a gain, after the true-peak limiter: decoded (in the
/// mix's layout, where that changes its loudness), scaled, limited and measured, or read from the
/// cache where an earlier render measured it.
struct LimitedLoudness {
  let input: InputSource
  let facts: SourceFacts
  /// The layout to decode into; nil for the file's own.
  let layout: PCMLayout?
  /// What earlier passes measured, by `key`: kept with the input's facts as `cacheKind`.
  private var known: [String: Double]
  /// Where `known` is kept, as the file was when this began.
  private let slot: FactsCache.Slot?
  /// Named for the meter that measures it (`ProgrammeMeter`; "limiting" held libebur128's
  /// histogram figures, up to 0.05 LU apart), so figures of the other meter are not read.
  private static let cacheKind = "limited-loudness"

  init(cache: FactsCache?, input: InputSource, facts: SourceFacts, layout: PCMLayout? = nil) {
    self.input = input
    self.facts = facts
    self.layout = layout
    slot = cache?.slot(kind: Self.cacheKind, for: input.path)
    if case .hit(let stored) = slot?.load([String: Double].self) { known = stored } else { known = [:] }
  }

  /// Integrated loudness in LUFS of the part played at `gainDB` through a limiter at `ceiling`
  /// dBTP; nil for silence.
  mutating func loudness(gainDB: Double, ceiling: Double, part: Range<Double>?) throws(RenderError) -> Double? {
    let key = String(format: "%.4f@%.2f:%.6f-%.6f", gainDB, ceiling, part?.lowerBound ?? 0, min(part?.upperBound ?? .infinity, 1e9))
      + (layout.map { " as \($0.sampleRate) Hz, \($0.channelCount) ch" } ?? "")
    if let value = known[key] { return value.isFinite ? value : nil }
    let measured: Double?
    do throws(AudioFileError) { measured = try measure(gainDB: gainDB, ceiling: ceiling, part: part) } catch {
      throw .input(input, InputCheck.problem(for: error))
    }
    known[key] = measured ?? -.infinity
    _ = slot?.store(known)
    return measured
  }

  /// Decodes the part, scales it, limits it and measures it.
  private func measure(gainDB: Double, ceiling: Double, part: Range<Double>?) throws(AudioFileError) -> Double? {
    let reader = try AudioFileReader(path: input.path, output: layout, resampling: .high, tolerance: input.tolerance, known: facts.info)
    let rate = reader.output.sampleRate
    let channels = reader.output.channelCount
    let first = SampleFrames.count(inSeconds: part?.lowerBound ?? 0, at: rate)
    let length = facts.frameCount(at: rate)
    let end = part.map { min(length, SampleFrames.count(inSeconds: $0.upperBound, at: rate)) } ?? length
    guard let meter = ProgrammeMeter(sampleRate: rate, channelCount: channels) else { return nil }
    var limiter = PeakLimiter.Pipe(PeakLimiter(sampleRate: rate, channelCount: channels, ceiling: Decibels.factor(ceiling), detection: .truePeak))
    let gain = Float(Decibels.factor(gainDB))
    var position: Int64 = 0
    if first > 0, try reader.seek(toFrame: first) { position = first }
    while position < end, let block = try reader.nextBlock() {
      let frames = block.count / channels
      let wanted = max(0, min(Int64(frames), end - position) - max(0, first - position))
      let offset = Int(max(0, first - position))
      position += Int64(frames)
      guard wanted > 0 else { continue }
      let scaled = block[(offset * channels)..<((offset + Int(wanted)) * channels)].map { $0 * gain }
      scaled.withUnsafeBufferPointer { limiter.push($0) }.withUnsafeBufferPointer { meter.add($0) }
    }
    limiter.finish().withUnsafeBufferPointer { meter.add($0) }
    return meter.finish().integratedLUFS
  }
}
