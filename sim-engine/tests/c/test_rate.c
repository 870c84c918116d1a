/* test_rate.c — the shared delivery-rate estimator and round tracking
 * (src/core/rate.c, draft-cheng-iccrg-delivery-rate-estimation §3), driven by
 * hand on a bare sender: segments are "sent" and "delivered" at chosen times
 * and every sample is derived below. */
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"

#define MS RX_NS_PER_MS

static struct rx_sim sim;
static struct rx_sender snd;

static void at(int64_t t_ns)
{
	sim.now_ns = t_ns;
}

static void send_seg(struct rx_seg *g, uint32_t len, bool first_in_flight)
{
	memset(g, 0, sizeof(*g));
	g->len = len;
	g->last_tx_ns = sim.now_ns;
	if (first_in_flight)
		rx_rate_new_flight(&snd);
	rx_rate_on_send(&snd, g);
}

static struct rx_ack_sample ack(struct rx_seg *const *segs, int n)
{
	struct rx_rate_sample rs = { .has_data = false };
	for (int i = 0; i < n; i++)
		rx_rate_on_delivered(&snd, segs[i], &rs);
	struct rx_ack_sample as;
	memset(&as, 0, sizeof(as));
	rx_rate_fill(&snd, &rs, &as);
	return as;
}

static void rate_samples(void)
{
	memset(&sim, 0, sizeof(sim));
	memset(&snd, 0, sizeof(snd));
	snd.sim = &sim;
	struct rx_seg a, b, c, d;
	/* t = 0: A (1000 B) starts a flight: C.first_sent = C.delivered_time = 0,
	 * A records delivered 0 at 0; t = 10 ms: B (1000 B) records the same. */
	at(0);
	send_seg(&a, 1000, true);
	at(10 * MS);
	send_seg(&b, 1000, false);
	CHECK_EQ_I64(b.tx_first_sent_ns, 0);
	CHECK_EQ_I64(b.tx_delivered_ns, 0);
	/* t = 100 ms, ACK of A, min_rtt 100 ms: delivered = 1000 - 0 = 1000,
	 * interval = max(send 0 - 0, ack 100 - 0) = 100 ms (= min_rtt: kept) */
	snd.cc.min_rtt_ns = 100 * MS;
	at(100 * MS);
	struct rx_seg *one[] = { &a };
	struct rx_ack_sample s1 = ack(one, 1);
	CHECK_EQ_I64(s1.delivered_bytes, 1000);
	CHECK_EQ_I64(s1.rate_delivered_bytes, 1000);
	CHECK_EQ_I64(s1.rate_interval_ns, 100 * MS);
	/* the flight's first send time is now A's: 0 */
	CHECK_EQ_I64(snd.rate.first_sent_ns, 0);
	/* t = 105 ms: C sent, recording delivered 1000 at 100 ms, flight from 0 */
	at(105 * MS);
	send_seg(&c, 1000, false);
	CHECK_EQ_I64(c.tx_delivered_bytes, 1000);
	CHECK_EQ_I64(c.tx_delivered_ns, 100 * MS);
	/* t = 110 ms, ACK of B: delivered = 2000 - 0, interval = max(10 - 0, 110 - 0)
	 * = 110 ms */
	at(110 * MS);
	struct rx_seg *two[] = { &b };
	struct rx_ack_sample s2 = ack(two, 1);
	CHECK_EQ_I64(s2.delivered_bytes, 2000);
	CHECK_EQ_I64(s2.rate_delivered_bytes, 2000);
	CHECK_EQ_I64(s2.rate_interval_ns, 110 * MS);
	/* t = 150 ms: D sent (delivered 2000 at 110 ms, flight start: B's send, 10 ms) */
	at(150 * MS);
	send_seg(&d, 500, false);
	CHECK_EQ_I64(d.tx_first_sent_ns, 10 * MS);
	/* t = 200 ms, one ACK delivers D and C (D listed first): the newest sent,
	 * D at 150 ms, decides: delivered = 3500 - 2000 = 1500,
	 * interval = max(150 - 10, 200 - 110) = 140 ms */
	at(200 * MS);
	struct rx_seg *both[] = { &d, &c };
	struct rx_ack_sample s3 = ack(both, 2);
	CHECK_EQ_I64(s3.delivered_bytes, 3500);
	CHECK_EQ_I64(s3.rate_delivered_bytes, 1500);
	CHECK_EQ_I64(s3.rate_interval_ns, 140 * MS);
	/* an interval below min_rtt is no sample (§3.3): with min_rtt 150 ms the
	 * same kind of ACK (interval 140 ms) gives -1 */
	snd.cc.min_rtt_ns = 150 * MS;
	struct rx_seg e;
	at(210 * MS);
	send_seg(&e, 100, false); /* flight from D's send, 150 ms; delivered 3500 at 200 */
	at(300 * MS);
	struct rx_seg *last[] = { &e };
	struct rx_ack_sample s4 = ack(last, 1);
	/* interval = max(210 - 150, 300 - 200) = 100 ms < 150 ms */
	CHECK_EQ_I64(s4.rate_interval_ns, -1);
	CHECK_EQ_I64(s4.rate_delivered_bytes, 0);
	CHECK_EQ_I64(s4.delivered_bytes, 3600);
	/* an ACK that delivers nothing gives no sample */
	struct rx_ack_sample s5 = ack(NULL, 0);
	CHECK_EQ_I64(s5.rate_interval_ns, -1);
}

static void rounds(void)
{
	memset(&snd, 0, sizeof(snd));
	struct rx_ack_info ai = { .acked_bytes = 1000 };
	/* the first ACK of new data ends round 0; the next round ends at snd_nxt */
	snd.snd_una = 1000;
	snd.snd_nxt = 10000;
	CHECK_EQ_I64(rx_round_on_ack(&snd, &ai), 1);
	CHECK_EQ_I64(snd.round_end_seq, 10000);
	snd.snd_una = 9000;
	snd.snd_nxt = 20000;
	CHECK_EQ_I64(rx_round_on_ack(&snd, &ai), 0); /* 9000 < 10000 */
	snd.snd_una = 10000;
	CHECK_EQ_I64(rx_round_on_ack(&snd, &ai), 1); /* reaches 10000 */
	CHECK_EQ_I64(snd.round_end_seq, 20000);
	ai.acked_bytes = 0; /* a duplicate ACK ends nothing */
	snd.snd_una = 20000;
	CHECK_EQ_I64(rx_round_on_ack(&snd, &ai), 0);
}

int main(void)
{
	rate_samples();
	rounds();
	return t_report("rate");
}
