/* cc.h — congestion-control ops (one file per algorithm under src/cc/).
 *
 * Congestion control sets the window; it never detects loss.  The core calls
 * these hooks on events it has already classified (new data ACKed, loss
 * detected, RTO, undo after a spurious retransmission).  Windows are in bytes;
 * algorithms that reason in segments convert with cc->mss_bytes.
 *
 * Order of the hooks on one ACK: in_ack (every ACK), then pkts_acked (if the
 * ACK gave a valid RTT sample), then cong_avoid (if it ACKed new data in
 * Open, Disorder or Loss), then the congestion state machine (set_state,
 * cwnd_event).  All three per-ACK hooks see the same struct rx_ack_sample,
 * except that cong_avoid's acked_bytes counts only newly cumulatively ACKed
 * bytes (see the field).
 *
 * A member may declare its own parameters (params, n_params, cfg_size): the
 * core then fills a block of cfg_size bytes with the declared defaults and the
 * scenario's overrides and points cc->cfg at it.  A member must treat
 * cc->cfg == NULL as "every parameter at its default".
 */
#ifndef REXSIM_CC_H
#define REXSIM_CC_H

#include <stddef.h>
#include <stdint.h>
#include "rexsim/ops.h"

struct rx_param; /* rexsim/params.h */

#define RX_CC_PRIV_SIZE 96

/* How slow start counts an ACK (the flow parameter tcp.slow_start, one
 * setting for every member: rx_slow_start() in src/cc/cc_helpers.h). */
enum rx_slow_start {
	RX_SS_RFC5681 = 0, /* cwnd += min(N, SMSS) per ACK (RFC 5681 §3.1 eq. 2) */
	RX_SS_BYTE_COUNTING, /* cwnd += the bytes newly delivered, at most L SMSS, up to ssthresh (RFC 3465) */
	RX_SS__COUNT
};

struct rx_cc {
	uint64_t cwnd_bytes;
	uint64_t ssthresh_bytes; /* UINT64_MAX-like "infinite" is RX_SSTHRESH_INF */
	uint32_t mss_bytes;
	uint64_t prior_cwnd_bytes; /* saved by the core before a reduction (for undo) */
	uint64_t prior_ssthresh_bytes;
	int64_t srtt_ns; /* read-only view of the estimator; 0 = no sample yet */
	int64_t min_rtt_ns; /* read-only: smallest RTT sample so far; 0 = none yet */
	/* read-only: the flow's slow start (enum rx_slow_start) and, for byte
	 * counting, RFC 3465's limit L in bytes (L x SMSS; 0 = no limit); set by
	 * the core before init, read through rx_slow_start() */
	int slow_start;
	uint64_t ss_limit_bytes;
	/* read-only: the member's own parameter block (struct of cfg_size bytes
	 * laid out as its params table says), or NULL = all defaults; set by the
	 * core before init and never changed during a run */
	const void *cfg;
	/* the member's declared variables (ops .vars), traced on change */
	int64_t vars[RX_MAX_VARS];
	_Alignas(8) unsigned char priv[RX_CC_PRIV_SIZE];
};

#define RX_SSTHRESH_INF (UINT64_C(1) << 40)

