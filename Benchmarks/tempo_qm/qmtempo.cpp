// Reads mono f64le samples at RATE from stdin; prints the beats the Queen Mary tempo tracker
// (libqm-dsp's TempoTrackV2, Davies and Plumbley, on its complex spectral difference onset curve)
// finds, in seconds, one per line. A benchmark peer (issue 46), never part of segue.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "dsp/onsets/DetectionFunction.h"
#include "dsp/tempotracking/TempoTrackV2.h"

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: qmtempo RATE < mono.f64\n"); return 2; }
  int rate = atoi(argv[1]);
  if (rate < 8000 || rate > 768000) { fprintf(stderr, "qmtempo: a rate of %d Hz\n", rate); return 2; }
  // A step of about 11.6 ms (512 frames at 44.1 and 48 kHz), a power of two as its FFT needs.
  unsigned step = 512;
  while (step * 86 > rate * 1.5) step /= 2;
  while (step * 86 * 1.5 < rate) step *= 2;
  DFConfig config;
  config.stepSize = step;
  config.frameLength = 2 * step;
  config.DFType = DF_COMPLEXSD;
  config.dbRise = 3;
  config.adaptiveWhitening = false;
  config.whiteningRelaxCoeff = -1;
  config.whiteningFloor = -1;
  DetectionFunction detector(config);
  std::vector<double> samples;
  double value;
  while (fread(&value, sizeof value, 1, stdin) == 1) samples.push_back(value);
  std::vector<double> frame(config.frameLength), curve;
  for (size_t start = 0; start + config.frameLength <= samples.size(); start += step) {
    for (size_t i = 0; i < config.frameLength; ++i) frame[i] = samples[start + i];
    curve.push_back(detector.processTimeDomain(frame.data()));
  }
  if (curve.size() < 16) return 0;
  // The first two values are the detector's start-up; the periods' vector must be sized by the caller.
  std::vector<double> used(curve.begin() + 2, curve.end()), periods(used.size()), tempi, beats;
  TempoTrackV2 tracker(rate, step);
  tracker.calculateBeatPeriod(used, periods, tempi);
  tracker.calculateBeats(used, periods, beats);
  for (double beat : beats) printf("%.5f\n", (beat + 2) * step / (double)rate);
  return 0;
}
