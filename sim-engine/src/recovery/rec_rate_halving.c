/* rec_rate_halving.c — Rate-Halving (Mathis, Semke, Mahdavi, "The
 * Rate-Halving Algorithm for TCP Congestion Control",
 * draft-mathis-tcp-ratehalving-00, August 1999), in the form Linux ran it
 * before PRR, as RFC 6937 describes and tabulates it.
 *
 * Sources.  Only the draft's abstract could be read here (its body was not
 * in the stored copy): "The Rate-Halving algorithm adjusts the congestion
 * window by spacing transmissions at the rate of one data segment per two
 * segments acknowledged over the entire recovery period, thereby sustaining
 * the self-clocking of TCP and avoiding a burst."  RFC 6937 §1 ("Rate-Halving
 * sends data on alternate ACKs during recovery, such that after 1 RTT the
 * window has been halved") and §3.1 describe the Linux variant and give its
 * per-ACK tables ("Rate-Halving (Linux)"), which this file reproduces exactly
 * (tests/c/test_rec_rate_halving.c); §3.1 also says that variant "includes an
 * early version of the Conservative Reduction Bound" and that after a burst
 * loss "TCP will slowstart cwnd from 5 up to 10" once recovery completes.
 *
 * The algorithm (bytes; MSS = s->mss):
 *
 *   on entering the reduction: cwnd keeps its value; a counter of delivered
 *     bytes not yet "halved" starts at 0;
 *   on each ACK during the reduction, with DeliveredData D:
 *     (a) while cwnd > ssthresh: counter += D; for every 2 MSS in the
 *         counter, cwnd -= MSS (one segment sent per two delivered), never
 *         below ssthresh; once cwnd <= ssthresh the counter is dropped and
 *         cwnd is no longer decreased (the halving is complete);
 *     (b) bound: cwnd = MIN(cwnd, pipe + MSS) (the early conservative bound:
 *         at most one segment beyond what is in flight), at least one MSS;
 *   send quota: cwnd - pipe (segments go whenever pipe < cwnd);
 *   exit (recovery point reached, or CWR ended): cwnd = MIN(cwnd, ssthresh):
 *     the window is never raised at exit (after a burst loss the sender
 *     slow-starts from the reduced cwnd back to ssthresh, RFC 6937 §3.1).
 *
 * Interpretations, as in rec_prr.c: pipe is rx_snd_pipe(s) after the ACK
 * was taken and before anything is sent for it; DeliveredData = acked_bytes
 * + the signed change in SACKd (s->sacked_bytes, plus reno_dupacks * MSS
 * without SACK: one SMSS per duplicate ACK, RFC 6937 §2, and one SMSS for a
 * partial ACK, whose credit the core deflates as RFC 6582 §3.2 step 3
 * deflates cwnd), negative counts 0;
 * the ACK that triggered fast recovery is not passed to on_ack() by the core,
 * so enter() counts it as one MSS delivered and applies (a) and (b) for it
 * (RFC 6937 §3.1's table: at that ACK cwnd 20 -> 19 = pipe 18 + 1, and the
 * next ACK completes the first pair: 19 -> 18); the fast retransmission the
 * core then sends regardless of the quota simply raises pipe.  In CWR (no
 * retransmission; Linux ran its rate-halving for CWR too) the core passes the
 * ACK that started it to on_ack() right after enter(), so enter() counts
 * nothing and that ACK's DeliveredData is acked_bytes + newly_sacked_bytes.
 * No NextSeg rules 3 and 4 (next_seg NULL): lost segments and new data only,
 * as Linux.
 */
#include "../core/sim.h"

struct rate_halving {
	uint64_t pending_bytes; /* delivered bytes not yet matched by a cwnd decrement */
	uint64_t sackd_bytes; /* SACKd after the last ACK seen */
	uint8_t sackd_known; /* 0: the next ACK's previous SACKd is unknown (CWR) */
};
_Static_assert(sizeof(struct rate_halving) <= RX_REC_PRIV_SIZE, "rate_halving state exceeds RX_REC_PRIV_SIZE");

