#include "CKernels.h"
#include <pthread.h>

/* The CRC's tables: `table[k][v]` is the CRC of byte `v` followed by `k` zero bytes, so that
 * sixteen bytes take sixteen lookups that do not wait on one another (slicing by 16), where a
 * table of one byte (libavutil's) makes each byte wait for the one before. 8 KiB in all. */
static uint16_t table[16][256];
static pthread_once_t table_filled = PTHREAD_ONCE_INIT;

static void fill_table(void) {
  for (unsigned value = 0; value < 256; value++) {
    uint16_t crc = (uint16_t)(value << 8);
    for (int bit = 0; bit < 8; bit++) crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x8005) : (uint16_t)(crc << 1);
    table[0][value] = crc;
  }
  for (int zeros = 1; zeros < 16; zeros++) {
    for (unsigned value = 0; value < 256; value++) {
      uint16_t shorter = table[zeros - 1][value];
      table[zeros][value] = (uint16_t)(shorter << 8) ^ table[0][shorter >> 8];
    }
  }
}

uint16_t segue_flac_crc16(const uint8_t *bytes, size_t count) {
  pthread_once(&table_filled, fill_table);
  uint16_t crc = 0;
  for (; count >= 16; bytes += 16, count -= 16) {
    /* The CRC so far enters with the first two bytes; each byte's share is its CRC shifted past
     * the bytes after it. */
    crc = table[15][bytes[0] ^ (crc >> 8)] ^ table[14][bytes[1] ^ (crc & 0xFF)] ^ table[13][bytes[2]] ^ table[12][bytes[3]] ^
          table[11][bytes[4]] ^ table[10][bytes[5]] ^ table[9][bytes[6]] ^ table[8][bytes[7]] ^ table[7][bytes[8]] ^
          table[6][bytes[9]] ^ table[5][bytes[10]] ^ table[4][bytes[11]] ^ table[3][bytes[12]] ^ table[2][bytes[13]] ^
          table[1][bytes[14]] ^ table[0][bytes[15]];
  }
  for (; count > 0; bytes++, count--) crc = (uint16_t)(crc << 8) ^ table[0][(crc >> 8) ^ *bytes];
  return crc;
}
