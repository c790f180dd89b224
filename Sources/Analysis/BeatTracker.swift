/// Finds the tempo and beat grid of a mono signal block by block, as part of the analysis pass.
///
/// Aubio's beat tracker gives the tempo and where the beats roughly are (to its 23 ms hop);
/// `OnsetFinder` gives where the drum hits are, to under a millisecond; `BeatGridFit` fits one
/// grid to those hits over the whole signal.
final class BeatTracker {
  let sampleRate: Int
  private let tempo: AubioTempo
  private var onsets: OnsetFinder

  /// A tracker at `sampleRate`; nil for a rate aubio cannot take.
  init?(sampleRate: Int) {
    guard let tempo = AubioTempo(sampleRate: sampleRate) else { return nil }
    self.sampleRate = sampleRate
    self.tempo = tempo
    onsets = OnsetFinder(sampleRate: sampleRate)
  }

  /// Adds mono samples.
  func add(_ mono: UnsafeBufferPointer<Float>) {
    tempo.add(mono)
    onsets.add(mono)
  }

  /// The tempo and grid of everything added.
  func finish() -> TempoAnalysis {
    BeatGridFit(sampleRate: sampleRate, onsets: onsets.onsets, trackedBeats: tempo.beats).analysis()
  }
}
