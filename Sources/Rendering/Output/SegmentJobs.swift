import FFmpegAudio
import Foundation

/// The segments waiting for a worker, and the encoded ones waiting to be written, shared by the
/// writing thread and the workers.
final class SegmentJobs: @unchecked Sendable {
  // @unchecked: every stored property is touched only while `condition` is locked.
  struct Job: Sendable {
    let index: Int
    let pcm: SegmentPCM
    let span: SegmentSpan
  }

  private let condition = NSCondition()
  private var waiting: [Job] = []
  private var results: [Int: Result<EncodedSegment, any Error>] = [:]
  private var isClosed = false

  func put(_ job: Job) {
    condition.lock()
    defer { condition.unlock() }
    waiting.append(job)
    condition.broadcast()
  }

  /// The next segment to encode, waiting for one; nil once closed.
  func take() -> Job? {
    condition.lock()
    defer { condition.unlock() }
    while waiting.isEmpty && !isClosed { condition.wait() }
    return isClosed ? nil : waiting.removeFirst()
  }

  func deliver(_ index: Int, _ result: Result<EncodedSegment, any Error>) {
    condition.lock()
    defer { condition.unlock() }
    results[index] = result
    condition.broadcast()
  }

  /// Segment `index` once encoded (waiting for it when `waiting`), taken out; nil when it is
  /// not ready and not waited for, or when closed.
  func result(_ index: Int, waiting: Bool) -> Result<EncodedSegment, any Error>? {
    condition.lock()
    defer { condition.unlock() }
    while waiting && results[index] == nil && !isClosed { condition.wait() }
    return results.removeValue(forKey: index)
  }

  /// Wakes every side for good: workers stop, waiters return.
  func close() {
    condition.lock()
    defer { condition.unlock() }
    isClosed = true
    waiting.removeAll()
    condition.broadcast()
  }
}

/// A segment that could not be encoded or joined to the stream: where it lies on the output, and why.
struct SegmentFailure: Error, CustomStringConvertible {
  /// What failed: the segment's encoder, or laying its packets into the stream after the one before.
  enum Stage { case encoding, joining }

  let codecName: String
  var stage = Stage.encoding
  let index: Int
  let span: SegmentSpan
  let sampleRate: Int
  let underlying: any Error

  var description: String {
    let from = TimeFormat.clock(frames: span.from, sampleRate: sampleRate)
    let to = TimeFormat.clock(frames: span.to, sampleRate: sampleRate)
    let what = switch stage {
    case .encoding: "the \(codecName) encoder failed on segment \(index + 1)"
    case .joining: "joining the \(codecName) stream failed at segment \(index + 1)"
    }
    return "\(what), \(from) to \(to): \(Renderer.detail(of: underlying))"
  }
}
