import Foundation

/// Where an Ogg file's pages start and the granule position each states, read here apart from
/// the readers under test.
public enum OggPageList {
  /// Each whole page's offset and granule position (-1 where no packet ends on it), in file order.
  public static func pages(of bytes: [UInt8]) -> [(offset: Int, granule: Int64)] {
    var pages: [(Int, Int64)] = []
    var offset = 0
    while offset + 27 <= bytes.count, offset + 27 + Int(bytes[offset + 26]) <= bytes.count {
      let lacing = bytes[(offset + 27)..<(offset + 27 + Int(bytes[offset + 26]))]
      let end = offset + 27 + lacing.count + lacing.reduce(0) { $0 + Int($1) }
      guard end <= bytes.count else { break }
      pages.append((offset, (0..<8).reduce(Int64(0)) { $0 | Int64(bytes[offset + 6 + $1]) << (8 * Int64($1)) }))
      offset = end
    }
    return pages
  }

  /// Pink noise of `seconds`, stereo at 48 kHz, encoded by the ffmpeg CLI's `codec` (`libvorbis`,
  /// `libopus`) into `path`: the file's bytes and its pages.
  public static func noise(_ codec: String, seconds: Double, at path: String) throws -> (bytes: [UInt8], pages: [(offset: Int, granule: Int64)]) {
    try FFmpegCLI.make(["-f", "lavfi", "-i", "anoisesrc=c=pink:a=0.3:d=\(seconds):s=5", "-ac", "2", "-ar", "48000", "-c:a", codec, path])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return (bytes, pages(of: bytes))
  }
}
