/* A coup's highest jackpot combination (Macau baccarat, the Modalities A, B and C of the 2009
 * amendment), as croupier.analysis.simulate_baccarat.jackpot_code decides it for the Numba
 * kernel and games/baccarat/jackpot.py for the engine (the tests hold the kernels to the
 * engine on every combination): its 1-based place in the modality's list of
 * croupier.games.baccarat.jackpot.COMBINATIONS, 0 for none. `coup`: P1 P2 P3 B1 B2 B3 (-1
 * for a third card not drawn); `modality` 1 A, 2 B, 3 C; `by_points`: Modality A's two pairs
 * told apart by points rather than rank.
 */
#ifndef CROUPIER_BACCARAT_JACKPOT_H
#define CROUPIER_BACCARAT_JACKPOT_H

#include <stdint.h>

static int
jackpot_code(const int *coup, int modality, int by_points, const uint8_t *points)
{
    int order[6] = {coup[0], coup[3], coup[1], coup[4], -1, -1}; /* the dealing order */
    int k = 4;
    if (coup[2] >= 0)
        order[k++] = coup[2];
    if (coup[5] >= 0)
        order[k++] = coup[5];
    int counts[13] = {0};
    if (modality == 1) {
        if (k >= 5) {
            int mask = 0;
            for (int i = 0; i < 5; i++)
                mask |= 1 << (order[i] >> 2);
            if (mask == 0x1F00) { /* T J Q K A */
                int same = 1;
                for (int i = 1; i < 5; i++)
                    same &= (order[i] & 3) == (order[0] & 3);
                if (same)
                    return 1;
                int tens_suit = -1, ace_suit = -1, suited = 1;
                for (int i = 0; i < 5; i++) {
                    if ((order[i] >> 2) == 12)
                        ace_suit = order[i] & 3;
                    else if (tens_suit < 0)
                        tens_suit = order[i] & 3;
                    else if ((order[i] & 3) != tens_suit)
                        suited = 0;
                }
                if (suited && ace_suit != tens_suit)
                    return 2;
            }
        }
        int top = 0;
        for (int i = 0; i < 4; i++) {
            int c = ++counts[order[i] >> 2];
            top = c > top ? c : top;
        }
        int pp = (coup[0] >> 2) == (coup[1] >> 2), bp = (coup[3] >> 2) == (coup[4] >> 2);
        if (top == 4)
            return 3;
        if (pp && bp) {
            if (by_points ? points[coup[0]] != points[coup[3]] : (coup[0] >> 2) != (coup[3] >> 2))
                return 4;
        }
        if (top == 3)
            return 5;
        return pp || bp ? 6 : 0;
    }
    for (int i = 0; i < k; i++)
        counts[order[i] >> 2]++;
    int top = 0, second = 0;
    for (int r = 0; r < 13; r++) {
        if (counts[r] > top) {
            second = top;
            top = counts[r];
        } else if (counts[r] > second) {
            second = counts[r];
        }
    }
    int shift = modality == 3; /* Modality C has six of one colour on top */
    if (top == 6) {
        if (modality == 3) {
            int black = 0;
            for (int i = 0; i < 6; i++)
                black += (order[i] & 3) == 1 || (order[i] & 3) == 3;
            if (black == 0 || black == 6)
                return 1;
        }
        return 1 + shift;
    }
    if (top == 5)
        return 2 + shift;
    if (top == 3 && second == 3)
        return 3 + shift;
    if (top == 4)
        return 4 + shift;
    if (top == 3)
        return 5 + shift;
    return 0;
}

#endif
