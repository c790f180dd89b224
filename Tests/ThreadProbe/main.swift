// render-threads-probe: renders in this process and counts its threads named `segue…` (every
// thread Segue starts) before, during and after, to show no thread of a render outlives it; or
// (mode `buffers`) the block buffers its pools allocate for a short mix and one three times as
// long, to show a running render allocates none per block once its pools are full. Run by
// `RenderThreadsTests`, one process per mode, so no other test's threads or buffers are counted.
//
//   render-threads-probe FOLDER finish|cancel|segments-cancel|mp3-segments-cancel|encoder-error|buffers
//
// Prints one JSON object: {"mode", "before", "during", "after", "outcome"}, and for `buffers`
// "short", "long", "shortFrames", "longFrames".
import FFmpegAudio
import SampleBlocks
import Foundation
import Rendering
import Synchronization

/// The threads of this process whose names start with `segue`.
func segueThreads() -> Int {
  let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
  return tasks.filter { task in
    ((try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "").hasPrefix("segue")
  }.count
}

/// A small mix that starts every kind of thread: two tracks at two rates (a resampled run), levelled
/// (the analysis pass's loudness and tempo threads), stretched to a length (read-ahead threads),
/// encoded while it is mixed (the mixing thread).
func request(in folder: String, output: String, times: Int = 1, stretched: Bool = true) throws -> RenderRequest {
  let tracks = try [(44_100, 529_203), (48_000, 577_009)].enumerated().map { index, track in
    let track = (track.0, track.1 * times)
    let path = "\(folder)/t\(index)x\(times).flac"
    var seed = UInt64(index + 1)
    let noise = (0..<(2 * track.1)).map { _ in
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Float(Int64(bitPattern: seed >> 11) % 1_000) / 4_000
    }
    try AudioFile.write(noise, layout: PCMLayout(sampleRate: track.0, channelCount: 2), to: path)
    return InputSource(path: path)
  }
  var mix = MixOptions(crossfade: 0.5)
  mix.loudness.targetLUFS = -16
  var request = RenderRequest(inputs: tracks, outputPath: output, mix: mix, overwrite: true, cache: nil)
  if stretched { request.fit = FitRequest(seconds: 21.7 * Double(times)) }
  return request
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: render-threads-probe FOLDER finish|cancel|segments-cancel|encoder-error\n".utf8))
  exit(2)
}
let (folder, mode) = (arguments[1], arguments[2])
FFmpegLogLevel.quiet.apply()
let before = segueThreads()
// The most threads seen at once while the render runs, sampled every half millisecond.
let during = Mutex(0)
var extra: [String: Int] = [:]
let sampling = Atomic(true)
Thread.detachNewThread {
  while sampling.load(ordering: .relaxed) {
    let count = segueThreads()
    during.withLock { $0 = max($0, count) }
    usleep(500)
  }
}
var outcome = ""
do {
  switch mode {
  case "finish":
    _ = try Renderer.render(try request(in: folder, output: "\(folder)/mix.mp3"))
    outcome = "finished"
  case "buffers":
    for (name, times) in [("short", 1), ("long", 3)] {
      let made = try request(in: folder, output: "\(folder)/mix.mp3", times: times, stretched: false)
      let before = RenderBuffers.allocatedCount
      let report = try Renderer.render(made)
      extra[name] = RenderBuffers.allocatedCount - before
      extra[name + "Frames"] = Int(report.outputFrameCount)
    }
    outcome = "finished"
  case "cancel":
    let job = RenderJob.start(try request(in: folder, output: "\(folder)/mix.mp3"))
    for await _ in job.progress { job.cancel() }
    _ = try await job.result()
    outcome = "finished"
  case "segments-cancel", "mp3-segments-cancel":
    // FLAC (or MP3, whose segments wait for their post-roll) in segments on three encoder
    // threads, cancelled once the mix has started.
    let format = mode == "segments-cancel" ? "flac" : "mp3"
    var segmented = try request(in: folder, output: "\(folder)/mix.\(format)", times: 2)
    segmented.threads = 3
    let job = RenderJob.start(segmented)
    for await _ in job.progress { job.cancel() }
    _ = try await job.result()
    outcome = "finished"
  case "encoder-error":
    // Standard output on a full device: the encoder's first write fails.
    let full = open("/dev/full", O_WRONLY)
    dup2(full, STDOUT_FILENO)
    var streamed = try request(in: folder, output: "-")
    streamed.output.format = .flac
    _ = try Renderer.render(streamed)
    outcome = "finished"
  default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
  }
} catch {
  outcome = "\(error)"
}
sampling.store(false, ordering: .relaxed)
var report: [String: Any] = ["mode": mode, "before": before, "during": during.withLock { $0 }, "after": segueThreads(), "outcome": outcome]
for (key, value) in extra { report[key] = value }
FileHandle.standardError.write(try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]) + Data("\n".utf8))
