/* rec_rfc6675.c — conservative SACK-based loss recovery, RFC 6675 §5:
 * on entry cwnd = ssthresh (4.2); while recovering, the sender may send
 * whenever cwnd - pipe >= one segment (4.4, (C)), choosing segments by
 * NextSeg() (the core's rules 1-4).  Also the window rule for NewReno
 * (RFC 6582) in its pipe form when SACK is off. */
#include "../core/sim.h"

static void enter(struct rx_sender *s, int64_t now)
{
	(void)now;
	s->cc.cwnd_bytes = rx_umax64(s->cc.ssthresh_bytes, s->mss);
}

static void on_ack(struct rx_sender *s, uint64_t delivered, int64_t now)
{
	(void)s; (void)delivered; (void)now;
}

static uint64_t send_quota(struct rx_sender *s)
{
	uint64_t pipe = rx_snd_pipe(s);
	return s->cc.cwnd_bytes > pipe ? s->cc.cwnd_bytes - pipe : 0;
}

static void rec_exit(struct rx_sender *s, int64_t now)
{
	(void)now;
	/* RFC 5681 §3.2 step 6: leave recovery with cwnd = ssthresh */
	s->cc.cwnd_bytes = rx_umax64(s->cc.ssthresh_bytes, s->mss);
}

const struct rx_recovery_ops rx_rec_rfc6675 = {
	.name = "rfc6675",
	.doc = "Conservative SACK-based loss recovery (RFC 6675): on entering recovery cwnd = ssthresh, and a segment is sent whenever cwnd - pipe is at least one segment, choosing lost segments first, then new data, then holes below the highest SACK, then one rescue retransmission. Without SACK the same rule runs NewReno (RFC 6582), each duplicate ACK counting one segment out of the pipe.",
	.enter = enter,
	.on_ack = on_ack,
	.send_quota = send_quota,
	.exit = rec_exit,
};
