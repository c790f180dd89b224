/// One valid playlist in each format, with the awkward parts players write; the format tests
/// check what they give and the robustness tests cut them short.
public enum PlaylistSamples {
  /// Out-of-order numbers, keys in any case, CRLF, `Length -1`, a `file://` URI and an unknown key.
  public static let pls = [
    "[Playlist]", "file2=b side.mp3", "TITLE2=Bee", "File1=/abs/a.flac", "length1=61.5", "Length2=-1",
    "File3=file:///srv/My%20Music/c.ogg", "X-Player-Key=ignored", "numberofentries=3", "VERSION=2", "",
  ].joined(separator: "\r\n")

  /// Percent-encoded file URIs, relative and absolute locations, entities, CDATA, missing optional
  /// fields, a second location, and elements Segue does not read.
  public static let xspf = """
    <?xml version="1.0" encoding="UTF-8"?>
    <playlist version="1" xmlns="http://xspf.org/ns/0/">
      <title>Not a track title</title>
      <trackList>
        <track>
          <location>file:///srv/My%20Music/%C3%A9t%C3%A9.flac</location>
          <location>file:///elsewhere.flac</location>
          <title>Summer &amp; Sun</title>
          <creator>Band &lt;B&gt;</creator>
          <album><![CDATA[Live & Loud]]></album>
          <duration>61500</duration>
        </track>
        <track>
          <location>sub%20dir/two.mp3</location>
          <extension application="http://example.com"><title>not this</title></extension>
        </track>
        <track><location>../three&amp;four.ogg</location><duration>soon</duration></track>
      </trackList>
    </playlist>

    """

  /// A single-image sheet: REM lines, disc and track TITLE and PERFORMER, pregaps as INDEX 00.
  public static let cue = """
    REM GENRE Rock
    REM COMMENT "ExactAudioCopy v1.0
    PERFORMER "The Band"
    TITLE "Live at the Hall"
    \(liveSetTracks)
      TRACK 04 AUDIO
        TITLE "Closing"
        INDEX 00 14:00:00
        INDEX 01 14:02:37

    """

  /// The image and first three tracks of a live set's sheet: quoted and bare titles, a track's
  /// own PERFORMER, a pregap as INDEX 00. `cue` goes on from them; the fuzz tests' CUE seed
  /// (`PlaylistSeeds.cue`) is them under other REM lines and title.
  public static let liveSetTracks = """
    FILE "live set.flac" WAVE
      TRACK 01 AUDIO
        TITLE "Opening"
        INDEX 01 00:00:00
      TRACK 02 AUDIO
        TITLE "Second"
        PERFORMER "Guest"
        INDEX 00 04:58:10
        INDEX 01 05:01:00
      TRACK 03 AUDIO
        TITLE Third One
        INDEX 01 09:30:74
    """

  public static let m3u = "#EXTM3U\n#EXTINF:61,Band - One\none.flac\n../two.mp3\n"

  public static let native = "version: 1\nentries:\n  - file: a.flac\n    in: 0:01\n    transition: { gap: 2 }\n  - file: b.flac\n"
}
