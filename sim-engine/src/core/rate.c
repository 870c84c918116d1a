/* rate.c — estimators every family shares.
 *
 * Delivery rate, after draft-cheng-iccrg-delivery-rate-estimation §3 (the
 * sampling Linux's tcp_rate and BBR use; code written here from the draft's
 * text): each transmission records the connection's delivered count and time
 * (C.delivered, C.delivered_time) and the send time of the first segment of
 * its flight (C.first_sent_time); each ACK that newly delivers data (cumulative
 * or SACKed) takes the most recently sent of those segments, P, and gives
 *   delivered = C.delivered - P.delivered,
 *   interval  = max(P.sent_time - P.first_sent_time, C.delivered_time - P.delivered_time),
 * dropped when the interval is below the minimum RTT (§3.3: it would
 * overestimate the rate).
 *
 * Rounds: a round trip ends on the first ACK that cumulatively acknowledges
 * the snd_nxt recorded when the round began (Brakmo & Peterson's "once per
 * RTT" for Vegas; Fu & Liew for Veno).  The first round ends with the first
 * ACK of new data.
 *
 * ACK history: for a recovery member that asks (ops .ack_history, e.g. BARR's
 * rate over the last M ACKs), the delivered count and arrival time of each of
 * the flow's last ACKs, in every state.
 */
#include "sim.h"

/* rx_rate_on_send(), rx_rate_new_flight() and rx_rate_on_delivered() are
 * inline in sim.h: they run for every segment */

void rx_rate_fill(struct rx_sender *s, const struct rx_rate_sample *rs, struct rx_ack_sample *as)
{
	as->delivered_bytes = s->rate.delivered_bytes;
	as->rate_delivered_bytes = 0;
	as->rate_interval_ns = -1;
	if (!rs->has_data)
		return;
	int64_t ack_elapsed = s->rate.delivered_ns - rs->prior_ns;
	int64_t interval = rx_max64(rs->send_elapsed_ns, ack_elapsed);
	if (interval <= 0 || (s->cc.min_rtt_ns > 0 && interval < s->cc.min_rtt_ns))
		return;
	as->rate_delivered_bytes = s->rate.delivered_bytes - rs->prior_delivered_bytes;
	as->rate_interval_ns = interval;
}

int rx_ack_hist_span(const struct rx_sender *s, uint32_t m, uint64_t *bytes, int64_t *ns)
{
	if (s->ack_hist_n < 2 || m == 0)
		return 0;
	uint32_t back = m < s->ack_hist_n - 1 ? m : s->ack_hist_n - 1;
	uint32_t cap = s->ack_hist_cap;
	uint32_t last = (s->ack_hist_head + cap - 1) % cap, first = (last + cap - back) % cap;
	*bytes = s->ack_hist_delivered[last] - s->ack_hist_delivered[first];
	*ns = s->ack_hist_ns[last] - s->ack_hist_ns[first];
	return *ns > 0;
}

/* 1 when this ACK ends a round trip; the next round ends at today's snd_nxt */
int rx_round_on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	if (!ai->acked_bytes || s->snd_una < s->round_end_seq)
		return 0;
	s->round_end_seq = s->snd_nxt;
	return 1;
}
