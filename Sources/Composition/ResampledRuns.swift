/// A source's own length and rate, for an item that plays all of it at a rate other than the
/// timeline's.
public struct ResampledSource: Sendable, Hashable {
  /// The source's length in frames at its own rate.
  public var frames: Int64
  /// The source's own sample rate, in Hz.
  public var sampleRate: Int

  /// A source `frames` long at `sampleRate` Hz.
  public init(frames: Int64, sampleRate: Int) {
    self.frames = frames
    self.sampleRate = sampleRate
  }
}

/// Where a clip lies in a run of tracks resampled as one signal: the run's number in
/// `Plan.resampledRuns`, and the clip's place in it.
public struct RunPlace: Sendable, Hashable {
  /// The run's index in `Plan.resampledRuns`.
  public var run: Int
  /// The clip's place in the run, from 0.
  public var member: Int

  /// Member `member` of run `run`.
  public init(run: Int, member: Int) {
    self.run = run
    self.member = member
  }
}

/// Finds the runs of tracks resampled as one signal while the planner places them, and gives
/// each member its length from the run's.
///
/// A run is consecutive items that touch (no gap, no overlap), each playing its whole source
/// unstretched and uncut, at one rate other than the timeline's. Resampled as one signal, the
/// item starting at source frame `s` of the run starts at `round(s × out ÷ in)`, so each member
/// is as long as the run's frames up to its end less those up to its start. A join is gapless
/// to the sample only so.
struct RunLayout {
  let sampleRate: Int
  /// Each run's items, in order; runs of one item are dropped when closed.
  private(set) var runs: [[Int]] = []
  /// The run the last item placed opened or continued, and its source frames so far.
  private var open: (items: [Int], rate: Int, sourceFrames: Int64)?

  init(sampleRate: Int) { self.sampleRate = sampleRate }

  /// The frames `item` (number `index`) plays at the timeline's rate: its share of the run of
  /// the item before it when it continues that run, else its own length. `previous` is the
  /// clip the item before ends on, as placed; `touching` says whether the join into `item`
  /// leaves neither a gap nor an overlap.
  mutating func length(of item: PlanItem, at index: Int, after previous: Clip?, touching: Bool) -> Int64 {
    guard let source = item.resampledSource, item.stretch == nil, item.pitchShift == 0, item.cuts.isEmpty else {
      close()
      return item.availableFrames
    }
    if touching, let previous, previous.playedStretch == nil, previous.splices.isEmpty, var run = open,
      run.rate == source.sampleRate, run.items.last == index - 1
    {
      let start = converted(run.sourceFrames, from: run.rate)
      run.sourceFrames += source.frames
      run.items.append(index)
      open = run
      return converted(run.sourceFrames, from: run.rate) - start
    }
    close()
    open = ([index], source.sampleRate, source.frames)
    return item.availableFrames
  }

  /// Ends the open run, keeping it when it has two items or more; call once all are placed.
  mutating func close() {
    if let run = open, run.items.count > 1 { runs.append(run.items) }
    open = nil
  }

  /// `frames` at `rate` as the resampler delivers them at the timeline's rate (halves up).
  private func converted(_ frames: Int64, from rate: Int) -> Int64 {
    rate == sampleRate ? frames : (frames * Int64(sampleRate) + Int64(rate / 2)) / Int64(rate)
  }
}