static struct rate_halving *priv(struct rx_sender *s)
{
	return rx_rec_priv(s);
}

static uint64_t sackd_now(const struct rx_sender *s)
{
	return s->sacked_bytes + s->reno_dupacks * s->mss;
}

/* (a) and (b) for one ACK that delivered delivered_bytes */
static void halve_step(struct rx_sender *s, uint64_t delivered_bytes)
{
	struct rate_halving *r = priv(s);
	uint64_t two = 2 * (uint64_t)s->mss;
	if (s->cc.cwnd_bytes > s->cc.ssthresh_bytes) {
		r->pending_bytes += delivered_bytes;
		while (r->pending_bytes >= two && s->cc.cwnd_bytes > s->cc.ssthresh_bytes) {
			r->pending_bytes -= two;
			s->cc.cwnd_bytes =
				rx_umax64(s->cc.cwnd_bytes - rx_umin64(s->mss, s->cc.cwnd_bytes), s->cc.ssthresh_bytes);
		}
	}
	if (s->cc.cwnd_bytes <= s->cc.ssthresh_bytes)
		r->pending_bytes = 0;
	uint64_t bound = rx_snd_pipe(s) + s->mss;
	s->cc.cwnd_bytes = rx_umax64(rx_umin64(s->cc.cwnd_bytes, bound), s->mss);
}

static void enter(struct rx_sender *s, int reduction, int64_t now)
{
	(void)now;
	struct rate_halving *r = priv(s);
	r->pending_bytes = 0;
	r->sackd_bytes = sackd_now(s);
	if (reduction == RX_RED_RECOVERY) {
		r->sackd_known = 1;
		halve_step(s, s->mss); /* the ACK that triggered recovery */
	} else {
		r->sackd_known = 0;
	}
}

static void on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	struct rate_halving *r = priv(s);
	uint64_t sackd = sackd_now(s);
	int64_t delivered;
	if (r->sackd_known)
		delivered = (int64_t)ai->acked_bytes + ((int64_t)sackd - (int64_t)r->sackd_bytes);
	else
		delivered = (int64_t)(ai->acked_bytes + ai->newly_sacked_bytes);
	r->sackd_bytes = sackd;
	r->sackd_known = 1;
	halve_step(s, delivered > 0 ? (uint64_t)delivered : 0);
}

static uint64_t send_quota(struct rx_sender *s)
{
	uint64_t pipe = rx_snd_pipe(s);
	return s->cc.cwnd_bytes > pipe ? s->cc.cwnd_bytes - pipe : 0;
}

static void rec_exit(struct rx_sender *s, int reduction, int64_t now)
{
	(void)reduction;
	(void)now;
	s->cc.cwnd_bytes = rx_umax64(rx_umin64(s->cc.cwnd_bytes, s->cc.ssthresh_bytes), s->mss);
}

const struct rx_recovery_ops rx_rec_rate_halving = {
	.name = "rate_halving",
	.label = "Rate-Halving",
	.doc = "Rate-Halving (Mathis, Semke, Mahdavi, draft-mathis-tcp-ratehalving-00, 1999; the Linux variant "
	       "RFC 6937 §3.1 tabulates): during fast recovery and CWR cwnd drops by one segment for every two "
	       "segments delivered until it reaches ssthresh, so one segment is sent per two ACKed over the whole "
	       "recovery instead of a half window of silence; cwnd is also bounded by pipe + 1 segment. Sends lost "
	       "segments and new data; on exit cwnd = min(cwnd, ssthresh), so after a burst loss the sender "
	       "slow-starts back to ssthresh.",
	.enter = enter,
	.on_ack = on_ack,
	.send_quota = send_quota,
	.exit = rec_exit,
};
