import SamplePlaylists

/// Valid playlists of every format for fuzzing to start from: each uses the parts of its format
/// that Segue reads (headers, comments, cue points, nested fields, quoting). The CUE seed's tracks
/// are the format tests' (`PlaylistSamples.liveSetTracks`). A seed's text never changes: the
/// regression tests make past inputs again from the seeds and an input's number.
public enum PlaylistSeeds {
  public static let m3u = [
    "#EXTM3U\n#EXTINF:61,Band - One\none.flac\n#EXTINF:-1,Two\n../two.mp3\nfile:///srv/a%20b/three.ogg\n",
    "\u{FEFF}#EXTM3U\r\n#PLAYLIST:Night\r\n#EXTINF:12.5 tvg-id=\"x\",Title, with comma\r\nsub/dir/four.wav\r\n",
    "first.flac\n# a comment\n\n/abs/second.flac\n",
  ]

  public static let pls = [
    "[playlist]\nFile1=one.flac\nTitle1=One\nLength1=61\nFile2=/abs/two.mp3\nLength2=-1\nNumberOfEntries=2\nVersion=2\n",
    "[Playlist]\r\nfile2=b side.mp3\r\nTITLE2=Bee\r\nFile1=file:///srv/My%20Music/a.ogg\r\nnumberofentries=2\r\n",
  ]

  public static let xspf = [
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <playlist version="1" xmlns="http://xspf.org/ns/0/">
      <title>Mix</title>
      <trackList>
        <track><location>file:///srv/a%20b/%C3%A9.flac</location><title>One &amp; Two</title>\
    <creator>Band</creator><duration>61500</duration></track>
        <track><location>rel/two.mp3</location><album><![CDATA[Live & Loud]]></album></track>
        <track><location>three.ogg</location><extension application="x"><title>no</title></extension></track>
      </trackList>
    </playlist>

    """,
    "<playlist version=\"1\"><trackList><track><location>a.flac</location></track></trackList></playlist>",
  ]

  public static let cue = [
    """
    REM GENRE Rock
    REM DATE 1999
    PERFORMER "The Band"
    TITLE "Live"
    \(PlaylistSamples.liveSetTracks)

    """,
    "FILE \"a.wav\" WAVE\r\n  TRACK 01 AUDIO\r\n    INDEX 01 00:00:00\r\nFILE \"b.wav\" WAVE\r\n  TRACK 02 AUDIO\r\n"
      + "    PREGAP 00:02:00\r\n    INDEX 01 00:00:00\r\n",
  ]

  public static let native = [
    """
    version: 1
    title: Friday
    artist: DJ
    defaults: { crossfade: 6, curve: equal-power, album-aware: true }
    entries:
      - file: tracks/01.flac
        id: first
        title: Opening
        in: 0:12.5
        out: 5:02
        gain: -1.5
        fade-in: 2
        fade-out: { seconds: 3, curve: exp }
        transition: { crossfade: 8, curve: auto }
      - file: tracks/02.flac
        transition: { out: 8, in: 4, out-curve: exp, in-curve: log, overlap: 6 }
      - file: tracks/03.flac
        id: closer
        transition: { gap: 2 }
      - file: tracks/04.flac
        transition: gapless
    overlays:
      - file: jingles/id.flac
        at: { entry: closer, offset: -3 }
        duck: -12
        duck-ramp: 0.5
      - file: jingles/two.flac
        at: 12:30

    """,
    "{\"version\": 1, \"defaults\": {\"gap\": 1.5}, \"entries\": [{\"file\": \"a.flac\", \"gain\": 3},"
      + " {\"file\": \"b.flac\", \"transition\": {\"crossfade\": 2}}]}",
    "version: 1\nentries:\n  - file: &f a.flac\n  - file: *f\n    in: 1:02:03.5\n",
  ]

  /// A M3U and a PLS that name other playlists: `playlist.m3u` (the input's own name, a cycle),
  /// `nested.pls` and `other.m3u`.
  public static let nesting = [
    "#EXTM3U\nnested.pls\nother.m3u\n",
    "#EXTM3U\nother.m3u\nplaylist.m3u\n",
  ]

  /// The playlist that `nested.pls` holds for `FuzzTarget.playlistFile`.
  static let nestedPLS = "[playlist]\nFile1=other.m3u\nFile2=a.flac\nNumberOfEntries=2\n"

  /// Every playlist seed.
  public static var all: [String] { m3u + pls + xspf + cue + native + nesting }

  /// Times and numbers as people write them.
  public static let times = ["75.5", "1:15.5", "1:02:10", "0", ".5", "1e3", "-1.5", "12:30", "999999", "0:00:00.001"]

  /// A playlist with a number or time in every field that takes one, as `<n>` placeholders.
  static let numberTemplate = """
    version: 1
    defaults: { crossfade: <0> }
    entries:
      - file: a.flac
        id: a
        gain: <1>
        in: <2>
        out: <3>
        fade-in: <4>
        fade-out: { seconds: <5> }
        transition: { out: <6>, in: <7>, overlap: <8> }
      - file: b.flac
        transition: { gap: <9> }
      - file: c.flac
    overlays:
      - file: j.flac
        at: { entry: a, offset: <10> }
        duck: <11>
        duck-ramp: <12>
      - file: k.flac
        at: <13>
    """

  /// The valid value of each placeholder in `numberTemplate`.
  static let numberFields = ["6", "-1.5", "0:12.5", "5:02", "2", "3", "8", "4", "6", "2", "-3", "-12", "0.5", "12:30"]
}
