/* rtt.c — RTT estimation and the RTO value.
 *
 * Profile 'rfc6298' (RFC 6298 §2): SRTT/RTTVAR with alpha = 1/8, beta = 1/4,
 * RTO = SRTT + max(G, 4 RTTVAR), clamped to [min_rto, max_rto] (1 s, 60 s).
 * Which ACKs give it samples (RFC 6298 §3, RFC 7323 §4.1 and Appendix G) is
 * the profile's sampling rule, in rx_rtt_on_ack() below:
 *   - without timestamps, one measurement at a time (once per RTT): a
 *     segment is timed from its transmission until it is acknowledged,
 *     cumulatively or by SACK, and the next segment sent after that is timed
 *     next;
 *   - with timestamps, every ACK that advances SND.UNA, with alpha and beta
 *     divided by ExpectedSamples = ceil(FlightSize / (2 SMSS)).
 *
 * Profile 'linux': the estimator Linux runs (facts from its documented
 * behaviour, code written here): SRTT with gain 1/8; a mean deviation whose
 * growth is damped by 1/8 when the sample falls below SRTT; RTTVAR follows the
 * largest deviation seen in the last RTT and decays by 1/4 per RTT towards
 * it, but never below the minimum RTO (200 ms); RTO = SRTT + RTTVAR, capped at
 * 120 s.  The first sample R gives RTO = R + max(2R, 200 ms).  It takes every
 * Karn-valid sample, cumulative or SACK, as Linux does.
 *
 * The kernel tick (tcp.hz, a tick T = 1/hz; tslot.c has the timer rules).
 * The linux profile holds its RTO in whole ticks, as Linux holds its RTO in
 * jiffies: RTO = ceil((SRTT + RTTVAR) / T) T, rounded up as the kernel's
 * microseconds-to-jiffies conversion rounds; SRTT and RTTVAR stay exact (the
 * kernel measures RTT in microseconds, not in ticks).  Backoff doubles that
 * whole number of ticks; the initial RTO (1 s), the 3 s after a lost SYN and
 * the maximum (120 s) are whole ticks too (a user's maximum or initial RTO
 * is rounded up to one).  Figures (HZ 250, shared/linux-reference,
 * rto-backoff-1seg-nosack): tcpi_rto 304, 608, 1216, 2432, 4864 ms, i.e. 76
 * ticks doubled four times.  76 ticks = 304 ms says the kernel's SRTT +
 * RTTVAR was above 300 ms.  With one sample R that sum is R + max(2R, 200 ms):
 * at most 300 ms for R <= 100 ms, 3R above, so R was in (100, 101.3] ms, a
 * little above the script's 100 ms (packetdrill injects its ACK a little
 * after the scripted time), and any excess rounds up to the next tick.  At
 * exactly 100 ms the rule gives 75 ticks (300 ms), then 600, 1200 ms; the
 * engine's reference scenarios carry the lag (TOOL_LAG_MS in
 * python/rexsim/linux_reference.py).  When the RTO fires is the slot's rule
 * 2, one tick after its count: 307.9 ms after the send in the engine's
 * scenario of that script, +335 ms in the kernel, whose timer wheel fires a
 * timer that long up to 7 ticks later still (not modelled).
 *
 * The rfc6298 profile keeps RFC 6298's value: the RFC names no tick, its
 * clock granularity is G (tcp.clock_granularity_ms, RFC 6298 §4, set it to
 * the tick to model one there), and its backoff doubles that value.  A tick
 * still changes when its timers fire, since the slot holds every timer in
 * whole ticks whichever the profile (rules 1 and 2, tslot.c).
 *
 * Karn's rule and exponential backoff (RFC 6298 §5.5, §5.7): only segments
 * never retransmitted give samples (the scoreboard offers an ACK's sample only
 * then), and an ACK with a valid sample clears the backoff.  All arithmetic is
 * integer nanoseconds.
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
	if (is_linux && s->tick_ns) { /* whole ticks, as the kernel holds them */
		s->max_rto_ns = rx_tick_ceil(s, s->max_rto_ns);
		s->rto_base_ns = s->rto_ns = rx_tick_ceil(s, s->rto_ns);
	}
}

/* RFC 6298 §5.7: the SYN was retransmitted, so data starts with RTO = 3 s */
void rx_rtt_syn_fallback(struct rx_sender *s)
{
	if (!s->have_srtt) {
		s->backoff = 0;
		s->rto_base_ns = s->rto_ns = rx_max64(3 * RX_NS_PER_S, s->rto_base_ns);
	}
}

/* RFC 6298 (2.2)/(2.3) with alpha = 1/(8n), beta = 1/(4n): n = 1 is RFC
 * 6298 itself; n > 1 is RFC 7323 Appendix G's alpha' = alpha /
 * ExpectedSamples, beta' = beta / ExpectedSamples. */
