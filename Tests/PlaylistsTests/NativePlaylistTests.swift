import Composition
import Playlists
import Testing

/// Segue's YAML/JSON playlist format: what it reads, and the exact messages for what it refuses.
@Suite struct NativePlaylistTests {
  let file = "/sets/friday.yaml"

  @Test func readsEntriesWithEveryField() throws {
    let text = """
      version: 1
      defaults: { crossfade: 6, curve: auto, album-aware: true }
      entries:
        - file: tracks/01.flac
          title: Opening
          in: 0:12.5
          out: 1:02:03.25
          gain: -1.5
          fade-in: 2
          fade-out: { seconds: 3, curve: s-curve }
          transition: { crossfade: 8, curve: exp }
        - file: /abs/02.mp3
          transition: { out: 8, in: 4, out-curve: exp, in-curve: log, overlap: 6 }
        - file: 03.opus
          transition: { gap: 1.5 }
        - file: 04.opus
          transition: { gapless: true }
      """
    let playlist = try NativePlaylist.parse(text, file: file)
    #expect(playlist.defaults == JoinChoices(crossfade: 6, curve: .auto, albumAware: true))
    #expect(playlist.entries.map(\.path) == ["/sets/tracks/01.flac", "/abs/02.mp3", "/sets/03.opus", "/sets/04.opus"])
    let first = playlist.entries[0]
    #expect(first.title == "Opening")
    #expect(first.origin == PlaylistLocation(file: file, line: 4, column: 11))
    #expect(
      first.options
        == EntryOptions(
          inPoint: .seconds(12.5), outPoint: .seconds(3723.25), gainDB: -1.5, fadeIn: FadeSpec(seconds: 2), fadeOut: FadeSpec(seconds: 3, curve: .sCurve),
          transition: .crossfade(.symmetric(8, curve: .fixed(.exp)))))
    #expect(
      playlist.entries[1].options.transition
        == .crossfade(CrossfadeSpec(outSeconds: 8, inSeconds: 4, outCurve: .fixed(.exp), inCurve: .fixed(.log), overlapSeconds: 6)))
    #expect(playlist.entries[2].options.transition == .gap(seconds: 1.5))
    #expect(playlist.entries[3].options.transition == .gapless)
  }

  /// An entry's `artist` sits beside its `title`; the top-level `title` and `artist` name the mix.
  @Test func readsArtistsAndTheMixsOwnTags() throws {
    let text = "version: 1\ntitle: Friday Night\nartist: DJ Example\nentries:\n  - file: a.flac\n    title: Song\n    artist: Band\n  - file: b.flac\n"
    let playlist = try NativePlaylist.parse(text, file: file)
    #expect(playlist.tags == ["title": "Friday Night", "artist": "DJ Example"])
    #expect(playlist.entries.map(\.title) == ["Song", nil])
    #expect(playlist.entries.map(\.artist) == ["Band", nil])
    #expect(playlist.entries.allSatisfy { $0.playerTitle == nil })
  }

  @Test func acceptsJSON() throws {
    let playlist = try NativePlaylist.parse(#"{"version": 1, "entries": [{"file": "a.flac", "gain": 3}]}"#, file: "/x/set.json")
    #expect(playlist.entries.map(\.path) == ["/x/a.flac"])
    #expect(playlist.entries[0].options.gainDB == 3)
  }

  /// The loudness settings among the defaults, `off` included, and an entry left out of levelling.
  @Test func readsLoudnessSettings() throws {
    let text = """
      version: 1
      defaults: { loudness: -16, loudness-scope: program, true-peak: -1.5, peak-policy: cap }
      entries:
        - file: a.flac
          loudness: off
        - file: b.flac
      """
    let playlist = try NativePlaylist.parse(text, file: file)
    #expect(playlist.defaults.loudness == LoudnessSettings(target: -16, scope: .program, truePeak: -1.5, peakPolicy: .cap))
    #expect(playlist.entries.map(\.options.loudnessExempt) == [true, false])
    let off = try NativePlaylist.parse("version: 1\ndefaults: { loudness: off }\nentries: []\n", file: file)
    #expect(off.defaults.loudness.target == .reset)
  }

  /// Silence and cue settings among the defaults, and an entry's own `max-pause` and `silence: keep`.
  @Test func readsSilenceSettings() throws {
    let text = """
      version: 1
      defaults: { trim-silence: true, max-pause: 0.7, chapter-gap: 2.5, silence-threshold: -38, trim-threshold: -65, trim-margin: 0.1, auto-cue: yes, cue-level: -40, overlap-level: -9, max-overlap: 6 }
      entries:
        - file: a.flac
          silence: keep
        - file: b.flac
          max-pause: 1.25
        - file: c.flac
          max-pause: off
          chapter-gap: 4
      """
    let playlist = try NativePlaylist.parse(text, file: file)
    #expect(
      playlist.defaults.silence
        == SilenceSettings(
          trim: true, maxPause: 0.7, chapterGap: 2.5, silenceThreshold: -38, trimThreshold: -65, trimMargin: 0.1, autoCue: true, cueLevel: -40, overlapLevel: -9,
          maxOverlap: 6))
    #expect(playlist.entries.map(\.options.silence.keep) == [true, false, false])
    #expect(playlist.entries[1].options.silence.maxPause == .set(1.25))
    #expect(playlist.entries[2].options.silence.maxPause == .reset)
    #expect(playlist.entries[2].options.silence.over(playlist.defaults.silence).maxPause == .reset)
    #expect(playlist.entries.map { $0.options.silence.over(playlist.defaults.silence).chapterGap } == [2.5, 2.5, 4])
  }

  /// A speed or a target length per entry, a default speed and method for the rest.
  @Test func readsStretchSettings() throws {
    let text = """
      version: 1
      defaults: { speed: 1.02, method: varispeed }
      entries:
        - file: a.flac
          length: 3:30
          method: preserve-pitch
        - file: b.flac
          speed: 0.75
        - file: c.flac
          method: auto
      """
    let playlist = try NativePlaylist.parse(text, file: file)
    #expect(playlist.defaults.stretch == StretchSpec(speed: 1.02, method: .varispeed))
    #expect(playlist.entries[0].options.stretch == StretchSpec(length: 210, method: .preservePitch))
    #expect(playlist.entries[1].options.stretch == StretchSpec(speed: 0.75))
    #expect(playlist.entries[2].options.stretch == StretchSpec())
  }

  static let badCases = [
    MalformedCase(testDescription: "unknown version", text: "version: 99\nentries: []\n",
            message: "/sets/friday.yaml:1:10: unknown version 99 (this Segue reads version 1)"),
    MalformedCase(testDescription: "missing version", text: "entries: []\n",
            message: "/sets/friday.yaml:1:1: missing 'version' (this Segue reads version 1)"),
    MalformedCase(testDescription: "negative length", text: "version: 1\nentries:\n  - file: a.flac\n    fade-in: -2\n",
            message: "/sets/friday.yaml:4:14: 'fade-in' must not be negative (-2)"),
    MalformedCase(testDescription: "negative crossfade", text: "version: 1\ndefaults: { crossfade: -1 }\nentries: []\n",
            message: "/sets/friday.yaml:2:24: 'crossfade' must not be negative (-1)"),
    MalformedCase(testDescription: "in after out", text: "version: 1\nentries:\n  - file: a.flac\n    in: 1:00\n    out: 0:30\n",
            message: "/sets/friday.yaml:4:9: 'in' (60.0 s) must come before 'out' (30.0 s)"),
    MalformedCase(testDescription: "entry without a file", text: "version: 1\nentries:\n  - title: x\n",
            message: "/sets/friday.yaml:3:5: an entry needs a 'file'"),
    MalformedCase(testDescription: "unknown field", text: "version: 1\nentries:\n  - file: a.flac\n    volume: 3\n",
            message: "/sets/friday.yaml:4:5: unknown field 'volume' (expected one of: file, id, title, artist, in, out, gain, fade-in, fade-out, transition, loudness, silence, speed, length, tempo, method, bpm, first-beat, tempo-range, key, pitch, trim-silence, max-pause, chapter-gap, silence-threshold, trim-threshold, trim-margin, auto-cue, cue-level, overlap-level, max-overlap)"),
    MalformedCase(testDescription: "unknown key", text: "version: 1\nentries:\n  - file: a.flac\n    key: H minor\n",
            message: "/sets/friday.yaml:4:10: 'key' must be a key as Camelot (8A), Open Key (1m) or a name (A minor, F#m, Eb) writes it, not H minor"),
    MalformedCase(testDescription: "pitch too far", text: "version: 1\nentries:\n  - file: a.flac\n    pitch: 13\n",
            message: "/sets/friday.yaml:4:12: 'pitch' must be a whole number from -12 to 12 semitones, not 13"),
    MalformedCase(testDescription: "half a semitone", text: "version: 1\nentries:\n  - file: a.flac\n    pitch: 0.5\n",
            message: "/sets/friday.yaml:4:12: 'pitch' must be a whole number from -12 to 12 semitones, not 0.5"),
    MalformedCase(testDescription: "unknown key shift", text: "version: 1\ndefaults: { key-shift: maybe }\nentries: []\n",
            message: "/sets/friday.yaml:2:24: 'key-shift' must be auto or off, not 'maybe'"),
    MalformedCase(testDescription: "unknown top-level field", text: "version: 1\nalbum: Sets\nentries: []\n",
            message: "/sets/friday.yaml:2:1: unknown field 'album' (expected one of: version, title, artist, defaults, entries, overlays)"),
    MalformedCase(testDescription: "artist not text", text: "version: 1\nentries:\n  - file: a.flac\n    artist: [A, B]\n",
            message: "/sets/friday.yaml:4:13: 'artist' must be text, not a list or mapping"),
    MalformedCase(testDescription: "unknown curve", text: "version: 1\ndefaults: { curve: wobble }\nentries: []\n",
            message: "/sets/friday.yaml:2:20: 'curve' must be linear, equal-power, s-curve, log, exp or auto, not 'wobble'"),
    MalformedCase(testDescription: "bad time", text: "version: 1\nentries:\n  - file: a.flac\n    in: 1:75\n",
            message: "/sets/friday.yaml:4:9: 'in' must be a time in seconds or [h:]mm:ss[.fff], not '1:75'"),
    MalformedCase(testDescription: "not YAML", text: "version: 1\nentries: [a, b\n",
            message: "/sets/friday.yaml:3:1: not valid YAML: did not find expected ',' or ']'"),
    MalformedCase(
      testDescription: "crossfade and gap in one transition",
      text: "version: 1\nentries:\n  - file: a.flac\n    transition: {crossfade: 3, gap: 2}\n  - file: b.flac\n",
      message: "/sets/friday.yaml:4:17: a transition is one of 'gapless', 'gap' or a crossfade; this one gives 'gap' and 'crossfade'"),
    MalformedCase(
      testDescription: "gapless with a curve", text: "version: 1\nentries:\n  - file: a.flac\n    transition: {gapless: true, curve: log}\n",
      message: "/sets/friday.yaml:4:17: a transition is one of 'gapless', 'gap' or a crossfade; this one gives 'gapless' and 'curve'"),
    MalformedCase(
      testDescription: "defaults with crossfade and gap", text: "version: 1\ndefaults: {crossfade: 3, gap: 1}\nentries: []\n",
      message: "/sets/friday.yaml:2:11: defaults give 'crossfade' and 'gap'; choose one"),
    MalformedCase(testDescription: "loudness out of range", text: "version: 1\ndefaults: { loudness: 1e300 }\nentries: []\n",
            message: "/sets/friday.yaml:2:23: 'loudness' must be from -70 to 0 LUFS, not 1e+300"),
    MalformedCase(testDescription: "true peak out of range", text: "version: 1\ndefaults: { true-peak: 3 }\nentries: []\n",
            message: "/sets/friday.yaml:2:24: 'true-peak' must be from -30 to 0 dBTP, not 3"),
    MalformedCase(testDescription: "unknown scope", text: "version: 1\ndefaults: { loudness-scope: disc }\nentries: []\n",
            message: "/sets/friday.yaml:2:29: 'loudness-scope' must be track, album, program or auto, not 'disc'"),
    MalformedCase(testDescription: "entry loudness not off", text: "version: 1\nentries:\n  - file: a.flac\n    loudness: -14\n",
            message: "/sets/friday.yaml:4:15: an entry's 'loudness' can only be 'off' (leave it out of levelling)"),
    MalformedCase(testDescription: "max pause too short", text: "version: 1\ndefaults: { max-pause: 0.01 }\nentries: []\n",
            message: "/sets/friday.yaml:2:24: 'max-pause' must be from 0.1 to 3600 s, not 0.01"),
    MalformedCase(testDescription: "threshold above full scale", text: "version: 1\nentries:\n  - file: a.flac\n    silence-threshold: 6\n",
            message: "/sets/friday.yaml:4:24: 'silence-threshold' must be from -120 to 0 dBFS, not 6"),
    MalformedCase(testDescription: "entry silence not keep", text: "version: 1\nentries:\n  - file: a.flac\n    silence: trim\n",
            message: "/sets/friday.yaml:4:14: an entry's 'silence' can only be 'keep' (leave its silences alone)"),
    MalformedCase(testDescription: "speed too fast", text: "version: 1\nentries:\n  - file: a.flac\n    speed: 3\n",
            message: "/sets/friday.yaml:4:12: 'speed' must be from 0.5 to 2 (a playback rate), not 3"),
    MalformedCase(testDescription: "speed and length", text: "version: 1\nentries:\n  - file: a.flac\n    speed: 1.1\n    length: 30\n",
            message: "/sets/friday.yaml:5:13: give one of 'speed', 'length' and 'tempo', not 'speed' and 'length'"),
    MalformedCase(testDescription: "unknown method", text: "version: 1\nentries:\n  - file: a.flac\n    method: tape\n",
            message: "/sets/friday.yaml:4:13: 'method' must be auto, varispeed or preserve-pitch, not 'tape'"),
    MalformedCase(testDescription: "entries not a list", text: "version: 1\nentries: a.flac\n",
            message: "/sets/friday.yaml:2:10: 'entries' must be a list of tracks"),
  ]

  @Test(arguments: badCases)
  func refusesWithExactMessage(_ bad: MalformedCase) {
    expectRefusal(NativePlaylist.self, bad, file: file)
  }
}
