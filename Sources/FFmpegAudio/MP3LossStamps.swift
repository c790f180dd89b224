import CFFmpegShim
import Containers

/// Restamps an MP3's packets so that audio lost to damage shows as a jump in time, which
/// `FramePlacement` then fills with silence of the lost length.
///
/// FFmpeg 5.1 stamps each MP3 packet one frame after the packet before, however many bytes its
/// demuxer skipped to find it, and passes garbage on as packets stamped like frames. Between two
/// whole frames (a packet that is exactly the frame its header describes), the bytes tell how
/// many frames lay there (`MP3ByteClock`); where that is more than FFmpeg's stamps advanced,
/// every later packet is stamped later by the difference.
struct MP3LossStamps {
  let clock: MP3ByteClock
  /// One frame's length in the stream's time base.
  let frameTicks: Int64
  /// The last whole frame: where it ended in the file, and where FFmpeg's stamps put its end.
  private var lastWholeFrame: (end: Int64, stampedEnd: Int64)?
  /// Ticks added to every packet's stamps so far: the frames lost before it.
  private(set) var shift: Int64 = 0

  init(clock: MP3ByteClock, frameTicks: Int64) {
    self.clock = clock
    self.frameTicks = frameTicks
  }

  /// Takes the packet at byte `position`, `size` bytes long, opening with `headerWord`, stamped
  /// `stamp` for `duration` ticks by FFmpeg; returns the ticks to add to its stamps.
  mutating func shift(position: Int64, size: Int, headerWord: UInt32?, stamp: Int64, duration: Int64) -> Int64 {
    let header = headerWord.flatMap(MP3FrameHeader.init)
    // Stamps near the ends of Int64 come only from hostile files: they are passed on unchanged.
    guard position >= 0, let length = header?.frameLength, length == size,
      case let (stampedEnd, overflow) = stamp.addingReportingOverflow(duration > 0 ? duration : frameTicks), !overflow
    else { return shift }
    if let last = lastWholeFrame, position > last.end,
      case let (stamped, overflow) = stamp.subtractingReportingOverflow(last.stampedEnd), !overflow,
      case let (lost, tooMany) = clock.framesBetween(last.end, position).multipliedReportingOverflow(by: frameTicks), !tooMany,
      case let (unstamped, under) = lost.subtractingReportingOverflow(stamped), !under, unstamped > 0,
      case let (shifted, beyond) = shift.addingReportingOverflow(unstamped), !beyond
    {
      shift = shifted
    }
    lastWholeFrame = (position + Int64(size), stampedEnd)
    return shift
  }

  /// Starts again after a seek, whose stamps FFmpeg takes from the byte it lands on: nothing is
  /// added, and bytes before the next whole frame are not counted.
  mutating func restart() {
    lastWholeFrame = nil
    shift = 0
  }
}

extension MP3LossStamps {
  /// The stamps for `demuxer`'s stream of `info`, or nil where the stream is not MP3 or its
  /// bytes cannot be counted.
  init?(for demuxer: Demuxer, info: AudioStreamInfo) {
    guard let clock = info.mp3Clock, info.sampleRate > 0 else { return nil }
    let base = demuxer.stream.pointee.time_base
    let ticks = av_rescale_q(Int64(clock.samplesPerFrame), AVRational(num: 1, den: Int32(info.sampleRate)), base)
    guard ticks > 0 else { return nil }
    self.init(clock: clock, frameTicks: ticks)
  }

  /// Adds the frames lost before `packet` to its stamps.
  mutating func restamp(_ packet: Packet) {
    let raw = packet.pointer.pointee
    let stamp = raw.pts != SEGUE_NOPTS_VALUE ? raw.pts : raw.dts
    guard stamp != SEGUE_NOPTS_VALUE else { return }
    let word: UInt32? =
      raw.size >= 4 && raw.data != nil
      ? (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(raw.data[$1]) } : nil
    let added = shift(position: raw.pos, size: Int(raw.size), headerWord: word, stamp: stamp, duration: raw.duration)
    guard added > 0 else { return }
    if raw.pts != SEGUE_NOPTS_VALUE { packet.pointer.pointee.pts += added }
    if raw.dts != SEGUE_NOPTS_VALUE { packet.pointer.pointee.dts += added }
  }
}
