import FFmpegAudio
import Foundation
import SampleBlocks

/// Encodes the output in segments on a pool of workers, each segment by an encoder of its own,
/// and joins their packets into the file in order (`AudioFileWriter.writeSegment`).
///
/// Where segments start depends only on the codec's frame size and the output's rate, never on
/// how many workers there are, so any number of workers writes the same bytes. A codec whose
/// frames overlap (`SegmentJoining.Overlap`) has each segment's encoder hear the end of the
/// segment before it (a pre-roll) and the start of the one after (a post-roll), so a segment is
/// handed over once the next has begun. At most as many segments as there are workers are in
/// flight (queued, encoded or waiting to be written), besides the one being filled and the one
/// taking its post-roll, so memory stays flat however long the output is. Each worker numbers its FLAC frames into the stream itself; the samples' checksum,
/// which must read them in order, is summed on a thread of its own.
final class SegmentedEncoding {
  private let writer: AudioFileWriter
  private let segmentFrames: Int
  private let overlap: SegmentJoining.Overlap
  /// How the encoder takes its PCM: one plane of interleaved samples, or a plane per channel;
  /// each plane has room for a pre-roll, a segment and a post-roll.
  private let layout: SegmentPCM.Layout
  private let jobs: SegmentJobs
  private var workers: [OwnedThread] = []
  /// The samples' checksum, its thread, and the segments waiting for it.
  private let checksum: FLACChecksum?
  private let checksumQueue = BoundedQueue<SegmentPCM>(capacity: 2)
  private var checksumThread: OwnedThread?
  /// The segment being filled, and how many of its own frames are.
  private var filling: SegmentBytes
  private var filled = 0
  /// The segment filled before it, still taking its post-roll, and how much it has.
  private var pending: SegmentBytes?
  private var pendingPostRoll = 0
  /// The segments' buffers: one no worker or checksum holds any more is filled again, so the
  /// pages of a long output are touched once, not once per segment.
  private let buffers: BufferPool<UInt8>
  private var submitted = 0
  private var written = 0
  /// The segments handed to the workers and not yet written, and the last one written: a join
  /// the writer cannot make is encoded across from the samples of the segments either side.
  private var held: [Int: SegmentJobs.Job] = [:]
  /// The one encoder that wrote the last segment on from the one before it, while joins need it.
  private var seamlessRun: SeamlessRun?
  /// How many segments the output was cut into, and how many workers encoded them.
  var segmentCount: Int { submitted }
  let workerCount: Int
  /// How many joins the writer could not make, encoded across by one encoder instead.
  private(set) var joinsEncodedAcross = 0

  /// Segments of whole codec frames: about ten seconds when each has a pre-roll (0.5 s: 5 % more
  /// audio to encode), about 2.5 s when frames stand alone, whose encoders are kept from segment
  /// to segment (`SegmentEncoder`). Measured on an hour of 24-bit FLAC, 2.5-second segments
  /// peaked at 72 MiB on one worker where ten-second ones peaked at 81 MiB, in the same time.
  static func segmentFrames(frameSize: Int, sampleRate: Int, framesStandAlone: Bool) -> Int {
    let tenths = framesStandAlone ? 25 : 100
    let frames = max(1, (tenths * sampleRate / 10 + frameSize - 1) / frameSize)
    return frames * frameSize
  }

  /// Encodes what `writer` is given on `workers` threads; `writer` has begun its segments,
  /// which need `overlap`.
  init(writer: AudioFileWriter, overlap: SegmentJoining.Overlap, workers: Int) {
    self.writer = writer
    let format = writer.inputFormat
    segmentFrames = Self.segmentFrames(frameSize: format.frameSize, sampleRate: format.layout.sampleRate, framesStandAlone: overlap == .zero)
    // Each roll comes from the segment next to it: SegmentJoining's are well under a segment.
    self.overlap = overlap
    layout = SegmentPCM.Layout(
      planeCount: format.isPlanar ? format.layout.channelCount : 1,
      frameBytes: format.bytesPerSample * (format.isPlanar ? 1 : format.layout.channelCount),
      capacity: self.overlap.preRoll + segmentFrames + self.overlap.postRoll)
    workerCount = max(1, workers)
    jobs = SegmentJobs()
    buffers = BufferPool(longestPooled: layout.byteCount)
    filling = buffers.block(count: layout.byteCount)
    let (settings, globalHeader, jobs) = (writer.settings, writer.segmentsWantGlobalHeader, jobs)
    let sampleRate = format.layout.sampleRate
    self.workers = (0..<workerCount).map { index in
      OwnedThread(name: "segue-encode-\(index)") {
        let encoder = SegmentEncoder(settings: settings, globalHeader: globalHeader, overlap: overlap)
        while let job = jobs.take() {
          let encoded = Result { try encoder.encode(job.pcm, span: job.span) }
          jobs.deliver(job.index, encoded.mapError { SegmentFailure(codecName: settings.codecName, index: job.index, span: job.span, sampleRate: sampleRate, underlying: $0) })
        }
      }
    }
    checksum = writer.segmentsChecksum()
    if let checksum {
      let queue = checksumQueue
      checksumThread = OwnedThread(name: "segue-checksum") {
        while let pcm = queue.take() { checksum.hear(pcm) }
      }
    }
  }

