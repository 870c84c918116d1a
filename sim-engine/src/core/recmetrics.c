/* recmetrics.c — loss recovery measured as the opportunistic-retransmission
 * paper measures it (/work/shared/papers/opportunistic-retransmission-
 * sndbuf.txt, §III and Fig. 1; RTT spikes §VII.E): one record per fast-
 * recovery episode (struct rx_rec_episode) and the flow's totals (struct
 * rx_flow_metrics), both described once in the catalogue (vocab.c:
 * metrics, episode_metrics).  Metrics only: nothing here changes the
 * simulation.
 *
 * The paper, §III: "we focus on the loss recovery period from the time
 * instant the first retransmitted packet is sent by the bottleneck link (T2
 * in Fig. 1), to the time instant the first new packet is sent by the
 * bottleneck link (the time after or at T5 in Fig. 1)"; "the minimum link
 * idle time - the minimum period the link is not transmitting packet"; and
 * eq. (8), the bandwidth utilisation
 *     eta = n / (n + C x Imin)
 * "where the numerator is the amount of data transmitted (i.e., n-1
 * retransmitted packets and 1 new packet) and the denominator is the total
 * amount of data that could be transmitted (i.e., amount transmitted plus
 * the amount which would have been transmitted during the link idle time)".
 *
 * Measured here, on the forward bottleneck (path.c's link 0, rate_bps > 0):
 *   - the link counts its busy time: every packet's serialisation time, added
 *     when it leaves (rx_link_on_depart);
 *   - T2: the first retransmission of the flow (a data packet with tx_no >= 2,
 *     a probe that resends data included) that leaves the bottleneck after
 *     the episode began;
 *   - the period ends when the first new packet of the flow that the
 *     receive window admitted (tx_no = 1, not a path's duplicate copy, not
 *     sent opportunistically past the window: cause 'new' or a new-data
 *     probe, packet flag RX_PF_OPP clear) leaves the bottleneck after T2:
 *     T5 of Fig. 1 (interpretation 6);
 *   - busy = the link's busy time over (T2, end], i.e. the serialisation of
 *     every packet that left in it (all flows; the first retransmission's own,
 *     which ends at T2, not; the new packet's, which ends at the end, in: the
 *     paper's "n-1 retransmitted packets and 1 new packet");
 *   - idle = (end - T2) - busy, utilisation = busy / (end - T2).  With
 *     same-sized packets busy = n / C, so busy / (busy + idle) = n / (n + C I)
 *     is eq. (8) exactly; with mixed sizes it is the time form of it.
 *
 * Interpretations:
 *  1. The numerator counts every flow's packets: the question is whether the
 *     link is idle (the paper's single flow makes them the same).
 *  2. A period belongs to the episode that opened it.  An episode that
 *     begins while an earlier period is still open (no new packet left yet)
 *     gets no period of its own; the open one runs on.  An RTO abandons an
 *     open period (the paper leaves timeouts out, §II.A).  A period still
 *     open when the run ends is not counted.
 *  3. The RTT spike: the largest RTT sample (struct rx_ack_info.rtt_ns) of
 *     the ACKs the sender takes in the Recovery state after the one that
 *     started it, over the base RTT (the smallest sample so far, s->cc.min_rtt_ns)
 *     when the episode ends.  The per-flow value is the largest episode's.
 *  4. The flow's utilisation is the mean of its periods' (each loss event
 *     weighs the same, as the paper averages over loss events); the
 *     aggregate form is 1 - recovery_idle_ms / recovery_period_ms.
 *  5. Where the link idled (the run view shades it): the paper gives I only
 *     as a length ("the minimum period the link is not transmitting
 *     packet").  The engine locates it: each departure's serialisation is
 *     [departure - its serialisation time, departure], back to back or not,
 *     so the link is idle from one departure to the next packet's first
 *     bit.  An idle stretch counts in an open period when it ends inside it
 *     (the packet that closes the period included), from T2 on: the
 *     stretches of (T2, end] then sum to idle_ns exactly (busy + idle =
 *     end - T2).  Each episode keeps their number (idle_gaps) and the
 *     RX_INTERVALS_MAX longest (idle_intervals_ns; equal lengths: the
 *     earlier), in time order: a period paced by ACKs idles between almost
 *     every pair of packets, hundreds of stretches a round trip, which a
 *     run's stored summary should not carry; the long stretches (a closed
 *     receive window, a stalled application) are the ones to see.  Every
 *     flow with an open period records the stretch (interpretation 1).
 *  6. Where the period ends with opportunistic retransmission (§IV,
 *     tcp.opportunistic_rtx).  §III's words, "the first new packet is sent
 *     by the bottleneck link (the time after or at T5 in Fig. 1)", were
 *     written for a sender that the receive window holds until the first
 *     retransmission is ACKed (T4) and whose first new packet then leaves
 *     the bottleneck at T5 = T2 + U (Theorem 1's proof: "the duration from
 *     T2 to T5 is equal to one round-trip propagation delay").  With
 *     opportunistic retransmission new packets are sent "during [T1, T4]
 *     ... irrespective of the AWnd" (§IV), right after the retransmissions;
 *     taking the first of them as the end would measure only the recovery
 *     algorithm's own sending rate over a few packets (rate-halving 1/2,
 *     PRR ssthresh/RecoverFS), not the link idle time the paper bounds.
 *     The paper keeps T5 for the optimised algorithms: §IV.A derives their
 *     minimum link idle time over the same period, and Theorem 6's eq. (13)
 *     (standard recovery with opportunistic retransmission; OCR'd as
 *     "min max 0.5 1 / , 0I U AW C", read as Imin = max{U - (0.5 AW - 1) / C,
 *     0}) still counts the round trip U, which only a period from T2 to
 *     T5 = T2 + U holds; the numerical 0.75 (RH, PRR) and 1 (QARR, BARR,
 *     Theorem 9: Imin = 0) of Tables 1-2 and 4-5 are over that span
 *     (Theorems 7-8's formulas are lost in the OCR).  So the
 *     engine ends the period at the first new packet the window admits,
 *     i.e. one the sender would have sent without opportunistic
 *     retransmission (transmission cause 'new', or a new-data probe; every
 *     opportunistic packet in between is busy time, not an end).  Without
 *     opportunistic retransmission no packet is opportunistic and the
 *     period is exactly the one before this rule (every golden trace and
 *     metric unchanged).
 */
