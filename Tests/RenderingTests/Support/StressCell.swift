import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// One cell of the segmented-encoding stress matrix: a content, an output setting, a layout, a
/// rate and a length.
struct StressCell: Sendable, CustomTestStringConvertible {
  let content: StressContent
  let setting: StressSetting
  let channels: Int
  let sampleRate: Int
  let seconds: Double

  var testDescription: String { "\(content) → \(setting.name), \(channels == 1 ? "mono" : "stereo") \(sampleRate) Hz, \(seconds) s" }

  /// True where FFmpeg's encoder cannot take the setting in this layout and rate, and would
  /// quietly lower it: AAC over 6144 bits a channel per frame.
  var expectsRefusal: Bool {
    guard setting.codec == "aac", let bitRate = setting.output.bitRate else { return false }
    return bitRate > 6144 * channels * sampleRate / 1024
  }

  /// A render of `input` to `path`, or the message it was refused with.
  struct Render {
    let path: String
    let refusal: String?
    let fileExtension: String

    /// The decoded length; MP4's as its own fields state it, since FFmpeg 5.1 leaves its end padding in.
    func decodedFrames() throws -> Int64? {
      if fileExtension == "m4a" { return try FFmpegCLI.declaredFrames(path) }
      let decoded = try FFmpegCLI.ffmpeg(["-i", path, "-f", "s16le", "-ac", "1", "-"])
      return Int64(decoded.stdout.count / 2)
    }

    /// The bytes written, but for an Ogg stream's random serial number.
    var comparableBytes: Data? {
      (try? Data(contentsOf: URL(fileURLWithPath: path))).map { fileExtension == "opus" ? SegmentJudge.withoutOggSerials($0) : $0 }
    }
  }

  func render(_ input: String, to path: String, segmented: Bool, threads: Int) throws -> Render {
    var output = setting.output
    (output.sampleRate, output.channelCount) = (sampleRate, channels)
    var request = RenderRequest(inputs: [InputSource(path: input)], outputPath: path, output: output, cache: nil)
    request.segmentedEncoding = segmented
    request.threads = threads
    do {
      _ = try Renderer.render(request)
      return Render(path: path, refusal: nil, fileExtension: setting.fileExtension)
    } catch {
      return Render(path: path, refusal: "\(error)", fileExtension: setting.fileExtension)
    }
  }

  /// The input's length at the output's rate: its sample frames (as sox's libvorbis counts
  /// them, where FFmpeg 5.1 is wrong on some Vorbis lengths) converted, rounded to the nearest.
  func expectedFrames(of input: String) throws -> Int64 {
    let info = try FFmpegCLI.run("sox", ["--i", input]).stdout
    let text = String(decoding: info, as: UTF8.self)
    guard let frames = text.firstMatch(of: /= (\d+) samples/).flatMap({ Int64($0.1) }),
      let rate = text.firstMatch(of: /Sample Rate\s*: (\d+)/).flatMap({ Int64($0.1) })
    else { throw FFmpegCLI.Failure(message: "sox cannot read \(input): \(text)") }
    return (frames * Int64(sampleRate) + rate / 2) / rate
  }

  /// Every setting at least three times, each time with other content, layout, rate and length;
  /// the real tracks cut to lengths a segment boundary falls in or just misses.
  static let covering: [StressCell] = {
    let contents = StressContent.all
    let lengths = [1.013, 9.87, 10.73, 23.9, 37.41, 61.3]
    var cells: [StressCell] = []
    for (index, setting) in StressSetting.all.enumerated() {
      for round in 0..<3 {
        let step = index * 3 + round
        let rates = setting.sampleRates
        cells.append(
          StressCell(
            content: contents[(index * 5 + round * 7) % contents.count], setting: setting, channels: (index + round) % 2 + 1,
            sampleRate: rates[step % rates.count], seconds: lengths[(index + round * 2) % lengths.count]))
      }
    }
    return cells
  }()
}

/// An output setting of the matrix.
struct StressSetting: Sendable {
  let name: String
  let fileExtension: String
  let codec: String
  let output: OutputOptions

  /// The rates of the matrix the codec takes.
  var sampleRates: [Int] { codec == "opus" ? [48_000] : [32_000, 44_100, 48_000] }

