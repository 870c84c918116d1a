/* lossdet.h — loss detection (one file per detector under src/lossdet/).
 *
 * A loss detector decides which outstanding segments are lost (it marks them
 * with rx_sb_mark_lost()) and whether fast recovery must start.  It never
 * changes cwnd or ssthresh and never sends: the congestion-state machine
 * (src/core/castate.c) acts on its verdict, and the recovery family decides
 * how much is sent.  It may own one timer of the sender's timer slot (the
 * delayed Early Retransmit, RACK's reorder timer), armed with rx_slot_arm()
 * and handed back through on_timer().
 */
#ifndef REXSIM_LOSSDET_H
#define REXSIM_LOSSDET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rexsim/ops.h"

struct rx_sender;
struct rx_param; /* rexsim/params.h */

#define RX_LD_PRIV_SIZE 64 /* RACK's state (ld_rack.c) needs more than 32 */

enum rx_ld_verdict {
	RX_LD_NONE = 0, /* no recovery (marks may have changed) */
	RX_LD_FAST, /* fast retransmit: enter recovery (RFC 5681 §3.2, RFC 6675 §5) */
	RX_LD_EARLY, /* early retransmit: enter recovery (RFC 5827) */
};

struct rx_lossdet_ops {
	const char *name; /* (required) unique, lower case */
	const char *label; /* (required) short human label */
	const char *doc; /* (required) one paragraph with citations */
	/* (optional) the member's own parameters (rexsim/params.h rows with
	 * .section = 0, .key = short name, .offset into its cfg block of
	 * cfg_size bytes); the core fills the block with the declared defaults
	 * and the scenario's values; NULL cfg means every default */
	const struct rx_param *params;
	size_t n_params;
	size_t cfg_size;
	/* true for a detector that judges by time (RACK): on_ack() runs on
	 * every ACK in the Open, Disorder and CWR states while data is
	 * outstanding, not only on duplicate ACKs and while SACKed data remains;
	 * and its timer in the slot is not displaced by the transmissions that
	 * follow (rx_slot_rearm(): only loss detection itself, an ACK of new data
	 * or an RTO replace it).  false: neither. */
	bool time_based;
	/* (optional) set up its private state */
	void (*init)(struct rx_sender *s);
	/* (optional) every ACK of data, in any state, after the timer policy's
	 * on_ack() and before the congestion-state machine: the detector's own
	 * bookkeeping (RACK: the most recently delivered segment, reordering and
	 * D-SACK rounds, RFC 8985 §6.2 steps 1-4).  It marks nothing. */
	void (*observe)(struct rx_sender *s, const struct rx_ack_info *ai);
	/* (required) an ACK, after the scoreboard took it.  In the Open,
	 * Disorder and CWR states with something to detect it returns a verdict;
	 * in Recovery and Loss it only marks (its verdict is ignored). */
	int (*on_ack)(struct rx_sender *s, const struct rx_ack_info *ai);
	/* (optional) its timer fired (slot kind RX_TMR_ER), in any state with
	 * data outstanding; returns a verdict, which starts recovery from the
	 * Open, Disorder and CWR states (in Recovery and Loss it only marks) */
	int (*on_timer)(struct rx_sender *s);
	/* (optional) an RTO fired: every outstanding segment is now marked lost */
	void (*on_rto)(struct rx_sender *s);
	/* (optional) the one undo path (castate.c rx_cs_undo) cleared the lost
	 * marks of the segments never retransmitted: marks the detector records
	 * as already applied (a cursor) must be derived again from the scoreboard */
	void (*on_undo)(struct rx_sender *s);
	/* (optional) in Recovery, this ACK took snd.una to the recovery point or
	 * beyond: true keeps the connection in Recovery for it (a detector's
	 * rule of when recovery ends, e.g. Linux's NewReno); NULL or false: the
	 * reduction ends (RFC 6582 §3.2 step 3, RFC 6675 §5) */
	bool (*holds_recovery)(struct rx_sender *s, const struct rx_ack_info *ai);
};

#endif
