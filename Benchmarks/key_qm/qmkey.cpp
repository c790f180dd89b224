// Reads mono f64le samples at RATE from stdin; prints the Queen Mary detector's key (the one it
// reports over most of the signal) as "tonic mode", tonic 0 = C.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>
#include "dsp/keydetection/GetKeyMode.h"

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: qmkey RATE < mono.f64\n"); return 2; }
  int rate = atoi(argv[1]);
  GetKeyMode detector(rate, 440.0f, 10, 10);
  size_t block = detector.getBlockSize(), hop = detector.getHopSize();
  std::vector<double> samples;
  double value;
  while (fread(&value, sizeof value, 1, stdin) == 1) samples.push_back(value);
  std::vector<double> frame(block);
  std::map<int, int> counts;
  for (size_t start = 0; start + block <= samples.size() + block - hop; start += hop) {
    for (size_t i = 0; i < block; ++i) frame[i] = start + i < samples.size() ? samples[start + i] : 0;
    int key = detector.process(frame.data());
    if (key >= 1 && key <= 24) counts[key]++;
  }
  int best = 0, most = -1;
  for (auto &entry : counts) if (entry.second > most) { most = entry.second; best = entry.first; }
  if (best == 0) { printf("none\n"); return 0; }
  printf("%d %s\n", (best - 1) % 12, best > 12 ? "minor" : "major");
  return 0;
}
