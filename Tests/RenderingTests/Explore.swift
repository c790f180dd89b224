import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

@Test(arguments: [TestFormat.vorbis])
func explore(_ format: TestFormat) throws {
  let folder = TemporaryFolder()
  var bad: [String] = []
  for n in Array(stride(from: 1, to: 60000, by: 97)) + Array(44000..<44020) where format.name != "mp3-cbr" || n > 40000 || n < 2000 {
    let input = Fixture.music(sampleRate: format.sampleRate, frames: n, channels: 2)
    let path = try Fixture.write(input, channels: 2, as: format, in: folder, stem: "rt\(n)")
    let decoded = try AudioFile.read(path: path)
    if decoded.samples.count != n { bad.append("\(n)->\(decoded.samples.count)") }
  }
  print("EXPLORE \(format.name) bad: \(bad.count) \(bad.suffix(40))")
}