#include <stdlib.h>
#include "sim.h"

static struct rx_rec_episode *episode(struct rx_sender *s, int64_t i)
{
	struct rx_flow_metrics *m = rx_snd_metrics(s);
	return i >= 0 && i < m->n_rec_episodes ? &m->rec_episodes[i] : NULL;
}

void rx_rm_enter(struct rx_sender *s)
{
	struct rx_flow_metrics *m = rx_snd_metrics(s);
	if (m->n_rec_episodes == s->rm_cap) {
		int64_t cap = s->rm_cap ? 2 * s->rm_cap : 4;
		struct rx_rec_episode *grown = realloc(m->rec_episodes, (size_t)cap * sizeof(*grown));
		if (!grown) {
			s->sim->oom = true;
			return;
		}
		m->rec_episodes = grown;
		s->rm_cap = cap;
	}
	struct rx_rec_episode *e = &m->rec_episodes[m->n_rec_episodes];
	*e = (struct rx_rec_episode){
		.enter_ns = s->sim->now_ns,
		.exit_ns = -1,
		.period_start_ns = -1,
		.period_end_ns = -1,
		.busy_ns = -1,
		.idle_ns = -1,
		.utilisation = -1,
		.rtt_max_ns = -1,
		.rtt_spike = -1,
		.idle_gaps = -1,
	};
	s->rm_cur = m->n_rec_episodes++;
	/* interpretation 2: a period opens only when none is open */
	if (!s->rm_state && s->sim->link[0].rate_bps > 0) {
		s->rm_state = RX_RM_WAIT_RTX;
		s->rm_ep = s->rm_cur;
	}
}

void rx_rm_rtt(struct rx_sender *s, int64_t rtt_ns)
{
	struct rx_rec_episode *e = episode(s, s->rm_cur);
	if (e && rtt_ns > e->rtt_max_ns)
		e->rtt_max_ns = rtt_ns;
}

void rx_rm_exit(struct rx_sender *s, bool rto)
{
	struct rx_rec_episode *e = episode(s, s->rm_cur);
	if (e && e->exit_ns < 0) {
		e->exit_ns = s->sim->now_ns;
		if (e->rtt_max_ns > 0 && s->cc.min_rtt_ns > 0)
			e->rtt_spike = (double)e->rtt_max_ns / (double)s->cc.min_rtt_ns;
	}
	if (rto)
		rx_rm_abandon(s);
}

/* an RTO abandons an open period (interpretation 2), in recovery or after it
 * (with opportunistic retransmission a period can outlast its episode) */
void rx_rm_abandon(struct rx_sender *s)
{
	if (s->rm_state == RX_RM_OPEN)
		s->sim->link[0].rm_open--;
	s->rm_state = RX_RM_NONE;
}