/* What the core knows about an ACK that advanced snd_una or SACKed data. */
struct rx_ack_sample {
	int64_t now_ns;
	/* in_ack and pkts_acked: the bytes the cumulative ACK advanced over
	 * (including bytes SACKed earlier) + newly SACKed bytes, so a byte SACKed
	 * earlier counts again when it is cumulatively ACKed (use the growth of
	 * delivered_bytes to count each byte once); cong_avoid: the bytes the
	 * cumulative ACK advanced over only */
	uint64_t acked_bytes;
	/* every hook: the bytes this ACK delivered, each counted once (newly
	 * SACKed bytes plus cumulatively ACKed bytes not SACKed before: the
	 * growth of delivered_bytes over this ACK); RFC 3465's N, which
	 * byte-counting slow start (rx_slow_start(), cc_helpers.h) counts */
	uint64_t newly_delivered_bytes;
	int64_t rtt_ns; /* valid sample per Karn's rule, or -1 */
	uint64_t in_flight_bytes; /* pipe before this ACK */
	int is_cwnd_limited; /* the sender was limited by cwnd, not by the app */
	/* Total bytes delivered to the receiver since the connection began,
	 * counted once each, after this ACK: cumulatively ACKed bytes plus bytes
	 * SACKed above snd_una (a SACKed byte counts when first SACKed, not again
	 * when cumulatively ACKed).  Monotonic.  0 while the core does not fill
	 * it. */
	uint64_t delivered_bytes;
	/* A delivery-rate sample (draft-cheng-iccrg-delivery-rate-estimation §3):
	 * for the most recently sent segment this ACK newly delivers, the bytes
	 * delivered between that segment's transmission and this ACK
	 * (delivered_bytes now - delivered_bytes when it was sent), over the
	 * interval max(send elapsed, ACK elapsed) in ns.  The rate is
	 * rate_delivered_bytes * 1e9 / rate_interval_ns bytes/s.
	 * rate_interval_ns <= 0 means no sample (the core gives -1, also when
	 * the interval is shorter than min RTT; a zero-initialised sample reads
	 * as none): members must then ignore both fields. */
	uint64_t rate_delivered_bytes;
	int64_t rate_interval_ns;
	/* 1 when this ACK ends a round trip: it cumulatively ACKs new data and
	 * snd_una reaches the snd_nxt recorded when the previous round began
	 * (the first ACK of new data ends the initial round); the core then
	 * records the current snd_nxt as the end of the new round.  At most one
	 * ACK per round has it; 0 on every other ACK (and on every ACK of a core
	 * that does not fill it). */
	int round_start;
};

/* cwnd_event() events */
enum rx_cc_event {
	/* a window reduction has ended: the sender leaves Recovery or CWR
	 * (after the core or the recovery family has set cwnd) */
	RX_CC_EV_COMPLETE_CWR = 0,
	/* a reduction was undone as spurious: the core has already set cwnd
	 * from undo_cwnd() and ssthresh back to prior_ssthresh_bytes */
	RX_CC_EV_SPURIOUS_UNDO,
	/* a retransmission timeout: the core has already called ssthresh() (on
	 * the first RTO of an episode) and set cwnd to the loss window */
	RX_CC_EV_LOSS,
	RX_CC_EV__COUNT
};

struct rx_cc_ops {
	const char *name; /* (required) unique, lower case */
	const char *label; /* (required) short human label, e.g. "Westwood+" */
	const char *doc; /* (required) one paragraph with citations, for the catalogue */
	/* (optional) the member's own parameters: rows with .section = 0,
	 * .key = short name (e.g. "alpha"), .offset into the cfg block */
	const struct rx_param *params;
	size_t n_params; /* (optional) rows in params; 0 if none */
	size_t cfg_size; /* (optional) bytes of the cfg block; required if n_params > 0 */
	/* (optional) variables it keeps in cc->vars[] for the trace (at most RX_MAX_VARS) */
	const struct rx_var_desc *vars;
	size_t n_vars;
	/* (optional) set up priv; cwnd/ssthresh already hold IW and infinity,
	 * cfg is already set */
	void (*init)(struct rx_cc *cc);
	/* (required) the slow-start threshold to use after a loss: returns bytes */
	uint64_t (*ssthresh)(struct rx_cc *cc, uint64_t flight_bytes, int64_t now_ns);
	/* (required) grow cwnd after an ACK in Open state (slow start and avoidance) */
	void (*cong_avoid)(struct rx_cc *cc, const struct rx_ack_sample *s);
	/* (optional) every ACK that advanced snd_una or SACKed data, in any
	 * state, before pkts_acked and cong_avoid (for rate and round tracking) */
	void (*in_ack)(struct rx_cc *cc, const struct rx_ack_sample *s);
	/* (optional) every ACK with a valid RTT sample, any state (for delay-based cc) */
	void (*pkts_acked)(struct rx_cc *cc, const struct rx_ack_sample *s);
	/* (optional) the congestion state is about to change (enum rx_ca_state) */
	void (*set_state)(struct rx_cc *cc, int new_state, int64_t now_ns);
	/* (optional) an event of enum rx_cc_event; may set cwnd and ssthresh */
	void (*cwnd_event)(struct rx_cc *cc, int ev);
	/* (required) cwnd to restore when a reduction is undone (spurious loss) */
	uint64_t (*undo_cwnd)(struct rx_cc *cc);
};

#endif
