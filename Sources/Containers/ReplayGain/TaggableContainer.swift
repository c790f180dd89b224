/// The containers that ReplayGain tags are written into, told apart by their first bytes.
enum TaggableContainer {
  case flac, ogg, mp3, mp4

  /// The container of `file`; unsupported for anything else (WAV, AIFF, Matroska, …).
  init(of file: TaggedFile) throws(ReplayGainTagError) {
    let start = try file.read(at: 0, count: 12)
    func opens(with magic: String, at offset: Int = 0) -> Bool {
      start.count >= offset + magic.utf8.count && start[offset..<offset + magic.utf8.count].elementsEqual(magic.utf8)
    }
    if opens(with: "fLaC") {
      self = .flac
    } else if opens(with: "OggS") {
      self = .ogg
    } else if opens(with: "ftyp", at: 4) {
      self = .mp4
    } else if opens(with: "ID3") || (start.count >= 2 && start[0] == 0xFF && start[1] & 0xE0 == 0xE0) {
      self = .mp3
    } else {
      throw .unsupported(path: file.path, reason: Self.notTaggable)
    }
  }

  /// Why a file of any other kind is refused.
  static let notTaggable = "it is not a FLAC, Ogg Vorbis, Opus, MP3 or MP4 file"
}