  /// Takes the next PCM, in the writer's input format, into the segments.
  func write(_ chunk: some PCMSource) throws {
    var offset = 0
    while offset < chunk.frameCount {
      let taken = min(chunk.frameCount - offset, segmentFrames - filled)
      copy(chunk, from: offset, count: taken, into: filling, at: overlap.preRoll + filled)
      if let pending {
        let postRoll = min(taken, overlap.postRoll - pendingPostRoll)
        copy(chunk, from: offset, count: postRoll, into: pending, at: overlap.preRoll + segmentFrames + pendingPostRoll)
        pendingPostRoll += postRoll
        if pendingPostRoll == overlap.postRoll { try submit(pending, ownFrames: segmentFrames, postRoll: pendingPostRoll, isLast: false) }
      }
      filled += taken
      offset += taken
      if filled == segmentFrames { startNextSegment() }
    }
  }

  /// Encodes the last segments and writes every segment still to come.
  func finish() throws {
    if let pending { try submit(pending, ownFrames: segmentFrames, postRoll: pendingPostRoll, isLast: filled == 0) }
    if filled > 0 { try submit(filling, ownFrames: filled, postRoll: 0, isLast: true) }
    while written < submitted { try writeNext() }
    checksumQueue.finish()
    checksumThread?.join()
    if let checksum { writer.finishSegments(checksum: checksum.digest()) }
    stop()
  }

  /// Stops the workers and the checksum at their next segment and waits for them.
  func stop() {
    jobs.close()
    checksumQueue.close()
    for worker in workers { worker.join() }
    checksumThread?.join()
  }

  deinit { stop() }

  /// The filled segment waits for its post-roll; the next one starts with its pre-roll.
  private func startNextSegment() {
    let full = filling
    pending = full
    pendingPostRoll = 0
    filling = buffers.block(count: layout.byteCount)
    filled = 0
    let preRoll = SegmentPCM(bytes: full, layout: layout, firstFrame: segmentFrames, frameCount: overlap.preRoll)
    copy(preRoll, from: 0, count: overlap.preRoll, into: filling, at: 0)
  }

  /// Hands the segment in `bytes` to the workers, the one after the last handed over.
  private func submit(_ bytes: SegmentBytes, ownFrames: Int, postRoll: Int, isLast: Bool) throws {
    pending = nil
    // Room for one more segment: write the oldest first while every worker holds one.
    while submitted - written >= workerCount { try writeNext() }
    let from = Int64(submitted) * Int64(segmentFrames)
    let preRoll = submitted == 0 ? 0 : overlap.preRoll
    let pcm = SegmentPCM(bytes: bytes, layout: layout, firstFrame: overlap.preRoll - preRoll, frameCount: preRoll + ownFrames + postRoll)
    let span = SegmentSpan(start: from - Int64(preRoll), from: from, to: from + Int64(ownFrames), isLast: isLast)
    let job = SegmentJobs.Job(index: submitted, pcm: pcm, span: span)
    held[submitted] = job
    jobs.put(job)
    if checksum != nil {
      _ = checksumQueue.put(SegmentPCM(bytes: bytes, layout: layout, firstFrame: overlap.preRoll, frameCount: ownFrames))
    }
    submitted += 1
    while let ready = jobs.result(written, waiting: false) { try write(ready) }
  }

  /// Writes `count` frames of `chunk` from frame `offset` into `bytes` at frame `frame`.
  private func copy(_ chunk: some PCMSource, from offset: Int, count: Int, into bytes: SegmentBytes, at frame: Int) {
    guard count > 0 else { return }
    chunk.write(from: offset, count: count) { layout.start(of: $0, in: bytes) + frame * layout.frameBytes }
  }

  private func writeNext() throws {
    guard let result = jobs.result(written, waiting: true) else { throw RenderError.cancelled }
    try write(result)
  }

  /// Writes the next segment, encoded across its join when the writer cannot join it as its
  /// worker encoded it (`AudioFileWriter.canJoin`).
  private func write(_ result: Result<EncodedSegment, any Error>) throws {
    var segment = try result.get()
    // A run whose last segment ends short (its encoder still holds frames) goes on across the
    // next join; so does one across a join the writer cannot make.
    let runHoldsFrames = seamlessRun.map { !$0.lastSegmentIsWhole } ?? false
    if written > 0 && (runHoldsFrames || !writer.canJoin(segment)) {
      segment = try encodedAcrossJoin(segment: written)
      joinsEncodedAcross += 1
    } else {
      seamlessRun = nil
    }
    do {
      try writer.writeSegment(segment)
    } catch where systemErrorNumber(of: error) == nil {
      throw SegmentFailure(codecName: writer.settings.codecName, stage: .joining, index: written, span: held[written]!.span, sampleRate: writer.inputFormat.layout.sampleRate, underlying: error)
    }
    held[written - 1] = nil
    written += 1
  }

  /// Segment `index` encoded on from the one before it by one encoder (`SeamlessRun`): the run
  /// that wrote that one, or a new one that starts where that one's encoder started.
  private func encodedAcrossJoin(segment index: Int) throws -> EncodedSegment {
    // Both are held: a segment is let go only once the one after it is written.
    let (job, earlier) = (held[index]!, held[index - 1]!)
    do {
      let run = try seamlessRun ?? SeamlessRun(settings: writer.settings, globalHeader: writer.segmentsWantGlobalHeader, hearing: earlier.pcm, span: earlier.span)
      seamlessRun = run
      let heard = Int(run.fedTo - job.span.start)
      let rest = SegmentPCM(bytes: job.pcm.bytes, layout: layout, firstFrame: job.pcm.firstFrame + heard, frameCount: job.pcm.frameCount - heard)
      return try run.encode(rest, span: job.span)
    } catch {
      throw SegmentFailure(codecName: writer.settings.codecName, stage: .encoding, index: index, span: job.span, sampleRate: writer.inputFormat.layout.sampleRate, underlying: error)
    }
  }
}
