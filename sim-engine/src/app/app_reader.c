/* app_reader.c — the receiving application: how fast it takes in-order data
 * out of the receive buffer.  The receiver (receiver.c) asks it how far it
 * has read (RFC 9293 §3.8.6.2.2's RCV.USER is what it has not: "RCV.USER
 * octets of this total may be tied up with data that has been received and
 * acknowledged but that the user process has not yet consumed") and when it
 * will have read enough for a window update; it never touches TCP state.
 *
 * The opportunistic-retransmission paper's flow-control bottleneck (§I, §II
 * condition (b), §IV) is a receive window (AWnd) that stops new data; its
 * model keeps AWnd constant (§III: "the AWnd size remains constant during the
 * loss recovery phase"), which the default reader gives.  A slower reader, or
 * one that blocks, is how the window becomes that bottleneck in the engine.
 *
 * The model (receiver.read_bytes_per_s = R, receiver.read_blocked_ms):
 *  - R = 0 (the default): it reads every in-order byte the moment it
 *    arrives, except in a blocked period; at the period's end it reads all
 *    at once.
 *  - R > 0: a fluid reader: over any interval in which it is not blocked it
 *    reads R bytes per second of the data there is, in whole bytes (the
 *    fraction carried over in read_carry, byte x ns units, so that no time is
 *    lost to rounding); with nothing to read it idles and saves nothing up.
 *    The receiver accounts reading at every event (a segment's arrival, an
 *    ACK, the read timer), and in-order data only arrives at events, so the
 *    fluid is exact between them.
 *  - Blocked periods [from_ms, to_ms) after the start of the run: it reads
 *    nothing.
 * Interpretation: the paper gives no reader model (its receivers are fast,
 * §IV "the ability to process incoming packets at very high data rates");
 * a constant rate and blocked periods are the two simplest that make the
 * window move, and are what the issue asks for. */
#include "../core/sim.h"

bool rx_reader_on(const struct rx_flow_cfg *cfg)
{
	return cfg->read_bytes_per_s > 0 || cfg->n_read_blocked >= 2 || cfg->wscale > 0;
}

/* is t in a blocked period?  *until: its end (ns); *next: the start of the
 * first period that begins after t (INT64_MAX: none) */
static bool blocked_at(const struct rx_flow_cfg *cfg, int64_t t, int64_t *until, int64_t *next)
{
	*next = INT64_MAX;
	for (int64_t k = 0; k + 1 < cfg->n_read_blocked && k + 1 < 2 * RX_MAX_READ_BLOCKS; k += 2) {
		int64_t from = cfg->read_blocked_ms[k] * RX_NS_PER_MS, to = cfg->read_blocked_ms[k + 1] * RX_NS_PER_MS;
		if (from <= t && t < to) {
			*until = to;
			return true;
		}
		if (from > t) {
			*next = from;
			return false;
		}
	}
	return false;
}

void rx_reader_advance(struct rx_receiver *r, int64_t now)
{
	const struct rx_flow_cfg *cfg = r->cfg;
	uint64_t rate = (uint64_t)cfg->read_bytes_per_s;
	int64_t t = r->read_t_ns, until, next;
	if (rate == 0) {
		if (!blocked_at(cfg, now, &until, &next))
			r->read_nxt = r->rcv_nxt;
		r->read_t_ns = now;
		return;
	}
	while (t < now && r->read_nxt < r->rcv_nxt) {
		if (blocked_at(cfg, t, &until, &next)) {
			t = until < now ? until : now;
			continue;
		}
		int64_t end = next < now ? next : now;
		unsigned __int128 v = (unsigned __int128)rate * (uint64_t)(end - t) + r->read_carry;
		uint64_t bytes = (uint64_t)(v / RX_NS_PER_S);
		r->read_carry = (uint64_t)(v % RX_NS_PER_S);
		uint64_t unread = r->rcv_nxt - r->read_nxt;
		if (bytes >= unread) {
			r->read_nxt = r->rcv_nxt; /* caught up: it idles, nothing saved up */
			r->read_carry = 0;
		} else {
			r->read_nxt += bytes;
		}
		t = end;
	}
	if (r->read_nxt == r->rcv_nxt)
		r->read_carry = 0;
	r->read_t_ns = now;
}

int64_t rx_reader_time_for(const struct rx_receiver *r, uint64_t need, int64_t now)
{
	const struct rx_flow_cfg *cfg = r->cfg;
	uint64_t rate = (uint64_t)cfg->read_bytes_per_s;
	uint64_t carry = r->read_carry;
	int64_t t = now, until, next;
	for (int guard = 0; guard < 2 * RX_MAX_READ_BLOCKS + 2; guard++) {
		if (blocked_at(cfg, t, &until, &next)) {
			t = until;
			continue;
		}
		if (rate == 0)
			return t;
		/* the least ns with rate x ns + carry >= need x 1e9 */
		unsigned __int128 want = (unsigned __int128)need * RX_NS_PER_S;
		unsigned __int128 have = carry;
		unsigned __int128 ns = want > have ? (want - have + rate - 1) / rate : 0;
		if (next == INT64_MAX || (unsigned __int128)t + ns <= (unsigned __int128)next)
			return ns > (unsigned __int128)(INT64_MAX - t) ? INT64_MAX : t + (int64_t)ns;
		unsigned __int128 got = (unsigned __int128)rate * (uint64_t)(next - t) + carry;
		need -= (uint64_t)(got / RX_NS_PER_S);
		carry = (uint64_t)(got % RX_NS_PER_S);
		t = next;
	}
	return INT64_MAX;
}
