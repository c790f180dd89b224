import Analysis
import Composition
import FFmpegAudio

/// Everything a render needs: the inputs in order, the output, and how to write it.
public struct RenderRequest: Sendable {
  /// The tracks, in the order they play (overlays are in `overlays`).
  public var inputs: [InputSource]
  /// The file to write; its extension picks the format unless `output.format` does. `-` streams to standard output;
  /// empty for a plan with no output.
  public var outputPath: String
  /// The output's format, codec, bit depth, quality and rate and channel choices; unset ones follow the extension and
  /// the inputs.
  public var output: OutputOptions
  /// How to join inputs whose entries do not say (gapless unless asked).
  public var mix: MixOptions
  /// Tags, chapters, CUE sheet and tracklist (for renders of the whole mix).
  public var listing: ListingOptions
  /// What the playlists say of the mix as a whole, under `listing`'s tags (`MixTags`).
  public var playlistTags = PlaylistTags()
  /// Only this part of the mix (the whole mix when nil).
  public var range: TimeRange?
  /// Stretch the one input to a length (`segue stretch`).
  public var stretch: StretchRequest?
  /// Stretch the whole mix to land on a length (`--fit`).
  public var fit: FitRequest?
  /// Replace an existing output file (never an input).
  public var overwrite: Bool
  /// Decode the written file again and fail unless its length is the timeline's.
  public var verify: Bool
  /// Sound laid over the mix (jingles, voice-overs).
  public var overlays: [OverlayInput]
  /// The playlist files the inputs were read from, nested ones included.
  public var playlistFiles: [String] = []
  /// Where the inputs' facts are kept between runs; nil (the library's default) gathers them
  /// afresh and writes nothing. The command line passes `FactsCache.standard()` unless `--no-cache`.
  public var cache: FactsCache?
  /// Renders every input and overlay through damage or truncation as `tolerance` allows, rather
  /// than refusing it; what was lost is reported.
  public mutating func tolerate(_ tolerance: DecodeTolerance) {
    for index in inputs.indices { inputs[index].tolerance = tolerance }
    for index in overlays.indices { overlays[index].input.tolerance = tolerance }
  }

  /// Titles of the parts of a preview, one per part: written as the output's chapters, where a
  /// preview has no track list of its own.
  var partTitles: [String] = []
  /// True when the output goes to standard output (`-o -`), streamed, not to a file.
  public var writesToStandardOutput: Bool { outputPath == AudioFileWriter.standardOutput }
  /// Render a mix far longer than its tracks (a gap over 10 minutes, or more than twice the
  /// tracks' length plus 10 minutes), which is refused otherwise.
  public var allowLong = false
  /// Seconds over which each rendered part fades in and out at its outer edges (previews, a
  /// range), so it starts and ends without a click; nil for exact slices of the mix.
  public var edgeFade: Double?
  /// Encode the output in segments, each by an encoder of its own on a pool of `threads` workers,
  /// joined into one stream, where the codec's segments join (FLAC, ALAC, AAC, Opus, MP3:
  /// `SegmentJoining`); false writes one encoder stream over the whole output (`--segments off`).
  public var segmentedEncoding = true
  /// How many encoder threads work at once; nil for one per core.
  public var threads: Int?
  /// Also write the mix as an HTML page to look at and listen to (`MixPage`), here; the output's
  /// loudness is then measured, as `mix.loudness.measure` asks.
  public var reportPath: String?
  /// Also draw the mix as an SVG picture (`TimelinePicture`), with the output's loudness, here;
  /// the output's loudness is then measured.
  public var picturePath: String?
  /// Changes the mix bus's standard stages (for tests: a stage of their own added, or in place of them).
  var adjustBus: (@Sendable (inout BusChain) -> Void)?

  /// A request to render `inputs` into `outputPath`, with these options; the other settings start at their defaults
  /// (no stretch or fit, segmented encoding, no report or picture).
  public init(
    inputs: [InputSource], outputPath: String, output: OutputOptions = OutputOptions(), mix: MixOptions = MixOptions(),
    range: TimeRange? = nil, listing: ListingOptions = ListingOptions(), overwrite: Bool = false, verify: Bool = false,
    overlays: [OverlayInput] = [], cache: FactsCache? = nil
  ) {
    self.overlays = overlays
    self.cache = cache
    self.listing = listing
    self.range = range
    self.inputs = inputs
    self.outputPath = outputPath
    self.output = output
    self.mix = mix
    self.overwrite = overwrite
    self.verify = verify
  }
}
