/* cc_helpers.h — building blocks shared by the congestion controls in src/cc/.
 *
 * Every cc reuses these instead of writing its own copy (architecture v2, R6):
 * Reno's slow start and additive increase, Reno's halving, and the integer
 * arithmetic (min/max, an exact 64x64/64 muldiv, an integer cube root) that
 * keeps every window bit-identical on every machine (no floating point, no
 * libm).  Only public headers are needed; nothing here sees the core.
 *
 * Units: windows and byte counters are bytes (uint64_t), as in struct rx_cc;
 * a segment is cc->mss_bytes bytes.
 */
#ifndef REXSIM_CC_HELPERS_H
#define REXSIM_CC_HELPERS_H

#include <stdint.h>

#include "rexsim/cc.h"

static inline uint64_t rx_min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}
static inline uint64_t rx_max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}
static inline int64_t rx_min_i64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}
static inline int64_t rx_max_i64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

/* floor(a * b / d), d > 0, exact for any 64-bit a and b (the product is
 * formed in 128 bits); UINT64_MAX if the quotient does not fit in 64 bits. */
uint64_t rx_muldiv_u64_wide(uint64_t a, uint64_t b, uint64_t d);
static inline uint64_t rx_muldiv_u64(uint64_t a, uint64_t b, uint64_t d)
{
	if (b == 0 || a <= UINT64_MAX / b)
		return a * b / d; /* the product fits: the common case, inline */
	return rx_muldiv_u64_wide(a, b, d);
}

/* floor(cbrt(x)) for every uint64_t. */
uint64_t rx_icbrt_u64(uint64_t x);

/* RFC 5681 §3.1 eq. (2), slow start: cwnd += min(acked_bytes, SMSS).  The
 * increase is not cut at ssthresh (the ACK that crosses it grows cwnd by the
 * full amount), and nothing is capped: callers that bound the window do it
 * afterwards.  The caller decides whether the window may grow at all (e.g.
 * RFC 7661: not while application-limited). */
static inline void rx_reno_slow_start(struct rx_cc *cc, uint64_t acked_bytes)
{
	cc->cwnd_bytes += rx_min_u64(acked_bytes, cc->mss_bytes);
}

/* RFC 5681 §3.1 congestion avoidance with byte counting (RFC 3465 §2.1):
 * *acc_bytes collects ACKed bytes; once it reaches w_bytes, w_bytes is taken
 * off it and cwnd grows by one SMSS (at most one step per call).  Reno passes
 * w_bytes = cwnd (one segment per window of data ACKed, i.e. per RTT);
 * passing 2 * cwnd grows one segment every other RTT.  Returns 1 if cwnd
 * grew, 0 otherwise. */
static inline int rx_reno_cong_avoid_ai(struct rx_cc *cc, uint64_t *acc_bytes, uint64_t w_bytes, uint64_t acked_bytes)
{
	*acc_bytes += acked_bytes;
	if (*acc_bytes < w_bytes)
		return 0;
	*acc_bytes -= w_bytes;
	cc->cwnd_bytes += cc->mss_bytes;
	return 1;
}

/* RFC 5681 §3.1 eq. (4): ssthresh = max(basis / 2, 2 SMSS), where the core
 * passes FlightSize as the basis (or cwnd in Linux mode). */
static inline uint64_t rx_reno_ssthresh(const struct rx_cc *cc, uint64_t basis_bytes)
{
	return rx_max_u64(basis_bytes / 2, 2 * (uint64_t)cc->mss_bytes);
}

#endif
