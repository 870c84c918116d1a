/* rtt.c — RTT estimation and the RTO value.
 *
 * Profile 'rfc6298' (RFC 6298 §2): SRTT/RTTVAR with alpha = 1/8, beta = 1/4,
 * RTO = SRTT + max(G, 4 RTTVAR), clamped to [min_rto, max_rto] (1 s, 60 s).
 *
 * Profile 'linux': the estimator Linux runs (facts from its documented
 * behaviour, code written here): SRTT with gain 1/8; a mean deviation whose
 * growth is damped by 1/8 when the sample falls below SRTT; RTTVAR follows the
 * largest deviation seen in the last RTT and decays by 1/4 per RTT towards
 * it, but never below the minimum RTO (200 ms); RTO = SRTT + RTTVAR, capped at
 * 120 s.  The first sample R gives RTO = R + max(2R, 200 ms).
 *
 * Karn's rule and exponential backoff (RFC 6298 §5.5, §5.7) are applied by the
 * sender: only segments never retransmitted give samples, and a valid sample
 * clears the backoff.  All arithmetic is integer nanoseconds.
 */
#include "sim.h"

static void set_rto(struct rx_sender *s, int64_t base)
{
	if (base < s->min_rto_ns)
		base = s->min_rto_ns;
	if (base > s->max_rto_ns)
		base = s->max_rto_ns;
	s->rto_base_ns = base;
	int64_t rto = base;
	for (int i = 0; i < s->backoff && rto < s->max_rto_ns; i++)
		rto *= 2;
	s->rto_ns = rto > s->max_rto_ns ? s->max_rto_ns : rto;
}

void rx_rtt_init(struct rx_sender *s)
{
	const struct rx_flow_cfg *c = s->cfg;
	bool is_linux = c->rtt_profile == RX_RTT_LINUX;
	s->min_rto_ns = c->min_rto_ms >= 0 ? rx_ms_to_ns(c->min_rto_ms) : (is_linux ? 200 * RX_NS_PER_MS : RX_NS_PER_S);
	s->max_rto_ns =
		c->max_rto_ms > 0 ? rx_ms_to_ns(c->max_rto_ms) : (is_linux ? 120 * RX_NS_PER_S : 60 * RX_NS_PER_S);
	s->g_ns = rx_ms_to_ns(c->clock_granularity_ms);
	s->have_srtt = false;
	s->backoff = 0;
	/* RFC 6298 §2.1: RTO = 1 s until a sample; not clamped by min_rto */
	s->rto_base_ns = s->rto_ns = rx_ms_to_ns(c->initial_rto_ms);
}

/* RFC 6298 §5.7: the SYN was retransmitted, so data starts with RTO = 3 s */
void rx_rtt_syn_fallback(struct rx_sender *s)
{
	if (!s->have_srtt) {
		s->backoff = 0;
		s->rto_base_ns = s->rto_ns = rx_max64(3 * RX_NS_PER_S, s->rto_base_ns);
	}
}

static void sample_rfc6298(struct rx_sender *s, int64_t r)
{
	if (!s->have_srtt) {
		s->srtt_ns = r; /* (2.2) */
		s->rttvar_ns = r / 2;
	} else {
		int64_t err = s->srtt_ns - r; /* (2.3): RTTVAR uses the old SRTT */
		if (err < 0)
			err = -err;
		s->rttvar_ns = (3 * s->rttvar_ns + err) / 4;
		s->srtt_ns = (7 * s->srtt_ns + r) / 8;
	}
	set_rto(s, s->srtt_ns + rx_max64(s->g_ns, 4 * s->rttvar_ns));
}

static void sample_linux(struct rx_sender *s, int64_t m)
{
	if (!s->have_srtt) {
		s->srtt8_ns = 8 * m;
		s->mdev4_ns = 2 * m; /* mean deviation m/2, kept x4 */
		s->rttvar4_ns = rx_max64(s->mdev4_ns, s->min_rto_ns);
		s->mdev_max4_ns = s->rttvar4_ns;
		s->rtt_seq = s->snd_nxt;
	} else {
		int64_t err = m - s->srtt8_ns / 8;
		s->srtt8_ns += err; /* SRTT += err/8 (x8 scale) */
		if (err < 0) {
			err = -err - s->mdev4_ns / 4;
			if (err > 0)
				err /= 8; /* a falling RTT raises mdev slowly */
		} else {
			err -= s->mdev4_ns / 4;
		}
		s->mdev4_ns += err; /* mdev += (|err| - mdev)/4 (x4 scale) */
		if (s->mdev4_ns > s->mdev_max4_ns) {
			s->mdev_max4_ns = s->mdev4_ns;
			if (s->mdev_max4_ns > s->rttvar4_ns)
				s->rttvar4_ns = s->mdev_max4_ns;
		}
		if (s->snd_una > s->rtt_seq) { /* once per RTT */
			if (s->mdev_max4_ns < s->rttvar4_ns)
				s->rttvar4_ns -= (s->rttvar4_ns - s->mdev_max4_ns) / 4;
			s->rtt_seq = s->snd_nxt;
			s->mdev_max4_ns = s->min_rto_ns;
		}
	}
	s->srtt_ns = s->srtt8_ns / 8;
	s->rttvar_ns = s->rttvar4_ns / 4;
	int64_t base = s->srtt_ns + s->rttvar4_ns;
	/* the floor comes from RTTVAR >= min_rto, not from a clamp */
	s->rto_base_ns = base > s->max_rto_ns ? s->max_rto_ns : base;
	s->rto_ns = s->rto_base_ns;
	for (int i = 0; i < s->backoff && s->rto_ns < s->max_rto_ns; i++)
		s->rto_ns *= 2;
	if (s->rto_ns > s->max_rto_ns)
		s->rto_ns = s->max_rto_ns;
}

void rx_rtt_sample(struct rx_sender *s, int64_t rtt_ns)
{
	if (rtt_ns < 1)
		rtt_ns = 1;
	/* RFC 6298 §5.7 / Karn: a valid sample ends the backoff */
	s->backoff = 0;
	if (s->cfg->rtt_profile == RX_RTT_LINUX)
		sample_linux(s, rtt_ns);
	else
		sample_rfc6298(s, rtt_ns);
	s->have_srtt = true;
	s->cc.srtt_ns = s->srtt_ns;
	if (s->cc.min_rtt_ns == 0 || rtt_ns < s->cc.min_rtt_ns)
		s->cc.min_rtt_ns = rtt_ns;
}

/* RFC 6298 §5.5: double the RTO on expiry, up to max_rto */
void rx_rtt_backoff(struct rx_sender *s)
{
	s->backoff++;
	int64_t rto = s->rto_ns * 2;
	s->rto_ns = rto > s->max_rto_ns ? s->max_rto_ns : rto;
}
