import Composition

/// Which tracks of a timeline are resampled together, as one signal: consecutive tracks joined
/// gaplessly, each playing its whole source, whose sources share a rate other than the mix's.
struct ResampledRuns {
  /// Each run's clip indexes, in order; only runs of two or more tracks.
  let runs: [[Int]]

  /// The runs of `timeline`, whose sources are at `rates`; `playsWhole` tells which sources'
  /// tracks play the whole file, uncut.
  init(timeline: Timeline, playsWhole: [Bool], rates: [Int]) {
    var runs: [[Int]] = []
    var current: [Int] = []
    var previous: Clip?
    for (index, clip) in timeline.clips.enumerated() where clip.layer == .track {
      let resampledWhole = rates[clip.source] != timeline.sampleRate && playsWhole[clip.source] && clip.stretch == nil && clip.splices.isEmpty
      if let last = previous, resampledWhole, !current.isEmpty, last.end == clip.start, rates[last.source] == rates[clip.source] {
        current.append(index)
      } else {
        if current.count > 1 { runs.append(current) }
        current = resampledWhole ? [index] : []
      }
      previous = clip
    }
    if current.count > 1 { runs.append(current) }
    self.runs = runs
  }

  /// The run clip `index` belongs to and its place in it, if any.
  func membership(ofClip index: Int) -> (run: Int, member: Int)? {
    for (run, clips) in runs.enumerated() {
      if let member = clips.firstIndex(of: index) { return (run, member) }
    }
    return nil
  }
}