  static let all: [StressSetting] =
    [128, 192, 256, 320].map { StressSetting(name: "MP3 \($0)k", fileExtension: "mp3", codec: "mp3", output: OutputOptions(bitRate: $0 * 1000)) }
    + [0, 2, 4].map { StressSetting(name: "MP3 V\($0)", fileExtension: "mp3", codec: "mp3", output: OutputOptions(quality: Double($0))) }
    + [96, 256, 320].map { StressSetting(name: "AAC \($0)k", fileExtension: "m4a", codec: "aac", output: OutputOptions(codec: .aac, bitRate: $0 * 1000)) }
    + [64, 160, 256].map { StressSetting(name: "Opus \($0)k", fileExtension: "opus", codec: "opus", output: OutputOptions(bitRate: $0 * 1000)) }
    + [
      StressSetting(name: "FLAC", fileExtension: "flac", codec: "flac", output: OutputOptions()),
      StressSetting(name: "ALAC", fileExtension: "m4a", codec: "alac", output: OutputOptions(codec: .alac)),
    ]
}

/// What a cell's input holds.
enum StressContent: Sendable, CustomStringConvertible {
  case whiteNoise, pinkNoise, denseProgram, tone, silence, impulses, clippedSquare, speech
  case realTrack(String)

  static let all: [StressContent] =
    [.whiteNoise, .pinkNoise, .denseProgram, .tone, .silence, .impulses, .clippedSquare, .speech]
    + ["Fruit.ogg", "Art.ogg", "Jungle.ogg", "Desert.ogg", "hell.ogg", "Castle.ogg"].map { .realTrack($0) }

  var description: String {
    switch self {
    case .whiteNoise: "white noise"
    case .pinkNoise: "pink noise"
    case .denseProgram: "dense program"
    case .tone: "a 997 Hz tone"
    case .silence: "silence"
    case .impulses: "impulses"
    case .clippedSquare: "a clipped square"
    case .speech: "speech"
    case .realTrack(let name): name
    }
  }

  /// Writes `seconds` of the content, 44.1 kHz stereo 24-bit (a real track: its first seconds,
  /// as decoded), into `folder`.
  func make(in folder: TemporaryFolder, seconds: Double) throws -> String {
    let path = folder.file("input.flac")
    let length = String(format: "%.3f", seconds)
    switch self {
    case .realTrack(let name):
      try FFmpegCLI.make(["-i", try RealMusic.path(name), "-t", length, "-c:a", "flac", "-sample_fmt", "s32", path])
    case .speech:
      let words = folder.file("words.wav")
      let text = "Segue joins tracks without a gap. The quick brown fox jumps over the lazy dog, twice, and then rests."
      _ = try FFmpegCLI.run("espeak-ng", ["-w", words, text])
      try FFmpegCLI.make(["-stream_loop", "-1", "-i", words, "-t", length, "-ar", "44100", "-ac", "2", "-c:a", "flac", path])
    default:
      try FFmpegCLI.make(["-f", "lavfi", "-i", "\(lavfiSource!):d=\(length)", "-ar", "44100", "-ac", "2", "-c:a", "flac", "-sample_fmt", "s32", path])
    }
    return path
  }

  /// The ffmpeg source that makes the synthesized contents.
  private var lavfiSource: String? {
    switch self {
    case .whiteNoise: "anoisesrc=c=white:a=0.5:r=44100:s=7"
    case .pinkNoise: "anoisesrc=c=pink:a=0.7:r=44100:s=11"
    // Band-limited noise under tonal partials and a pulse, as dense electronic music is.
    case .denseProgram:
      "aevalsrc=0.25*sin(2*PI*55*t)+0.15*sin(2*PI*440*t)*sin(2*PI*0.5*t)+0.1*sin(2*PI*3520*t)+0.2*(random(0)-0.5)+0.3*exp(-20*mod(t\\,0.5))*sin(2*PI*80*t)|0.25*sin(2*PI*55.5*t)+0.12*sin(2*PI*660*t)+0.1*sin(2*PI*5274*t)+0.2*(random(1)-0.5):s=44100"
    case .tone: "sine=f=997:r=44100"
    case .silence: "anullsrc=r=44100:cl=stereo"
    case .impulses: "aevalsrc=if(lt(mod(n\\,4410)\\,1)\\,0.9\\,0):s=44100"
    case .clippedSquare: "aevalsrc=sgn(sin(2*PI*110*t)):s=44100"
    case .speech, .realTrack: nil
    }
  }
}
