import Dispatch
import FFmpegAudio
import Foundation
import Synchronization

/// A few seconds of the rendered output around a transition, as MP3 in a data URI (every
/// current browser plays it).
struct TransitionSnippet {
  let dataURI: String
  /// Where the snippet starts on the output's timeline, in seconds.
  let startSeconds: Double
}

/// Cuts the rendered output around each transition and encodes the pieces as snippets.
enum TransitionSnippets {
  /// Seconds of the mix either side of a transition: a snippet holds the whole overlap and this
  /// much around it (at 96 kb/s, in base64, a 32 s crossfade's 40 s take about 640 KB of the page).
  static let context = 4.0

  /// One snippet per transition, by index, from the rendered output; none when the output is
  /// not a file of the whole mix (standard output, a part of the mix).
  static func make(for render: RenderReport, transitions: [Range<Int64>]) throws(RenderError) -> [Int: TransitionSnippet] {
    guard !transitions.isEmpty, render.isWholeMix, render.outputPath != AudioFileWriter.standardOutput else { return [:] }
    let rate = [32_000, 44_100, 48_000].contains(render.layout.sampleRate) ? render.layout.sampleRate : 48_000
    let layout = PCMLayout(sampleRate: rate, channelCount: min(2, render.layout.channelCount))
    let scale = Double(rate) / Double(render.layout.sampleRate)
    let outputLength = AudioFileReader.convertedLength(render.outputFrameCount, from: render.layout.sampleRate, to: rate)
    let windows = transitions.map { span in
      let start = max(0, Int64((Double(span.lowerBound) * scale - context * Double(rate)).rounded()))
      let end = Int64((Double(span.upperBound) * scale + context * Double(rate)).rounded())
      return start..<min(outputLength, end)
    }
    // Each snippet is cut and encoded apart, on every core: the render is done by now.
    let made = Mutex<[Int: Result<TransitionSnippet?, RenderError>]>([:])
    DispatchQueue.concurrentPerform(iterations: windows.count) { index in
      let window = windows[index]
      let snippet = Result { () throws(RenderError) -> TransitionSnippet? in
        let samples = try cut(render.outputPath, window, layout: layout)
        guard !samples.isEmpty else { return nil }
        return TransitionSnippet(
          dataURI: "data:audio/mpeg;base64," + (try encoded(samples, layout: layout)).base64EncodedString(),
          startSeconds: Double(window.lowerBound) / Double(rate))
      }
      made.withLock { $0[index] = snippet }
    }
    var snippets: [Int: TransitionSnippet] = [:]
    for (index, result) in made.withLock({ $0 }) { snippets[index] = try result.get() }
    return snippets
  }

  /// The samples of `window` of the file at `path`, entered where it starts where the file can be
  /// entered exactly (FLAC, WAV, and compressed files with a pre-roll), otherwise decoded from
  /// the file's start.
  private static func cut(_ path: String, _ window: Range<Int64>, layout: PCMLayout) throws(RenderError) -> [Float] {
    do {
      let reader = try AudioFileReader(path: path, output: layout)
      var position: Int64 = 0
      if window.lowerBound > 0, reader.isUnconverted, try reader.seek(toFrame: window.lowerBound) { position = window.lowerBound }
      var piece: [Float] = []
      while position < window.upperBound, let block = try reader.nextBlock() {
        let frames = Int64(block.count / layout.channelCount)
        let from = Int(max(window.lowerBound, position) - position) * layout.channelCount
        let to = Int(min(window.upperBound, position + frames) - position) * layout.channelCount
        if from < to { piece += block[from..<to] }
        position += frames
      }
      return piece
    } catch {
      throw .output(path: path, .writeFailed(detail: "cannot read it back for the report's snippets: \(Renderer.detail(of: error))"))
    }
  }

  /// `samples` as an MP3 at 96 kb/s.
  /// Written in a folder of its own (so writing it looks for no other render's leftovers in the
  /// system's temporary folder), read back, and removed.
  private static func encoded(_ samples: [Float], layout: PCMLayout) throws(RenderError) -> Data {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-snippet-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) } catch {
      throw .output(path: folder.path, .writeFailed(detail: error.localizedDescription))
    }
    let path = folder.appendingPathComponent("snippet.mp3").path
    try AudioFile.write(samples, layout: layout, to: path, options: OutputOptions(bitRate: 96_000))
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .output(path: path, .writeFailed(detail: "the snippet written could not be read"))
    }
    return data
  }
}
