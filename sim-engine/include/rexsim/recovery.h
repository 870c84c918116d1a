/* recovery.h — window management during fast recovery and CWR (src/recovery/).
 *
 * Loss detection (src/lossdet/) decides *when* recovery starts and *which*
 * segments are lost; a recovery algorithm decides *how much* may be sent
 * while the window is being reduced (RFC 6675 pipe, rate-halving, PRR, ...),
 * in fast recovery and in CWR (a reduction without retransmission, e.g.
 * after a loss a probe repaired), and may choose segments beyond the lost
 * ones (RFC 6675 NextSeg rules 3 and 4).  It reads ssthresh, which
 * congestion control set, and never picks it itself.
 */
#ifndef REXSIM_RECOVERY_H
#define REXSIM_RECOVERY_H

#include <stddef.h>
#include <stdint.h>
#include "rexsim/ops.h"

struct rx_sender;
struct rx_param; /* rexsim/params.h */

#define RX_REC_PRIV_SIZE 64

/* which reduction is running */
enum rx_reduction { RX_RED_RECOVERY = 0, RX_RED_CWR };

/* why a segment was sent during a reduction (see enum rx_tx_cause) */
struct rx_recovery_ops {
	const char *name; /* (required) */
	const char *label; /* (required) short human label */
	const char *doc; /* (required) */
	/* (optional) the member's own parameters (rexsim/params.h rows with
	 * .section = 0, .key = short name, .offset into its cfg block of
	 * cfg_size bytes); the core fills the block with the declared defaults
	 * and the scenario's values; NULL cfg means every default */
	const struct rx_param *params;
	size_t n_params;
	size_t cfg_size;
	/* (optional) variables it keeps in rx_rec_vars(s)[] for the trace */
	const struct rx_var_desc *vars;
	size_t n_vars;
	/* (required) a reduction starts (enum rx_reduction); ssthresh is already set by cc */
	void (*enter)(struct rx_sender *s, int reduction, int64_t now_ns);
	/* (required) an ACK arrived during the reduction (after the scoreboard
	 * and loss detection took it) */
	void (*on_ack)(struct rx_sender *s, const struct rx_ack_info *ai);
	/* (required) bytes the sender may transmit now (the core sends full segments) */
	uint64_t (*send_quota)(struct rx_sender *s);
	/* (optional) after lost segments and new data: one more segment to
	 * retransmit (segment index, 0 = none), with its cause (enum rx_tx_cause) */
	uint64_t (*next_seg)(struct rx_sender *s, int *cause);
	/* (optional) a segment was sent during the reduction: idx is its segment
	 * index, cause enum rx_tx_cause */
	void (*on_sent)(struct rx_sender *s, uint64_t idx, uint32_t bytes, int cause);
	/* (optional) how many ACKs back the member reads the flow's ACK history
	 * (rx_ack_hist_span(), src/core/rate.c): asked once when the flow is set
	 * up; the core then records every ACK's delivered count and arrival time,
	 * in every state */
	uint32_t (*ack_history)(const struct rx_sender *s);
	/* (optional) true: the member replaces congestion control's loss
	 * response.  At a reduction's start (Recovery, CWR; not an RTO) the core
	 * then sets ssthresh = cwnd (a multiplicative decrease with beta = 1)
	 * instead of calling cc->ssthresh(), and at its end sends no
	 * RX_CC_EV_COMPLETE_CWR: congestion control sees no loss (castate.c) */
	bool (*skips_cc_loss_response)(const struct rx_sender *s);
	/* (required) the reduction ended (cumulative ACK reached the recovery
	 * point) or was abandoned for an RTO (enum rx_reduction) */
	void (*exit)(struct rx_sender *s, int reduction, int64_t now_ns);
};

#endif
