import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

@Test(arguments: TestFormat.all)
func explore(_ format: TestFormat) throws {
  let folder = TemporaryFolder()
  for n in [1, 1000, 44101, 100003] {
    let input = Fixture.music(sampleRate: format.sampleRate, frames: n)
    let start = Date()
    let path = try Fixture.write(input, as: format, in: folder, stem: "rt\(n)")
    let t1 = Date().timeIntervalSince(start)
    let decoded = try AudioFile.read(path: path)
    let t2 = Date().timeIntervalSince(start)
    let cli = try FFmpegCLI.decodeFloat(path).count / 2
    let declared = try FFmpegCLI.declaredFrames(path)
    var extra = ""
    if n >= 44101 && decoded.samples.count == input.count {
      let lag = Measure.bestLag(decoded.samples, input, channels: 2, around: n / 2)
      let err = Measure.rmsError(decoded.samples, input, channels: 2, ranges: [0..<n])
      let errMid = Measure.rmsError(decoded.samples, input, channels: 2, ranges: [4096..<(n - 4096)])
      extra = "lag \(lag) err \(err) errMid \(errMid) maxdiff \(Measure.maxDifference(decoded.samples, input))"
    }
    print("EXPLORE \(format.name) n=\(n) read=\(decoded.samples.count / 2) cli=\(cli) declared=\(String(describing: declared)) write \(t1) read \(t2 - t1) \(extra)")
  }
}
