/* cc.h — congestion-control ops (one file per algorithm under src/cc/).
 *
 * Congestion control sets the window; it never detects loss.  The core calls
 * these hooks on events it has already classified (new data ACKed, loss
 * detected, RTO, undo after a spurious retransmission).  Windows are in bytes;
 * algorithms that reason in segments convert with cc->mss_bytes.
 */
#ifndef REXSIM_CC_H
#define REXSIM_CC_H

#include <stdint.h>

#define RX_CC_PRIV_SIZE 96

struct rx_cc {
	uint64_t cwnd_bytes;
	uint64_t ssthresh_bytes;      /* UINT64_MAX-like "infinite" is RX_SSTHRESH_INF */
	uint32_t mss_bytes;
	uint64_t prior_cwnd_bytes;    /* saved by the core before a reduction (for undo) */
	uint64_t prior_ssthresh_bytes;
	int64_t srtt_ns;              /* read-only view of the estimator */
	int64_t min_rtt_ns;
	_Alignas(8) unsigned char priv[RX_CC_PRIV_SIZE];
};

#define RX_SSTHRESH_INF (UINT64_C(1) << 40)

/* What the core knows about an ACK that advanced snd_una or SACKed data. */
struct rx_ack_sample {
	int64_t now_ns;
	uint64_t acked_bytes;       /* newly cumulatively ACKed + newly SACKed */
	int64_t rtt_ns;             /* valid sample per Karn's rule, or -1 */
	uint64_t in_flight_bytes;   /* pipe before this ACK */
	int is_cwnd_limited;        /* the sender was limited by cwnd, not by the app */
};

struct rx_cc_ops {
	const char *name;        /* (required) unique, lower case */
	const char *doc;         /* (required) one paragraph with citations, for the catalogue */
	/* (optional) set up priv; cwnd/ssthresh already hold IW and infinity */
	void (*init)(struct rx_cc *cc);
	/* (required) the slow-start threshold to use after a loss: returns bytes */
	uint64_t (*ssthresh)(struct rx_cc *cc, uint64_t flight_bytes, int64_t now_ns);
	/* (required) grow cwnd after an ACK in Open state (slow start and avoidance) */
	void (*cong_avoid)(struct rx_cc *cc, const struct rx_ack_sample *s);
	/* (optional) every ACK with a valid RTT sample, any state (for delay-based cc) */
	void (*pkts_acked)(struct rx_cc *cc, const struct rx_ack_sample *s);
	/* (optional) the congestion state is about to change (enum rx_ca_state) */
	void (*set_state)(struct rx_cc *cc, int new_state, int64_t now_ns);
	/* (required) cwnd to restore when a reduction is undone (spurious loss) */
	uint64_t (*undo_cwnd)(struct rx_cc *cc);
};

#endif
