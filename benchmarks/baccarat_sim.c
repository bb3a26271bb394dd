/* A plain C baccarat simulator: the peer croupier's compiled kernel is measured against
 * (benchmarks/bench_simulation.py compiles it with the machine's cc when there is one).
 *
 * The same work as croupier.analysis.simulate_baccarat for the Macau 2009 preset: SplitMix64
 * with Lemire's bounded draw, a Fisher-Yates shuffle of an eight-deck shoe, the first card's
 * face value burned (art. 8), the cut card 14 +/- 2 cards from the end and one more round after
 * it comes out, the third-card tables of arts. 11-12, and the same histogram (winner x Banker
 * total x Banker's third card x the two pairs). Nothing specialised or clever: the obvious loop
 * a C programmer would write.
 *
 * usage: baccarat_sim SEED ROUNDS  ->  prints "rounds seconds checksum"
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define DECKS 8
#define SIZE (52 * DECKS)
#define CUT 14
#define SPREAD 2

static uint64_t state;

static inline uint64_t next_u64(void)
{
    uint64_t x = (state += 0x9E3779B97F4A7C15ULL);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static inline uint32_t below(uint32_t n)
{
    uint64_t m = (next_u64() >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (next_u64() >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    state = strtoull(argv[1], NULL, 10);
    long rounds = strtol(argv[2], NULL, 10);
    int points[52], player_draws[10], banker_draws[10][11];
    for (int c = 0; c < 52; c++) {
        int rank = c >> 2; /* 0 = two ... 12 = ace */
        points[c] = rank == 12 ? 1 : (rank + 2 >= 10 ? 0 : rank + 2);
    }
    for (int t = 0; t < 10; t++)
        player_draws[t] = t <= 5;
    for (int b = 0; b < 10; b++)
        for (int third = 0; third <= 10; third++) {
            int draw;
            if (third == 10)
                draw = b <= 5; /* the Player stood */
            else if (b <= 2)
                draw = 1;
            else if (b == 3)
                draw = third != 8;
            else if (b == 4)
                draw = third >= 2 && third <= 7;
            else if (b == 5)
                draw = third >= 4 && third <= 7;
            else if (b == 6)
                draw = third == 6 || third == 7;
            else
                draw = 0;
            banker_draws[b][third] = draw;
        }
    uint8_t order[SIZE];
    for (int i = 0; i < SIZE; i++)
        order[i] = (uint8_t)(i % 52);
    long hist[3 * 10 * 2 * 2 * 2] = {0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long done = 0;
    int pos = SIZE, cut_at = 0, cut_round = -1, shoe_rounds = 0;
    while (done < rounds) {
        int finished = pos >= SIZE || (cut_round >= 0 && shoe_rounds >= cut_round + 1);
        if (finished) {
            for (int i = SIZE - 1; i > 0; i--) {
                uint32_t j = below((uint32_t)i + 1);
                uint8_t t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            int offset = (int)below(2 * SPREAD + 1) - SPREAD;
            cut_at = SIZE - CUT - offset;
            int rank = order[0] >> 2;
            pos = 1 + (rank == 12 ? 1 : (rank + 2 > 10 ? 10 : rank + 2));
            shoe_rounds = 0;
            cut_round = -1;
        }
        shoe_rounds++;
        if (SIZE - pos < 4) {
            pos = SIZE;
            continue;
        }
        int p1 = order[pos], b1 = order[pos + 1], p2 = order[pos + 2], b2 = order[pos + 3];
        int next = pos + 4;
        int pt = (points[p1] + points[p2]) % 10, bt = (points[b1] + points[b2]) % 10;
        int three = 0, ok = 1;
        if (pt < 8 && bt < 8) {
            int third = 10;
            if (player_draws[pt]) {
                if (next >= SIZE) {
                    ok = 0;
                } else {
                    third = points[order[next++]];
                    pt = (pt + third) % 10;
                }
            }
            if (ok && banker_draws[bt][third]) {
                if (next >= SIZE) {
                    ok = 0;
                } else {
                    bt = (bt + points[order[next++]]) % 10;
                    three = 1;
                }
            }
        }
        if (!ok) {
            pos = SIZE;
            continue;
        }
        if (cut_round < 0 && next > cut_at)
            cut_round = shoe_rounds;
        pos = next;
        int winner = pt > bt ? 0 : (bt > pt ? 1 : 2);
        int ppair = (p1 >> 2) == (p2 >> 2), bpair = (b1 >> 2) == (b2 >> 2);
        hist[(((winner * 10 + bt) * 2 + three) * 2 + ppair) * 2 + bpair]++;
        done++;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long checksum = 0;
    for (int i = 0; i < 3 * 10 * 2 * 2 * 2; i++)
        checksum += hist[i] * (i + 1);
    printf("%ld %.6f %ld\n", done, (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9,
           checksum);
    return 0;
}
