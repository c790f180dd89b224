// What Rendering's API takes and returns, so that `import Rendering` is all an app needs: the
// timeline and its fades (Composition), playlists and the silence settings (Playlists), the
// settings' checks and choices (Settings), stream facts, layouts and codecs (FFmpegAudio), the
// analyses (Analysis) and the containers' metadata (Containers).
@_exported import Analysis
@_exported import Composition
@_exported import Containers
@_exported import FFmpegAudio
@_exported import Playlists
@_exported import Settings