/* keep an idle stretch [from, to) of an open period: count it, and hold it
 * if it is among the RX_INTERVALS_MAX longest (interpretation 5) */
void rx_rm_keep_gap(struct rx_rec_episode *e, int64_t from_ns, int64_t to_ns)
{
	struct rx_intervals *iv = &e->idle_intervals_ns;
	e->idle_gaps++;
	int64_t k = iv->n;
	if (k == RX_INTERVALS_MAX) { /* replace the shortest (the earliest of equals), if shorter */
		k = 0;
		for (int64_t j = 1; j < RX_INTERVALS_MAX; j++)
			if (iv->end_ns[j] - iv->start_ns[j] < iv->end_ns[k] - iv->start_ns[k])
				k = j;
		if (to_ns - from_ns <= iv->end_ns[k] - iv->start_ns[k])
			return;
		/* keep time order: close the hole, append at the end */
		for (int64_t j = k; j + 1 < RX_INTERVALS_MAX; j++) {
			iv->start_ns[j] = iv->start_ns[j + 1];
			iv->end_ns[j] = iv->end_ns[j + 1];
		}
		k = RX_INTERVALS_MAX - 1;
	} else {
		iv->n++;
	}
	iv->start_ns[k] = from_ns;
	iv->end_ns[k] = to_ns;
}

/* the forward bottleneck idled over [from, to), to being a packet's first
 * bit: every open period holds the stretch (interpretation 5) */
void rx_rm_link_idle(struct rx_sim *sim, int64_t from_ns, int64_t to_ns)
{
	for (int i = 0; i < sim->n_flows; i++) {
		struct rx_sender *s = &sim->flows[i].snd;
		struct rx_rec_episode *e = s->rm_state == RX_RM_OPEN ? episode(s, s->rm_ep) : NULL;
		if (e)
			rx_rm_keep_gap(e, from_ns, to_ns);
	}
}

/* a packet of this flow leaves the forward bottleneck (its busy time counted) */
void rx_rm_on_depart(struct rx_sender *s, const struct rx_link *l, const struct rx_pkt *p)
{
	if ((p->flags & RX_PF_SYN) || p->is_dup_copy || !p->len_bytes)
		return;
	struct rx_rec_episode *e = episode(s, s->rm_ep);
	if (!e)
		return;
	if (s->rm_state == RX_RM_WAIT_RTX) {
		if (p->tx_no >= 2) { /* T2 */
			s->rm_state = RX_RM_OPEN;
			s->sim->link[0].rm_open++;
			s->sim->link[0].last_depart_ns = s->sim->now_ns; /* path.c keeps it while a period is open */
			e->period_start_ns = s->sim->now_ns;
			e->idle_gaps = 0;
			s->rm_busy_t2_ns = l->busy_ns;
		}
	} else if (p->tx_no == 1 && !(p->flags & RX_PF_OPP)) { /* T5: the first new packet the window admits */
		s->rm_state = RX_RM_NONE;
		s->sim->link[0].rm_open--;
		int64_t len = s->sim->now_ns - e->period_start_ns;
		e->period_end_ns = s->sim->now_ns;
		e->busy_ns = l->busy_ns - s->rm_busy_t2_ns;
		e->idle_ns = len - e->busy_ns;
		e->utilisation = len > 0 ? (double)e->busy_ns / (double)len : 1.0;
	}
}

/* the flow's totals, when the run ends */
void rx_rm_finish(struct rx_sender *s)
{
	struct rx_flow_metrics *m = rx_snd_metrics(s);
	double util_sum = 0;
	m->recovery_periods = 0;
	m->recovery_period_ms = m->recovery_idle_ms = 0;
	m->rtt_spike = -1;
	for (int64_t i = 0; i < m->n_rec_episodes; i++) {
		const struct rx_rec_episode *e = &m->rec_episodes[i];
		if (e->period_end_ns < 0) { /* interpretation 2: an abandoned or unfinished period has no stretches */
			m->rec_episodes[i].idle_gaps = -1;
			m->rec_episodes[i].idle_intervals_ns.n = 0;
		} else {
			m->recovery_periods++;
			m->recovery_period_ms += (double)(e->period_end_ns - e->period_start_ns) / 1e6;
			m->recovery_idle_ms += (double)e->idle_ns / 1e6;
			util_sum += e->utilisation;
		}
		if (e->rtt_spike > m->rtt_spike)
			m->rtt_spike = e->rtt_spike;
	}
	m->recovery_utilisation = m->recovery_periods ? util_sum / (double)m->recovery_periods : -1;
}
