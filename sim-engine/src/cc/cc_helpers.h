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

/* Slow start on one ACK of new data, as the flow's tcp.slow_start says
 * (cc->slow_start, cc->ss_limit_bytes, set by the core).  Every member grows
 * cwnd in slow start through this, so the setting means the same for all.
 * Returns the bytes of this ACK left over for congestion avoidance: the
 * caller hands them to its avoidance step (0: nothing left).
 *
 * rfc5681.  RFC 5681 §3.1: "During slow start, a TCP increments cwnd by at
 * most SMSS bytes for each ACK received that cumulatively acknowledges new
 * data. [...] we RECOMMEND that TCP implementations increase cwnd, per:
 *     cwnd += min (N, SMSS)                      (2)
 * where N is the number of previously unacknowledged bytes acknowledged in
 * the incoming ACK."  N is s->acked_bytes, the cumulative advance; this is
 * rx_reno_slow_start(), not cut at ssthresh, and it leaves nothing over
 * (the engine's behaviour before byte counting, unchanged).
 *
 * byte_counting.  RFC 3465 (abstract): "the document suggests basing the
 * increase on the number of previously unacknowledged bytes each ACK
 * covers", each ACK counting at most a limit L of L*SMSS bytes (L = 2 in
 * RFC 3465, to undo delayed ACKs); RFC 5681 §3.1: "[RFC3465] allows for cwnd
 * increases of more than SMSS bytes for incoming acknowledgments during slow
 * start on an experimental basis"; RFC 9406 §4.2 writes the same rule as
 * "cwnd = cwnd + min(N, L * SMSS)" with L = infinity for a paced sender.
 * N is s->newly_delivered_bytes: bytes cumulatively ACKed that were not
 * SACKed before, plus bytes newly SACKed, each byte once (acked_bytes would
 * count a byte SACKed earlier a second time).  Slow start stops at ssthresh
 * (RFC 5681 §3.1: "Slow start ends when cwnd exceeds ssthresh (or,
 * optionally, when it reaches it [...])"), and the counted bytes past it go
 * to congestion avoidance, which is how Linux counts a stretch ACK (the
 * kernel figures in tests/c/test_cc_slow_start.c):
 *     N' = L ? min(N, L*SMSS) : N
 *     inc = min(N', ssthresh - cwnd);  cwnd += inc;  return N' - inc
 * Nothing is capped above: callers that bound the window do it afterwards. */
static inline uint64_t rx_slow_start(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	if (cc->slow_start != RX_SS_BYTE_COUNTING) {
		rx_reno_slow_start(cc, s->acked_bytes);
		return 0;
	}
	uint64_t n = s->newly_delivered_bytes;
	if (cc->ss_limit_bytes)
		n = rx_min_u64(n, cc->ss_limit_bytes);
	uint64_t room = cc->ssthresh_bytes > cc->cwnd_bytes ? cc->ssthresh_bytes - cc->cwnd_bytes : 0;
	uint64_t inc = rx_min_u64(n, room);
	cc->cwnd_bytes += inc;
	return n - inc;
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
