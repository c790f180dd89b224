/// The example manifest `segue batch --template` prints.
enum BatchTemplate {
  static let text = """
    # A Segue batch manifest: one render request per item. This is YAML; JSON Lines (one object
    # per line) works the same:
    #   {"inputs": ["albums/a"], "output": "out/a.flac"}
    # Each item takes "inputs" (files, playlists or folders), "output", and any option
    # `segue render` takes under its long name without the dashes. Relative paths resolve
    # against this file's folder. Run it all with `segue batch manifest.yaml --jobs 4`, one
    # item with --index N, or as array jobs with --index-from-env.

    # A gapless album, as one FLAC file with a chapter per track.
    - inputs: [albums/first-album]
      output: out/first-album.flac
      chapters: true

    # A DJ mix from a playlist: crossfades, levelled to -14 LUFS, measured.
    - inputs: [playlists/friday.m3u8]
      output: out/friday.mp3
      crossfade: 6
      loudness: -14
      measure: true
      bitrate: 320k

    # A two-minute preview of the same mix, from 10:00.
    - inputs: [playlists/friday.m3u8]
      output: out/friday-preview.mp3
      crossfade: 6
      from: "10:00"
      duration: 120

    """
}
