import Analysis

/// A stage on the mix bus, between the mix and the quantizer: a limiter, a meter, a clip guard.
///
/// Stages see the mix block by block in timeline order. A part of the mix (a range, a preview)
/// must come out as the same slice of the whole render, so a stage with memory says how much of
/// the mix before a start position it must hear (`primingFrames`), and the streamer plays that
/// much through `prime` before the part begins. A stage that must see ahead (a limiter) says how
/// far (`lookaheadFrames`): each block then comes with that many of the mix's frames after it. A
/// stage's output may not depend on where blocks are split.
protocol BusStage {
  /// Frames before a start position that bring the stage to the state the whole render has it
  /// in there; 0 for a stage without memory.
  var primingFrames: Int64 { get }

  /// Frames after a block the stage must see to process it; 0 for a stage that needs none.
  var lookaheadFrames: Int { get }

  /// Hears `block` before the part being rendered begins; nothing of it is written.
  mutating func prime(_ block: BusBlock)

  /// Processes `block` in place; returns true if it changed any sample (then the block is dithered).
  mutating func process(_ block: BusBlock) -> Bool

  /// True when the stage would leave `block`, a clip's own integers (every sample within full
  /// scale), untouched, with `upcomingIsIntegers` saying whether the frames it would see ahead
  /// are such integers too. Asked of every stage before any hears the block: where all say yes,
  /// each hears it through `hear` and the integers go to the encoder as they are; otherwise the
  /// block is converted to floats and processed.
  func leavesUntouched(_ block: IntegerBusBlock, upcomingIsIntegers: Bool) -> Bool

  /// Hears `block`, which it leaves untouched (`leavesUntouched`), as `process` would have.
  mutating func hear(_ block: IntegerBusBlock)

  /// What the stage has to tell the user once the last block has passed.
  var notes: [String] { get }

  /// Timeline positions where a block must end, so that blocks the stage leaves alone stay exact.
  var blockEdges: [Int64] { get }

  /// What the stage measured, and where on the bus, once every block has passed; nil for a stage
  /// that measures nothing. Called once.
  func finishMeasuring() -> (point: BusMeter.Point, loudness: ProgrammeLoudness)?

  /// Where the stage turned the mix down to keep its peaks under a ceiling, on the timeline.
  var limitedSpans: [Range<Int64>] { get }
}

extension BusStage {
  /// A stage without memory has nothing to learn before a start position.
  var primingFrames: Int64 { 0 }
  func prime(_ block: BusBlock) {}
  /// Most stages see one block at a time.
  var lookaheadFrames: Int { 0 }
  /// A stage that touches every block, or none, needs no edges of its own.
  var blockEdges: [Int64] { [] }
  /// Most stages measure nothing.
  func finishMeasuring() -> (point: BusMeter.Point, loudness: ProgrammeLoudness)? { nil }
  /// Most stages limit nothing.
  var limitedSpans: [Range<Int64>] { [] }
  /// A stage that may change samples, unless it says otherwise, sees every block as floats.
  func leavesUntouched(_ block: IntegerBusBlock, upcomingIsIntegers: Bool) -> Bool { false }
  /// A stage that leaves a block untouched and keeps nothing of it has nothing to hear.
  func hear(_ block: IntegerBusBlock) {}
}

/// The bus's stages, in order.
struct BusChain {
  var stages: [any BusStage]

  /// The longest priming any stage needs.
  var primingFrames: Int64 { stages.map(\.primingFrames).max() ?? 0 }

  /// The farthest any stage must see ahead.
  var lookaheadFrames: Int { stages.map(\.lookaheadFrames).max() ?? 0 }

  mutating func prime(_ block: BusBlock) {
    for index in stages.indices { stages[index].prime(block) }
  }

  /// Runs `block` through every stage; true if any changed it.
  mutating func process(_ block: BusBlock) -> Bool {
    var changed = false
    for index in stages.indices {
      changed = stages[index].process(block) || changed
    }
    return changed
  }

  /// Lets `block` through as integers, heard by every stage, when every stage leaves it
  /// untouched; false (nothing heard) when it must be processed as floats.
  mutating func passIntegers(_ block: IntegerBusBlock, upcomingIsIntegers: Bool) -> Bool {
    guard stages.allSatisfy({ $0.leavesUntouched(block, upcomingIsIntegers: upcomingIsIntegers) }) else { return false }
    for index in stages.indices { stages[index].hear(block) }
    return true
  }

  var notes: [String] { stages.flatMap(\.notes) }

  /// Every stage's block edges.
  var blockEdges: [Int64] { stages.flatMap(\.blockEdges) }
}

/// A block of the mix on its way through the bus.
struct BusBlock {
  /// Interleaved samples, changed in place by the stages.
  let samples: UnsafeMutableBufferPointer<Float>
  /// Where the block's first frame sits on the timeline.
  let firstFrame: Int64
  /// The part of the timeline being rendered that the block belongs to (parts may overlap: two
  /// previews of short tracks).
  let part: Range<Int64>
  let channels: Int
  /// The mix's frames right after the block, as many as the bus looks ahead (fewer where the mix
  /// ends), as they come from the mix, before any stage.
  let upcoming: UnsafeBufferPointer<Float>

  var frameCount: Int { samples.count / channels }
}

/// A block of one clip's decoded integers on its way through the bus, which stages leave untouched.
struct IntegerBusBlock {
  let samples: MixSamples
  /// Where the block's first frame sits on the timeline.
  let firstFrame: Int64
  /// The part of the timeline being rendered that the block belongs to.
  let part: Range<Int64>
  let channels: Int

  var frameCount: Int { samples.frameCount(channels: channels) }
  /// The timeline frames the block covers.
  var frames: Range<Int64> { firstFrame..<(firstFrame + Int64(frameCount)) }
}
