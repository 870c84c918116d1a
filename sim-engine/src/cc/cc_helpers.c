/* cc_helpers.c — shared congestion-control building blocks (see cc_helpers.h). */
#include "cc_helpers.h"

/* the 128-bit path of rx_muldiv_u64 (cc_helpers.h) */
uint64_t rx_muldiv_u64_wide(uint64_t a, uint64_t b, uint64_t d)
{
	uint64_t a_lo, a_hi, b_lo, b_hi, p_ll, p_lh, p_hl, p_hh, mid, lo, hi;
	uint64_t q = 0;
	int i;

	if (b == 0 || a <= UINT64_MAX / b)
		return a * b / d;
	a_lo = a & 0xffffffffu;
	a_hi = a >> 32;
	b_lo = b & 0xffffffffu;
	b_hi = b >> 32;
	p_ll = a_lo * b_lo; /* each partial product < 2^64 */
	p_lh = a_lo * b_hi;
	p_hl = a_hi * b_lo;
	p_hh = a_hi * b_hi;
	mid = (p_ll >> 32) + (p_lh & 0xffffffffu) + (p_hl & 0xffffffffu); /* < 3 * 2^32 */
	lo = (p_ll & 0xffffffffu) | (mid << 32);
	hi = p_hh + (p_lh >> 32) + (p_hl >> 32) + (mid >> 32);
	if (hi >= d)
		return UINT64_MAX; /* quotient >= 2^64 */
	/* restoring division of hi:lo by d, one quotient bit per step; the
	 * running remainder stays below d, with its 65th bit kept in `carry` */
	for (i = 63; i >= 0; i--) {
		uint64_t carry = hi >> 63;

		hi = (hi << 1) | ((lo >> i) & 1u);
		q <<= 1;
		if (carry || hi >= d) {
			hi -= d; /* wraps back into range when carry is set */
			q |= 1u;
		}
	}
	return q;
}

/* Bit by bit: the root is built from its top bit down.  Going from y to
 * 2y + 1 adds (2y+1)^3 - (2y)^3 = 3(2y)(2y+1) + 1 to the cube, so after
 * doubling y the trial increment is 3y(y + 1) + 1, compared against the
 * radicand bits above position s (s steps by 3).  y < 2^22 throughout, so
 * 3y(y + 1) + 1 < 2^46 and (x >> s) never overflows. */
uint64_t rx_icbrt_u64(uint64_t x)
{
	uint64_t y = 0;
	int s;

	for (s = 63; s >= 0; s -= 3) {
		uint64_t b;

		y <<= 1;
		b = 3 * y * (y + 1) + 1;
		if ((x >> s) >= b) {
			x -= b << s; /* b << s <= x: no overflow */
			y++;
		}
	}
	return y;
}
