import AudioTestSupport
import Foundation

/// A programme the true-peak ceiling tests level: an excerpt of a real track, or a synthesized
/// signal of the kinds whose inter-sample peaks short interpolators under-read.
enum CeilingProgram: Sendable, CustomStringConvertible {
  /// `seconds` of a hedgewars-data track (`RealMusic`) from `start` seconds on.
  case music(String, start: Double, seconds: Double = 15)
  /// 10 s of 44.1 kHz stereo from an `aevalsrc` expression per channel.
  case synthesized(String, left: String, right: String)

  var description: String {
    switch self {
    case .music(let name, let start, _): "\(name) from \(Int(start)) s"
    case .synthesized(let name, _, _): name
    }
  }

  var isMusic: Bool { if case .music = self { true } else { false } }

  /// Writes the programme to `path` as a 24-bit FLAC.
  func write(to path: String) throws {
    switch self {
    case .music(let name, let start, let seconds):
      try RealMusic.excerpt(name, from: start, seconds: seconds, to: path)
    case .synthesized(_, let left, let right):
      try FFmpegCLI.make(["-f", "lavfi", "-i", "aevalsrc=exprs='\(left)|\(right)':s=44100:d=10", "-sample_fmt", "s32", path])
    }
  }

  /// Noise (a sum of four uniform draws, near Gaussian) swelling and fading every 2 s, with
  /// steady partials, two of them high (12 and 15 kHz): dense and full-band.
  static let noiseWithPartials = synthesized(
    "noise with partials",
    left: "(random(0)+random(0)+random(0)+random(0)-2)*0.25*(1+0.8*sin(PI*t))+0.1*sin(2*PI*997*t)+0.04*sin(2*PI*12001*t)",
    right: "(random(1)+random(1)+random(1)+random(1)-2)*0.25*(1+0.8*sin(PI*t))+0.1*sin(2*PI*3301*t)+0.04*sin(2*PI*15013*t)")
  /// Naive (aliased) square waves, full-band edges, at a quarter of their level but for 30 ms
  /// accents every 0.5 s.
  static let squares = synthesized(
    "aliased squares", left: "0.5*sgn(sin(2*PI*441*t+0.1))*if(lt(mod(t,0.5),0.03),1,0.25)",
    right: "0.5*sgn(sin(2*PI*1250*t+0.1))*if(lt(mod(t,0.5),0.03),1,0.25)")
  /// Three partials, quiet but for 50 ms accents every 0.6 s that are clipped hard at ±0.6,
  /// opposite in the two channels.
  static let clippedTones = synthesized(
    "clipped tones",
    left: "clip(if(lt(mod(t,0.6),0.05),1.5,0.1)*(0.9*sin(2*PI*220*t)+0.5*sin(2*PI*1330*t)+0.3*sin(2*PI*5001*t)),-0.6,0.6)",
    right: "clip(if(lt(mod(t,0.6),0.05),-1.5,-0.1)*(0.9*sin(2*PI*220*t)+0.5*sin(2*PI*1330*t)+0.3*sin(2*PI*5001*t)),-0.6,0.6)")
  /// A sine sweeping from 15 to 21.5 kHz, loud for 50 ms every 0.4 s, over a quiet 110 Hz tone:
  /// peaks between samples near Nyquist.
  static let sweep = synthesized(
    "sweep to 21.5 kHz",
    left: "0.4*sin(2*PI*(15000*t+6500*t*t/30))*if(lt(mod(t,0.4),0.05),1,0.05)+0.05*sin(2*PI*110*t)",
    right: "0.4*sin(2*PI*(15000*t+6500*t*t/30)+1)*if(lt(mod(t,0.4),0.05),1,0.05)+0.05*sin(2*PI*110*t)")
  /// Quiet noise with a three-sample click every 0.45 s: a crest factor no gain leaves under a
  /// ceiling. (None at the very start: ffmpeg's resampler mirrors a file's first samples, so
  /// it reads a click there higher than any interpolator that takes silence to precede the file.)
  static let clicks = synthesized(
    "clicks over quiet noise", left: "0.02*(2*random(0)-1)+if(lt(mod(n+9000,19845),3),0.9,0)",
    right: "0.02*(2*random(1)-1)-if(lt(mod(n+9000,19845),3),0.85,0)")
  /// Bursts of white noise 120 ms long every 370 ms, switched on and off in one sample.
  static let bursts = synthesized(
    "noise bursts", left: "if(lt(mod(t,0.37),0.12),0.5*(2*random(0)-1),0)", right: "if(lt(mod(t,0.37),0.12),0.5*(2*random(1)-1),0)")
}
