import Analysis
import Foundation

/// Measures the output as it is written (the PCM the encoder gets): its loudness and true peak.
///
/// It changes nothing, and measures on a thread of its own, so on a machine with a core to spare
/// it costs the render next to nothing. It runs only when asked (levelling, a ceiling,
/// `--measure`), so plain renders pay nothing for it.
struct OutputMeter: BusStage {
  private let worker: MeterWorker?

  init(sampleRate: Int, channelCount: Int) {
    worker = ProgrammeMeter(sampleRate: sampleRate, channelCount: channelCount).map(MeterWorker.init)
  }

  mutating func process(_ block: BusBlock) -> Bool {
    worker?.add(Array(block.samples))
    return false
  }

  var notes: [String] { [] }

  /// What was measured, once every block has been; call once, after the last block.
  func finish() -> ProgrammeLoudness? { worker?.finish() }
}

/// The meter's thread: it measures the blocks handed to it, in order, until told they are all
/// there. Whoever owns the worker owns the thread: dropping the worker stops it.
private final class MeterWorker {
  private let job: MeterJob

  init(_ meter: ProgrammeMeter) {
    job = MeterJob(meter: meter)
    let thread = Thread { [job] in job.run() }
    thread.name = "segue-meter"
    thread.start()
  }

  /// A render that stops early never calls `finish`: the thread is stopped here.
  deinit { job.blocks.close() }

  func add(_ block: [Float]) { _ = job.blocks.put(block) }

  func finish() -> ProgrammeLoudness? {
    job.blocks.finish()
    job.done.wait()
    return job.result
  }
}

/// What the meter's thread works on: the meter is touched by that thread alone, and `result`
/// is written before `done` is signalled and read only after it.
private final class MeterJob: @unchecked Sendable {
  /// About 4 s of audio in blocks of up to 4096 frames.
  let blocks = BoundedQueue<[Float]>(capacity: 48)
  let done = DispatchSemaphore(value: 0)
  private(set) var result: ProgrammeLoudness?
  private let meter: ProgrammeMeter

  init(meter: ProgrammeMeter) { self.meter = meter }

  func run() {
    while let block = blocks.take() { block.withUnsafeBufferPointer { meter.add($0) } }
    result = meter.finish()
    done.signal()
  }
}