static void sample_rfc6298(struct rx_sender *s, int64_t r, int64_t n)
{
	if (!s->have_srtt) {
		s->srtt_ns = r; /* (2.2) */
		s->rttvar_ns = r / 2;
	} else {
		int64_t err = s->srtt_ns - r; /* (2.3): RTTVAR uses the old SRTT */
		if (err < 0)
			err = -err;
		/* RTTVAR <- (1 - beta') RTTVAR + beta' |SRTT - R'|
		 * SRTT <- (1 - alpha') SRTT + alpha' R' */
		s->rttvar_ns = ((4 * n - 1) * s->rttvar_ns + err) / (4 * n);
		s->srtt_ns = ((8 * n - 1) * s->srtt_ns + r) / (8 * n);
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
	/* in whole ticks with a kernel tick (the RTO Linux holds in jiffies) */
	int64_t base = rx_tick_ceil(s, s->srtt_ns + s->rttvar4_ns);
	/* the floor comes from RTTVAR >= min_rto, not from a clamp */
	s->rto_base_ns = base > s->max_rto_ns ? s->max_rto_ns : base;
	s->rto_ns = s->rto_base_ns;
	for (int i = 0; i < s->backoff && s->rto_ns < s->max_rto_ns; i++)
		s->rto_ns *= 2;
	if (s->rto_ns > s->max_rto_ns)
		s->rto_ns = s->max_rto_ns;
}

/* Fold one measurement into the estimator; n: RFC 7323 App. G's
 * ExpectedSamples (1 = plain RFC 6298; the linux profile ignores it). */
static void fold(struct rx_sender *s, int64_t rtt_ns, int64_t n)
{
	if (rtt_ns < 1)
		rtt_ns = 1;
	/* RFC 6298 §5.7 / Karn: a valid sample ends the backoff */
	s->backoff = 0;
	if (s->cfg->rtt_profile == RX_RTT_LINUX)
		sample_linux(s, rtt_ns);
	else
		sample_rfc6298(s, rtt_ns, n);
	s->have_srtt = true;
	s->cc.srtt_ns = s->srtt_ns;
}

static void note_min_rtt(struct rx_sender *s, int64_t rtt_ns)
{
	if (rtt_ns < 1)
		rtt_ns = 1;
	if (s->cc.min_rtt_ns == 0 || rtt_ns < s->cc.min_rtt_ns)
		s->cc.min_rtt_ns = rtt_ns;
}

/* One measurement taken outside the per-ACK rule: the handshake's. */
void rx_rtt_sample(struct rx_sender *s, int64_t rtt_ns)
{
	fold(s, rtt_ns, 1);
	note_min_rtt(s, rtt_ns);
}

/* The rfc6298 profile without timestamps times one segment at a time: the
 * first segment sent while none is timed.  A retransmission of the timed
 * segment ends its timing (Karn: RFC 6298 §3, "RTT samples MUST NOT be made
 * using segments that were retransmitted"). */
void rx_rtt_on_xmit(struct rx_sender *s, uint64_t idx, uint32_t tx_count)
{
	if (tx_count == 1) {
		if (!s->rtt_timed_idx) {
			s->rtt_timed_idx = idx;
			s->rtt_timed_tx_ns = s->sim->now_ns;
		}
	} else if (idx == s->rtt_timed_idx) {
		s->rtt_timed_idx = 0;
	}
}

/* Per ACK, after the scoreboard: ai->rtt_ns is the ACK's Karn-valid sample
 * (the oldest newly acknowledged segment never retransmitted), or -1.  It
 * always feeds min RTT and congestion control; which ACKs the RTO estimator
 * takes is the profile's rule:
 *
 * rfc6298 without timestamps.  RFC 6298 §3: "Traditionally, TCP
 * implementations have taken one RTT measurement at a time (typically, once
 * per RTT). [...] A TCP implementation MUST take at least one RTT measurement
 * per RTT (unless that is not possible per Karn's algorithm)."  And: "when
 * multiple samples are taken per RTT, the alpha and beta defined in Section
 * 2 may keep an inadequate RTT history."  Without timestamps the alpha and
 * beta of §2 stay, so the samples must be one per RTT: the timed segment's,
 * when an ACK acknowledges it (cumulatively or by SACK) and the scoreboard
 * finds that ACK unambiguous.
 *
 * rfc6298 with timestamps.  RFC 6298 §3: "when using the timestamp option,
 * each ACK can be used as an RTT sample"; RFC 7323 §4.1 (RTTM rule): "A TSecr
 * value received in a segment MAY be used to update the averaged RTT
 * measurement only if the segment advances the left edge of the send window,
 * i.e., SND.UNA is increased."; and RFC 7323 Appendix G keeps the history of
 * RFC 6298 with many samples per window: "ExpectedSamples = ceiling(FlightSize
 * / (SMSS * 2)); alpha' = alpha / ExpectedSamples; beta' = beta /
 * ExpectedSamples [...] Instead of using alpha and beta in the algorithm of
 * [RFC6298], use alpha' and beta' instead [...] (for each sample R')".  So
 * every ACK that advances SND.UNA with a valid sample is taken, with
 * FlightSize = SND.NXT - SND.UNA when the ACK arrives (the data it found
 * outstanding).  The sample is the send time of the oldest newly acknowledged
 * segment, what TSecr echoes for it (RFC 7323 §4.3) on a clock of
 * nanoseconds; Karn's rule is kept even so (no sample from an ACK that
 * covers a retransmission), which RFC 6298 §3 would allow with timestamps.
 *
 * linux: every valid sample, cumulative or SACK (the estimator itself tracks
 * the deviation per RTT). */
/* The Eifel response's RTO adaptation (RFC 4015, tcp.spurious_response
 * rfc4015; castate.c takes the snapshot and sets sp_rto_rebase).
 *
 * Sources.  The RFC's own text of this step is not available here (every
 * stored copy of RFC 4015 ends in §1); its step (1) is, quoted verbatim in
 * public code: "Before the variables cwnd and ssthresh get updated when loss
 * recovery is initiated: pipe_prev <- max (FlightSize, ssthresh); SRTT_prev
 * <- SRTT + (2 * G); RTTVAR_prev <- RTTVAR".  The adaptation itself is taken
 * from two secondary sources that agree: TCP/IP Illustrated Vol. 1 (2nd ed.,
 * §14.7.4), as summarised in study notes: once an RTT sample m is taken from
 * the first acceptable ACK for data sent after the timeout, "srtt <-
 * max(srtt_prev, m), rttvar <- max(rttvar_prev, m/2), RTO = srtt + max(G,
 * 4 rttvar)"; and DragonFly BSD's Eifel response, which does the same on the
 * first RTT sample of an ACK beyond the SND.MAX of the timeout.  PLEASE CHECK
 * against RFC 4015 §3 when its text can be read.
 *
 * Interpretations:
 *  E1. "Data sent after the timeout": the ACK's sample must be of such data,
 *      so the ACK starts at or above the SND.MAX of the timeout (prior_una >=
 *      sp_snd_max_prev) and acknowledges new data with a Karn-valid sample;
 *      an ACK that also covers older data gives no rebase (its sample, the
 *      oldest newly acknowledged segment's, would be of the old data).
 *  E2. The rebase replaces the estimator's own update for that sample; the
 *      samples folded before it (the delayed originals' ACKs) are discarded
 *      with SRTT and RTTVAR, which is what taking the max with the snapshot
 *      of the timeout means.  RTO = SRTT + max(G, 4 RTTVAR), clamped to
 *      [min_rto, max_rto] as every RFC 6298 RTO (set_rto), backoff cleared.
 *  E3. The rfc6298 estimator only: the linux estimator keeps other state
 *      (mdev, mdev_max), and Linux has no Eifel response; with rtt_profile
 *      linux the response sets cwnd and ssthresh only (castate.c). */
static bool eifel_rebase(struct rx_sender *s, const struct rx_ack_info *ai)
{
	if (!s->sp_rto_rebase || ai->rtt_ns < 0 || ai->acked_bytes == 0 || ai->prior_una < s->sp_snd_max_prev)
		return false;
	int64_t m = ai->rtt_ns < 1 ? 1 : ai->rtt_ns;
	s->sp_rto_rebase = false;
	s->backoff = 0;
	s->srtt_ns = rx_max64(s->sp_srtt_prev_ns, m);
	s->rttvar_ns = rx_max64(s->sp_rttvar_prev_ns, m / 2);
	s->cc.srtt_ns = s->srtt_ns;
	s->rtt_timed_idx = 0; /* the timed segment's sample is this one */
	set_rto(s, s->srtt_ns + rx_max64(s->g_ns, 4 * s->rttvar_ns));
	return true;
}

void rx_rtt_on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	if (ai->rtt_ns >= 0) {
		note_min_rtt(s, ai->rtt_ns);
		if (s->backoff) { /* Karn: a valid sample ends the backoff */
			s->backoff = 0;
			s->rto_ns = s->rto_base_ns;
		}
	}
	if (s->sp_rto_rebase && eifel_rebase(s, ai))
		return;
	if (s->cfg->rtt_profile == RX_RTT_LINUX) {
		if (ai->rtt_ns >= 0)
			fold(s, ai->rtt_ns, 1);
		return;
	}
	if (s->cfg->timestamps) {
		if (ai->rtt_ns < 0 || ai->acked_bytes == 0)
			return;
		uint64_t flight = s->snd_nxt - ai->prior_una, two_smss = 2 * (uint64_t)s->mss;
		int64_t n = (int64_t)((flight + two_smss - 1) / two_smss);
		fold(s, ai->rtt_ns, n < 1 ? 1 : n);
		return;
	}
	uint64_t idx = s->rtt_timed_idx;
	if (!idx || (idx >= s->una_idx && !rx_seg_at(s, idx)->sacked))
		return; /* nothing timed, or not yet acknowledged */
	s->rtt_timed_idx = 0;
	if (ai->rtt_ns >= 0)
		fold(s, ai->now_ns - s->rtt_timed_tx_ns, 1);
}

/* RFC 6298 §5.5: double the RTO on expiry, up to max_rto */
void rx_rtt_backoff(struct rx_sender *s)
{
	s->backoff++;
	int64_t rto = s->rto_ns * 2;
	s->rto_ns = rto > s->max_rto_ns ? s->max_rto_ns : rto;
}
