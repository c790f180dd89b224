/// A stage on the mix bus, between the mix and the quantizer: a limiter, a meter, a clip guard.
///
/// Stages see the mix block by block in timeline order. A part of the mix (a range, a preview)
/// must come out as the same slice of the whole render, so a stage with memory says how much of
/// the mix before a start position it must hear (`primingFrames`), and the streamer plays that
/// much through `prime` before the part begins. A stage's output may not depend on where blocks
/// are split.
protocol BusStage {
  /// Frames before a start position that bring the stage to the state the whole render has it
  /// in there; 0 for a stage without memory.
  var primingFrames: Int64 { get }

  /// Hears `block` (interleaved, `channels` per frame, first frame at `firstFrame` on the
  /// timeline) before the part being rendered begins; nothing of it is written.
  mutating func prime(_ block: UnsafeMutableBufferPointer<Float>, firstFrame: Int64, channels: Int)

  /// Processes `block` in place; returns true if it changed any sample (then the block is dithered).
  mutating func process(_ block: UnsafeMutableBufferPointer<Float>, firstFrame: Int64, channels: Int) -> Bool

  /// What the stage has to tell the user once the last block has passed.
  var notes: [String] { get }

  /// Timeline positions where a block must end, so that blocks the stage leaves alone stay exact.
  var blockEdges: [Int64] { get }
}

extension BusStage {
  /// A stage without memory has nothing to learn before a start position.
  var primingFrames: Int64 { 0 }
  func prime(_ block: UnsafeMutableBufferPointer<Float>, firstFrame: Int64, channels: Int) {}
  /// A stage that touches every block, or none, needs no edges of its own.
  var blockEdges: [Int64] { [] }
}

/// The bus's stages, in order.
struct BusChain {
  var stages: [any BusStage]

  /// The longest priming any stage needs.
  var primingFrames: Int64 { stages.map(\.primingFrames).max() ?? 0 }

  mutating func prime(_ block: UnsafeMutableBufferPointer<Float>, firstFrame: Int64, channels: Int) {
    for index in stages.indices { stages[index].prime(block, firstFrame: firstFrame, channels: channels) }
  }

  /// Runs `block` through every stage; true if any changed it.
  mutating func process(_ block: UnsafeMutableBufferPointer<Float>, firstFrame: Int64, channels: Int) -> Bool {
    var changed = false
    for index in stages.indices {
      changed = stages[index].process(block, firstFrame: firstFrame, channels: channels) || changed
    }
    return changed
  }

  var notes: [String] { stages.flatMap(\.notes) }

  /// Every stage's block edges.
  var blockEdges: [Int64] { stages.flatMap(\.blockEdges) }
}
