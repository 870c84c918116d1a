/* recovery.h — window management during fast recovery (src/recovery/).
 *
 * Loss detection (dupthresh, Early Retransmit, FACK) lives in the core and
 * decides *when* recovery starts and *which* segments are lost; a recovery
 * algorithm decides *how much* may be sent while it lasts (RFC 6675 pipe,
 * rate-halving, PRR, ...).  It reads ssthresh from congestion control through
 * the core and never picks it itself.
 */
#ifndef REXSIM_RECOVERY_H
#define REXSIM_RECOVERY_H

#include <stdint.h>

struct rx_sender;

#define RX_REC_PRIV_SIZE 64

struct rx_recovery_ops {
	const char *name;   /* (required) */
	const char *doc;    /* (required) */
	/* (required) recovery starts; ssthresh is already set by cc */
	void (*enter)(struct rx_sender *s, int64_t now_ns);
	/* (required) an ACK arrived during recovery (after the scoreboard update):
	 * newly_delivered_bytes counts cumulatively ACKed plus newly SACKed bytes */
	void (*on_ack)(struct rx_sender *s, uint64_t newly_delivered_bytes, int64_t now_ns);
	/* (required) bytes the sender may transmit now (the core sends full segments) */
	uint64_t (*send_quota)(struct rx_sender *s);
	/* (optional) a segment was sent during recovery */
	void (*on_sent)(struct rx_sender *s, uint32_t bytes);
	/* (required) recovery ended (cumulative ACK reached the recovery point) */
	void (*exit)(struct rx_sender *s, int64_t now_ns);
};

#endif
