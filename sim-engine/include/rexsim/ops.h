/* ops.h — what every mechanism family shares: the ops ABI version and the one
 * per-ACK record (struct rx_ack_info) that the core's per-ACK pipeline hands
 * to each family in turn (docs/architecture.md):
 *
 *   scoreboard -> RTT -> spurious -> cc -> timer -> castate (lossdet,
 *   recovery) -> push -> timer slot
 *
 * Mechanisms read the sender through the accessors of src/core/sim.h and act
 * on it only through the core's actions (rx_sb_mark_lost, rx_cs_enter_cwr,
 * rx_slot_arm, ...): a family never writes another family's state.
 */
#ifndef REXSIM_OPS_H
#define REXSIM_OPS_H

#include <stdint.h>

/* Bumped whenever an ops header (cc.h, timer.h, recovery.h, lossdet.h,
 * spurious.h, stage.h, ops.h) changes a member or a record; the registry
 * test asserts the value it was written for. */
#define RX_OPS_ABI 9

enum rx_ack_flags {
	RX_ACKF_DSACK = 1, /* the ACK carries a D-SACK block (RFC 2883) */
	RX_ACKF_ADVANCED = 2, /* it advanced snd_una */
	RX_ACKF_SACKED = 4, /* it SACKed new data */
	RX_ACKF_DUP = 8, /* it counted as a duplicate ACK (RFC 5681 §2, RFC 6675 §2) */
};

/* Why a segment is sent: the cause of every transmission. */
enum rx_tx_cause {
	RX_TXC_NEW = 0, /* new data */
	RX_TXC_FAST, /* fast retransmit on entering recovery (RFC 5681 §3.2, RFC 6675 (4.3)) */
	RX_TXC_EARLY, /* early retransmit on entering recovery (RFC 5827) */
	RX_TXC_LOST, /* a segment marked lost, during recovery (RFC 6675 NextSeg rule 1) */
	RX_TXC_RULE3, /* RFC 6675 NextSeg rule 3: a hole below the highest SACK */
	RX_TXC_RESCUE, /* RFC 6675 NextSeg rule 4: the rescue retransmission */
	RX_TXC_RTO, /* the retransmission on RTO expiry (RFC 6298 (5.4)) */
	RX_TXC_LOSS, /* a later retransmission in the Loss state (slow start after RTO) */
	RX_TXC_PROBE, /* a tail loss probe (paper §2.2, RFC 8985 §7) */
	RX_TXC_OPPORTUNISTIC, /* new data past the receive window in recovery (opportunistic-rtx paper §IV) */
	RX_TXC_WINDOW_PROBE, /* a zero-window probe (RFC 9293 §3.8.6.1) */
	RX_TXC_HACK1, /* the head again on plain duplicate ACKs in recovery (opportunistic-retransmission paper §VIII, Hack 1; src/core/hack1.c) */
	RX_TXC__COUNT
};

/* A mechanism variable a member declares (ops .vars, .n_vars) and keeps up
 * to date in its family's vars array (struct rx_cc.vars for congestion
 * control, rx_rec_vars(s) for recovery); the core traces every change to the
 * trace's vars side table, so the dashboard can plot it without new code. */
#define RX_MAX_VARS 4
struct rx_var_desc {
	const char *name; /* e.g. "bwe_bytes_per_s" */
	const char *label; /* e.g. "Bandwidth estimate" */
	const char *unit; /* "bytes/s", "bytes", "ns", "" */
	const char *doc;
};

/* The one per-ACK record.  Filled by the core before any family sees the ACK;
 * read-only for mechanisms. */
struct rx_ack_info {
	int64_t now_ns;
	uint64_t ack; /* cumulative ACK, clamped to snd_nxt */
	uint64_t prior_una; /* snd_una before this ACK */
	uint64_t acked_bytes; /* newly cumulatively acknowledged */
	uint64_t newly_sacked_bytes; /* newly SACKed (D-SACK blocks excluded) */
	/* delivered by this ACK, each byte once: newly SACKed bytes plus the
	 * cumulatively ACKed bytes that were not SACKed before (the growth of
	 * the delivered count, struct rx_ack_sample.delivered_bytes); the N of
	 * RFC 3465 byte counting */
	uint64_t newly_delivered_bytes;
	uint64_t prior_pipe_bytes; /* pipe (RFC 6675 SetPipe) before this ACK */
	int64_t rtt_ns; /* RTT sample valid under Karn's rule, or -1 */
	uint32_t tsecr; /* echoed timestamp (RFC 7323), ms ticks; 0 if none */
	int flags; /* enum rx_ack_flags */
	uint64_t dsack_start, dsack_end; /* the D-SACK range when flags has RX_ACKF_DSACK */
	/* Of the segments this ACK newly delivered (cumulatively ACKed or
	 * SACKed), the most recently sent one whose delivery is unambiguous,
	 * RFC 8985 §6.2 step 2: "ignore a segment as invalid if any of its
	 * sequence range has been retransmitted before and if either of two
	 * conditions is true: 1. The Timestamp Echo Reply field (TSecr) of the
	 * ACK's timestamp option [RFC7323], if available, indicates the ACK was
	 * not acknowledging the last retransmission of the segment. 2. The
	 * segment was last retransmitted less than RACK.min_rtt ago."  "Most
	 * recently sent" is the order of the latest transmissions: its time
	 * (newest_tx_ns, RACK.xmit_ts) and, within one instant, the sender's
	 * transmission count (newest_tx_order), where the RFC, for clocks too
	 * coarse to tell, compares end sequences.  min_RTT is the smallest RTT
	 * sample before this ACK (the pipeline takes this ACK's own sample after
	 * the scoreboard).  newest_tx_ns = -1: none. */
	int64_t newest_tx_ns;
	uint64_t newest_tx_order;
	/* the lowest end sequence of a never-retransmitted segment this ACK
	 * newly delivered (RFC 8985 §6.2 step 3's reordering test); 0 = none */
	uint64_t orig_low_end_seq;
};

#endif
