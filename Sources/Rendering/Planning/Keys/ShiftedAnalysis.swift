import Analysis
import Composition
import FFmpegAudio
import Foundation
import Stretching

/// A track's analysis as it plays pitch-shifted: its audio decoded, shifted by Rubber Band as the
/// render shifts it (R3, the short window, its length kept), and measured again (loudness, peaks
/// and levels, and the key), cached per shift. Levelling and the transitions' keys read it, so a
/// shifted track is judged as it sounds.
struct ShiftedAnalysis: Codable, Sendable {
  var semitones: Int
  var analysis: SignalAnalysis
  var key: KeyAnalysis?

  /// The version of the method; analyses made by another are made again (facts cache).
  static let methodVersion = 1

  /// The analysis of `input` shifted by `semitones`, from the cache where an earlier plan or
  /// render made it.
  static func measure(_ input: InputSource, facts: SourceFacts, semitones: Int, cache: FactsCache?) throws(RenderError) -> ShiftedAnalysis? {
    let kind = "analysis-shifted-\(semitones)-v\(methodVersion)"
    let slot = cache?.slot(kind: kind, for: input.path)
    if case .hit(let stored) = slot?.load(ShiftedAnalysis.self) { return stored }
    let (rate, channels) = (facts.info.sampleRate, facts.info.channelCount)
    guard
      let stretcher = PitchKeepingStretcher(
        sampleRate: rate, channels: channels, inputFrames: facts.frameCount, outputFrames: facts.frameCount, shortWindow: true,
        pitchScale: pow(2, Double(semitones) / 12)),
      let analyzer = SignalAnalyzer(sampleRate: rate, channelCount: channels)
    else { return nil }
    let music = MusicAnalyzer(sampleRate: rate, channelCount: channels, tempo: false, key: true)
    do throws(AudioFileError) {
      // Rubber Band studies the whole track before it processes any of it: two decodes.
      let study = try AudioFileReader(path: input.path, tolerance: input.tolerance, known: facts.info)
      while let block = try study.nextBlock() { stretcher.study(block) }
      let reader = try AudioFileReader(path: input.path, tolerance: input.tolerance, known: facts.info)
      while let block = try reader.nextBlock() {
        let shifted = stretcher.process(block)
        shifted.withUnsafeBufferPointer { samples in
          analyzer.add(samples)
          music?.add(samples)
        }
      }
    } catch {
      throw .input(input, InputCheck.problem(for: error))
    }
    let measured = ShiftedAnalysis(semitones: semitones, analysis: analyzer.finish(), key: music?.finish().key)
    _ = slot?.store(measured)
    return measured
  }

  /// What measuring a shifted track found, as a note: "a.flac: measured as it plays shifted +1
  /// semitone: -14.2 LUFS (unshifted -14.0), in F minor (4A)"; its levelling and keys read this.
  static func note(_ measured: ShiftedAnalysis, unshifted: SourceFacts, label: String) -> String {
    let loudness = measured.analysis.integratedLUFS.map { "\(Decibels.text($0)) LUFS" } ?? "silent"
    let before = unshifted.analysis?.integratedLUFS.map { " (unshifted \(Decibels.text($0)))" } ?? ""
    let key = measured.key?.key.map { ", in \($0.name) (\($0.camelot))" } ?? ""
    return "\(label): measured as it plays shifted \(KeyShifting.signed(measured.semitones)): \(loudness)\(before)\(key)"
  }
}
