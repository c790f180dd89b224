/// Where a resampled run's segments fall: stretches of a fixed length, each resampled by a
/// resampler of its own that enters the signal `preRoll` source frames before the segment starts.
///
/// Every boundary lies on the resampler's phase grid (a multiple of `sourceStep` source frames,
/// `outputStep` output frames), so a resampler entering there has the phase one running from the
/// run's start has.
struct RunSegments: Equatable {
  /// The smallest whole numbers of source and output frames that span the same time.
  let sourceStep: Int64
  let outputStep: Int64
  /// A segment's length in source frames, and in output frames.
  let sourceLength: Int64
  let outputLength: Int64
  /// Source frames fed to a segment's resampler before the segment starts: at least the
  /// filter's reach, on the phase grid.
  let preRoll: Int64

  /// Segments of at least `minimumLength` source frames and 32 pre-rolls (so the pre-rolls add
  /// at most 3 % to the resampling), for a filter that reaches `reach` source frames.
  init(sourceRate: Int, outputRate: Int, reach: Int64, minimumLength: Int64 = 1 << 18) {
    let (input, output) = (Int64(sourceRate), Int64(outputRate))
    var (a, b) = (input, output)
    while b != 0 { (a, b) = (b, a % b) }
    sourceStep = input / a
    outputStep = output / a
    preRoll = Self.onGrid(max(reach, 1), step: sourceStep)
    let steps = Self.onGrid(max(minimumLength, 32 * preRoll), step: sourceStep) / sourceStep
    sourceLength = steps * sourceStep
    outputLength = steps * outputStep
  }

  /// The segment output frame `frame` lies in.
  func segment(containing frame: Int64) -> Int64 { frame / outputLength }

  /// The output frame segment `index` starts at.
  func outputStart(of index: Int64) -> Int64 { index * outputLength }

  /// The source frame segment `index`'s resampler starts reading at.
  func entry(of index: Int64) -> Int64 { max(0, index * sourceLength - preRoll) }

  /// The output frame that source frame `frame`, on the phase grid, comes out at.
  func outputFrame(atSource frame: Int64) -> Int64 { frame / sourceStep * outputStep }

  /// `frames` rounded up to a multiple of `step`.
  private static func onGrid(_ frames: Int64, step: Int64) -> Int64 { (frames + step - 1) / step * step }
}
