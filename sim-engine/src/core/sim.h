/* sim.h — internal structures of the engine core (not installed). */
#ifndef REXSIM_SIM_H
#define REXSIM_SIM_H

#include <stddef.h>
#include <string.h>
#include "rexsim/rexsim.h"
#include "rexsim/app.h"
#include "rexsim/cc.h"
#include "rexsim/timer.h"
#include "rexsim/recovery.h"
#include "rexsim/lossdet.h"
#include "rexsim/spurious.h"
#include "rexsim/stage.h"
#include "rng.h"

struct rx_sim;

/* ---------------------------------------------------------------- packets */
enum {
	RX_PF_SYN = 1,
	RX_PF_ACK = 2,
	RX_PF_DATA = 4,
	RX_PF_PROBE = 8,
	RX_PF_ZWP = 16, /* a zero-window probe: no data, one byte below SND.UNA (RFC 9293 §3.8.6.1) */
	/* new data sent past the receive window by opportunistic retransmission
	 * (cause 'opportunistic', sender.c): not the first new packet the window
	 * admits, which ends the loss-recovery period (recmetrics.c) */
	RX_PF_OPP = 32,
};

struct rx_pkt {
	struct rx_pkt *next;
	int64_t arrive_ns; /* arrival at the end of the current stage */
	uint64_t seq; /* data: first byte */
	uint64_t ack; /* ACKs: cumulative ACK */
	uint32_t len_bytes; /* payload */
	uint32_t wire_bytes; /* IP + TCP headers + options + payload */
	uint32_t rwnd_bytes;
	uint32_t tsval, tsecr; /* RFC 7323, in ms ticks */
	uint32_t seg_idx; /* data: i-th new segment (1-based); ACK: i-th ACK; SYN: 0 */
	uint32_t tx_no; /* k-th transmission of this segment */
	int32_t from_end; /* data: segments after this one in its object (-1: none) */
	uint16_t flow;
	uint8_t flags;
	uint8_t n_sack; /* blocks in sack[] */
	uint8_t dsack; /* sack[0] is a DSACK block (RFC 2883) */
	uint8_t is_dup_copy; /* created by the 'duplicate' loss action */
	uint8_t left_link; /* it has left the link (its link-buffer bytes freed) and crosses the flow's access link */
	int64_t extra_ns; /* extra delay from the 'delay' loss action */
	int64_t hold_ns; /* extra delay that keeps FIFO order (the 'schedule' stage) */
	uint64_t sack[RX_MAX_SACK_BLOCKS][2]; /* last: rx_pkt_alloc zeroes the fields before it */
};

/* ---------------------------------------------------------------- timers
 * A lazily re-queued timer slot: the heap holds at most one live entry per
 * slot; moving a timer later costs nothing until the old entry pops.
 */
struct rx_tslot {
	int64_t expires_ns;
	int64_t queued_ns;
	uint32_t gen;
	bool armed;
	bool queued;
	uint8_t kind; /* enum rx_timer_kind */
	uint8_t formula; /* enum rx_timer_formula */
	int64_t timeout_ns;
	int64_t rto_cap_ns; /* PROBE: the RTO deadline the PTO was capped to */
};

/* ---------------------------------------------------------------- path */
#define RX_MAX_STAGES (1 + RX_MAX_LIST_STAGES) /* the loss model and the listed stages */
struct rx_link;

struct rx_link {
	struct rx_sim *sim;
	int dir; /* 0 = forward (data), 1 = reverse (ACKs) */
	uint64_t rate_bps; /* 0 = unlimited */
	int64_t prop_ns;
	int64_t buf_pkts, buf_bytes;
	/* bottleneck queue (waiting, excluding the packet in service) */
	struct rx_pkt *q_head, *q_tail;
	int64_t q_pkts, q_bytes;
	struct rx_pkt *in_service;
	struct rx_tslot depart;
	/* the link's send buffer (path.<dir>.link_buffer_bytes; 0 = none): the
	 * packets that left the router queue and are not yet delivered, waiting
	 * for the serialiser (lq), in service or propagating */
	int64_t lbuf_bytes, lbuf_held_bytes;
	struct rx_pkt *lq_head, *lq_tail;
	int64_t stall_until_ns; /* a stage stalled the link: nothing leaves it before this time */
	int64_t busy_ns; /* serialisation time of every packet that left so far (recmetrics.c) */
	int64_t last_depart_ns; /* while rm_open: when the last packet left, its serialisation's end (recmetrics.c) */
	int rm_open; /* flows whose loss-recovery period is open (recmetrics.c; the forward link) */
	int64_t service_ns; /* the packet in service's serialisation time */
	/* propagation line: FIFO in arrival order */
	struct rx_pkt *line_head, *line_tail;
	struct rx_tslot arrive;
	/* ingress stages (src/path/), applied in order */
	int n_stages;
	struct rx_stage stages[RX_MAX_STAGES];
	uint8_t stage_cause[RX_MAX_STAGES]; /* 1 + each stage's index in its family (the trace's drop stage) */
	struct rx_loss_cfg *list_cfg; /* the listed stages' parameters (heap; NULL when none) */
	/* the sending host's NIC before the stages (path.<dir>.sender_rate_bps; 0 = none, path.c N1-N4):
	 * its FIFO (arrive_ns = when each packet's last bit leaves it) and when it is next free */
	uint64_t nic_rate_bps;
	struct rx_pkt *nic_head, *nic_tail;
	int64_t nic_free_ns;
	struct rx_tslot nic_depart;
};

/* ---------------------------------------------------------------- segments */
struct rx_seg {
	uint64_t seq;
	int64_t first_tx_ns;
	int64_t last_tx_ns;
	uint32_t len;
	uint32_t tx_count;
	int32_t from_end;
	uint8_t sacked;
	uint8_t lost;
	uint8_t rtx_inflight; /* a retransmission of it is counted in pipe */
	uint8_t ever_rtx;
	uint64_t dropped_tx; /* bit k-1: its k-th transmission was dropped on the path (k <= 64; metrics only) */
	/* the sender's transmission count at its latest transmission: the order
	 * of transmissions within one instant (RACK's "most recently sent") */
	uint64_t last_tx_order;
	/* delivery-rate state at its last transmission (rate.c) */
	uint64_t tx_delivered_bytes;
	int64_t tx_delivered_ns;
	int64_t tx_first_sent_ns;
	/* when sacked: an index past it below which every segment is SACKed too
	 * (scoreboard.c next_unsacked: a SACK block skips its SACKed runs) */
	uint64_t sacked_skip_idx;
};

/* the connection's delivery counters (draft-cheng-iccrg-delivery-rate-
 * estimation §3: C.delivered, C.delivered_time, C.first_sent_time) */
struct rx_rate {
	uint64_t delivered_bytes;
	int64_t delivered_ns;
	int64_t first_sent_ns;
};

/* one ACK's rate sample in the making (the draft's rs) */
struct rx_rate_sample {
	bool has_data;
	int64_t tx_ns; /* send time of the newest delivered segment */
	uint64_t prior_delivered_bytes;
	int64_t prior_ns;
	int64_t send_elapsed_ns;
};

/* ---------------------------------------------------------------- send buffer
 * The socket's send buffer between the application and the sender
 * (src/core/sndbuf.c, tcp.sndbuf_*): what the application has asked to write
 * and what the buffer has taken of it.  Not modelled (on = false) by
 * default: then the application's writes go straight to app_end. */
struct rx_sndbuf {
	bool on;
	bool blocked; /* the writer sleeps on a full buffer (SOCK_NOSPACE) */
	bool stalled; /* application stall (the metric's definition, sndbuf.c) */
	bool in_recovery; /* ca_state was Recovery at the last look */
	uint64_t size_bytes; /* the buffer's size now */
	int size_var; /* the trace id of its variable (sndbuf_bytes) */
	uint64_t want_end; /* bytes the application has asked to write so far */
	int64_t last_ns; /* the last look at the stall state */
	/* stall time: in the flow, in Recovery, in this episode, the most in one */
	int64_t stall_ns, stall_rec_ns, episode_ns, episode_max_ns;
};

/* ---------------------------------------------------------------- Hack 1
 * The opportunistic-retransmission paper's Hack 1 (src/core/hack1.c,
 * tcp.hack1_dupack_rtx): duplicate ACKs without new SACKs counted in this
 * recovery episode since snd.una last moved. */
struct rx_hack1 {
	uint32_t plain_dupacks;
	bool counting; /* the count belongs to the current episode */
};

/* ---------------------------------------------------------------- sender */
#define RX_RTXLOG 64 /* retransmissions of one RTO episode matched to D-SACKs */
#define RX_TOP_SACKED 8 /* so DupThresh may be 1..8 */
struct rx_sender {
	struct rx_sim *sim;
	int flow;
	const struct rx_flow_cfg *cfg;
	uint32_t mss;
	/* application */
	uint64_t app_end; /* bytes the app has written so far */
	bool app_done; /* the app will write nothing more */
	struct rx_sndbuf sb; /* the send buffer in front of app_end (sndbuf.c) */
	int64_t obj_next; /* requests: index of the next object to write */
	/* sequence space (bytes) and segment indices (1-based) */
	uint64_t snd_una, snd_nxt;
	uint64_t una_idx, nxt_idx; /* segment index of snd_una / of the next new segment */
	struct rx_seg *ring;
	uint64_t ring_mask;
	/* scoreboard counters (bytes) */
	uint64_t out_bytes, sacked_bytes, lost_bytes, rtx_bytes;
	uint64_t sacked_segs;
	uint64_t high_sacked_idx; /* 0 = none */
	uint64_t top_sacked[RX_TOP_SACKED]; /* highest SACKed segment indices, descending */
	uint64_t rtx_hint_idx; /* no lost, unretransmitted segment below this */
	uint64_t high_rxt_idx; /* RFC 6675 HighRxt, as a segment index */
	uint64_t opp_cov_idx; /* opportunistic retransmission: [una_idx, this) all SACKed or retransmitted */
	uint64_t reno_dupacks; /* non-SACK: duplicate ACKs emulated as SACKed segments */
	uint32_t dupacks;
	/* max(snd.nxt, snd.una + cwnd) when the current run of duplicate ACKs
	 * began: what is sent above it in that run (Disorder) is limited-transmit
	 * data (RFC 3042), which ssthresh leaves out (RFC 5681 §3.2 step 2) */
	uint64_t lt_base_seq;
	struct rx_hack1 h1; /* Hack 1's count (hack1.c) */
	/* the largest outstanding data after a send since the window that began
	 * at max_flight_seq (tcp.cwnd_limited = linux) */
	uint64_t max_flight_bytes, max_flight_seq;
	uint64_t peer_rwnd;
	uint32_t zwp_probes; /* zero-window probes sent since the window last let data out (tslot.c) */
	/* shared estimators: delivery rate and round trips */
	struct rx_rate rate;
	/* the last ack_hist_cap ACKs' delivered count and arrival time (a ring,
	 * allocated only when the recovery member asks: ops .ack_history) */
	uint64_t *ack_hist_delivered;
	int64_t *ack_hist_ns;
	uint32_t ack_hist_cap, ack_hist_head, ack_hist_n;
	uint64_t round_end_seq; /* the current round ends when snd_una reaches this */
	/* congestion */
	int ca_state;
	uint64_t recovery_point; /* RFC 6675 RecoveryPoint / Linux high_seq */
	struct rx_cc cc;
	const struct rx_cc_ops *cc_ops;
	const struct rx_timer_ops *tmr;
	const struct rx_recovery_ops *rec;
	const struct rx_lossdet_ops *ld;
	int n_sp; /* spurious-timeout detectors, walked in order */
	const struct rx_spurious_ops *sp[RX_MAX_SPURIOUS];
	int sp_member[RX_MAX_SPURIOUS]; /* each one's index in the spurious family (the trace's detector) */
	bool sp_watch; /* an RTO's verdict is still open */
	int rto_prior_state; /* ca_state when the latest RTO fired (RFC 5682 step 1) */
	bool loss_undone; /* Loss kept after an undo (a rule that stays_in_loss): the next RTO is a new episode */
	bool dsack_seen; /* an ACK ever carried a D-SACK block (RFC 3522 §3.2 step 5) */
	/* the RTO episode's retransmissions, for matching D-SACK blocks to them
	 * (RFC 3708 §3): first byte and length of each, and which a D-SACK has
	 * reported; past RX_RTXLOG entries the log overflows (no D-SACK verdict) */
	bool rtxlog_on, rtxlog_overflow;
	int rtxlog_n;
	uint64_t rtxlog_dsacked; /* bit i: entry i was reported by a D-SACK */
	uint64_t rtxlog_seq[RX_RTXLOG];
	uint32_t rtxlog_len[RX_RTXLOG];
	int64_t data_losses; /* this flow's data packets the path dropped (metrics only) */
	/* F-RTO step 2b: "transmit up to two new (previously unsent) segments"
	 * (RFC 5682 §2, §3): while a detector holds retransmissions back, new
	 * data may not pass sp_new_end (0: no hold yet in this episode) */
	uint64_t sp_new_end;
	unsigned sp_done; /* bit i: detector i gave its verdict (genuine) for this RTO */
	uint64_t sp_pipe_prev_bytes; /* RFC 4015 §3 step 0: max(FlightSize, ssthresh) before the RTO */
	/* RFC 4015's RTO adaptation (rtt.c rx_rtt_eifel_rebase): the estimator
	 * at the episode's first timeout, SRTT_prev = SRTT + 2G and RTTVAR_prev =
	 * RTTVAR (0: no sample yet), SND.MAX then, and whether the rfc4015
	 * response waits for the first sample of data sent after the timeout */
	int64_t sp_srtt_prev_ns, sp_rttvar_prev_ns;
	uint64_t sp_snd_max_prev;
	bool sp_rto_rebase;
	/* each family's private state */
	_Alignas(8) unsigned char rec_priv[RX_REC_PRIV_SIZE];
	int64_t rec_vars[RX_MAX_VARS]; /* recovery's declared variables */
	/* tracing of the declared variables: cc (0) and recovery (1) */
	int n_vars[2], var_base[2];
	int64_t vars_last[2][RX_MAX_VARS];
	_Alignas(8) unsigned char tmr_priv[RX_TMR_PRIV_SIZE];
	_Alignas(8) unsigned char ld_priv[RX_LD_PRIV_SIZE];
	_Alignas(8) unsigned char sp_priv[RX_MAX_SPURIOUS][RX_SP_PRIV_SIZE];
	/* RTT estimation (RFC 6298; Linux profile) */
	bool have_srtt;
	int64_t srtt_ns, rttvar_ns;
	int64_t srtt8_ns, mdev4_ns, mdev_max4_ns, rttvar4_ns; /* linux profile */
	uint64_t rtt_seq;
	uint64_t rtt_timed_idx; /* rfc6298 without timestamps: the segment being timed (0 = none) */
	int64_t rtt_timed_tx_ns; /* its transmission */
	int64_t rto_base_ns; /* RTO before backoff */
	int64_t rto_ns; /* with backoff */
	int backoff;
	int64_t min_rto_ns, max_rto_ns, g_ns;
	int64_t tick_ns; /* the kernel tick (tcp.hz), 0 = continuous time */
	/* the retransmission timer slot */
	struct rx_tslot rtx;
	int64_t rtx_due_ns; /* the deadline it was armed for; rtx.expires_ns is when it
	                       fires, later with a kernel tick (tcp.hz, tslot.c) */
	/* handshake */
	bool established;
	bool syn_rtx; /* SYN was retransmitted (RFC 6298 5.7) */
	int64_t syn_sent_ns;
	uint32_t syn_tx;
	/* bookkeeping */
	int64_t start_ns;
	int64_t last_send_ns;
	uint64_t tx_order; /* transmissions so far (rx_seg.last_tx_order) */
	int64_t recovery_start_ns;
	/* the recovery episode being measured (recmetrics.c; metrics only) */
	uint8_t rm_state; /* enum rx_rm_state */
	int64_t rm_cur, rm_ep; /* the latest episode; the one whose period is measured */
	int64_t rm_cap; /* room in the flow's episode list */
	int64_t rm_busy_t2_ns; /* the bottleneck's busy time at T2 */
	bool started;
	bool finished;
};

/* ---------------------------------------------------------------- receiver */
struct rx_ival {
	uint64_t start, end;
	uint64_t stamp;
};

struct rx_receiver {
	struct rx_sim *sim;
	int flow;
	const struct rx_flow_cfg *cfg;
	uint64_t rcv_nxt;
	struct rx_ival *ooo; /* sorted, disjoint */
	int n_ooo, cap_ooo;
	uint64_t stamp;
	uint32_t unacked_full; /* full-sized segments since the last ACK */
	bool ack_pending;
	struct rx_tslot delack;
	uint32_t ts_recent;
	uint64_t last_ack_sent;
	uint64_t dsack_start, dsack_end; /* pending DSACK range (end > start) */
	uint64_t last_block_start, last_block_end;
	uint32_t acks_sent;
	uint32_t synacks_sent;
	int64_t objects_done;
	/* ack_policy linux (receiver.c) */
	int64_t quickacks; /* quick ACKs left (quick-ACK mode while > 0) */
	int64_t ato_ns; /* the delayed-ACK timeout before its ceiling */
	int64_t rtt_ns; /* the receiver's RTT estimate: its SYN-ACK's round trip (0 = none) */
	int64_t synack_ns; /* when the last SYN-ACK left */
	bool rtt_open; /* a SYN-ACK went out and no segment has answered it yet */
	/* the receiving application and the advertised window (app_reader.c, receiver.c) */
	bool reader_on; /* a reader model or window scaling is configured: the window follows occupancy */
	uint64_t read_nxt; /* bytes the application has read (<= rcv_nxt) */
	int64_t read_t_ns; /* reading is accounted up to this time */
	uint64_t read_carry; /* read_bytes_per_s x ns not yet a whole byte (< 1e9) */
	uint64_t buf_bytes; /* RCV.BUFF, resolved at setup (rx_rcvbuf_bytes) */
	uint64_t right_edge; /* RCV.NXT + RCV.WND last advertised */
	int64_t adv_traced; /* the window last traced (the rwnd_bytes variable) */
	int rwnd_var; /* its variable id */
	struct rx_tslot read_timer; /* the reader frees enough for a window update */
};

/* ---------------------------------------------------------------- flow */
struct rx_flow {
	struct rx_sender snd;
	struct rx_receiver rcv;
	struct rx_flow_metrics *m;
	const struct rx_app_ops *app; /* the application family's member */
	/* object table (bytes offsets) */
	int64_t n_obj;
	int64_t n_req; /* objects the client asks for: n_obj, unless it stops first (app.until_ms) */
	uint64_t *obj_end; /* cumulative end offset of each object */
	int64_t *obj_issue_ns; /* when the request was issued */
	struct rx_tslot app_timer; /* next request arrives at the sender */
	struct rx_tslot start_timer;
	uint64_t total_bytes; /* UINT64_MAX for bulk */
	int64_t app_stop_ns;
	int64_t access_ns; /* flow.access_delay_ms, added to each of its packets' propagation */
};

/* ---------------------------------------------------------------- heap */
enum rx_hev {
	RX_HEV_LINK_DEPART = 0,
	RX_HEV_LINK_ARRIVE,
	RX_HEV_PKT_DELAYED,
	RX_HEV_RTX_TIMER,
	RX_HEV_DELACK,
	RX_HEV_APP,
	RX_HEV_START,
	RX_HEV_SAMPLE,
	RX_HEV_APP_STOP,
	RX_HEV_READ, /* the receiving application's reading opens the window (receiver.c) */
	RX_HEV_NIC_DEPART, /* a packet leaves the sending host's NIC for the path's stages (path.c) */
};

struct rx_hent {
	int64_t t_ns;
	uint64_t order; /* insertion order: deterministic tie-break */
	void *obj;
	uint32_t gen;
	uint32_t type;
};

struct rx_sim {
	const struct rx_scenario *sc;
	struct rx_result *res;
	int64_t now_ns;
	int64_t end_ns;
	uint64_t order;
	struct rx_hent *heap;
	size_t n_heap, cap_heap;
	bool top_running; /* heap[0] is the event running, to be replaced or removed (sim.c) */
	struct rx_link link[2];
	int n_flows;
	struct rx_flow *flows;
	struct rx_pkt *free_pkts;
	struct rx_pkt **pkt_blocks;
	size_t n_pkt_blocks, cap_pkt_blocks;
	bool oom;
	int trace_mode;
	uint32_t sampled_keep_mask; /* event kinds a sampled trace keeps (bit per kind) */
	struct rx_tslot sample_timer;
	int64_t sample_ns;
	int flows_done;
};

/* sim.c */
void rx_sched(struct rx_sim *sim, int64_t t_ns, int type, void *obj, uint32_t gen);
void rx_tslot_arm(struct rx_sim *sim, struct rx_tslot *ts, int64_t t_ns, int type, void *obj);
void rx_tslot_cancel(struct rx_tslot *ts);
bool rx_pkt_refill(struct rx_sim *sim);

/* path.c */
/* 0, or -1 when out of memory (rx_link_free() either way) */
int rx_link_init(struct rx_link *l, struct rx_sim *sim, int dir, const struct rx_dir_cfg *cfg, uint64_t seed);
void rx_link_free(struct rx_link *l);
void rx_link_send(struct rx_link *l, struct rx_pkt *p);
void rx_link_on_nic_depart(struct rx_link *l);
void rx_link_on_depart(struct rx_link *l);
void rx_link_on_arrive(struct rx_link *l);
void rx_link_on_delayed(struct rx_sim *sim, struct rx_pkt *p, int dir);
/* IP + TCP headers and options + payload, in bytes (inline: every packet asks) */
static inline uint32_t rx_wire_bytes(uint32_t payload, bool ts, int n_sack, bool syn)
{
	uint32_t opt = 0;
	if (syn)
		opt = 20; /* MSS 4, SACK-permitted 2, TS 10, WS 3, padded */
	else {
		if (ts)
			opt += 12; /* 2 NOPs + timestamps (RFC 7323) */
		if (n_sack)
			opt += 2 + 8 * (uint32_t)n_sack + 2; /* 2 NOPs + kind/len + blocks (RFC 2018) */
	}
	if (opt > 40)
		opt = 40;
	return 20 + 20 + opt + payload;
}

/* receiver.c */
void rx_rcv_init(struct rx_receiver *r, struct rx_sim *sim, int flow, const struct rx_flow_cfg *cfg);
void rx_rcv_free(struct rx_receiver *r);
/* the flow starts (its modelled window's first trace value) */
void rx_rcv_start(struct rx_receiver *r);
void rx_rcv_on_pkt(struct rx_receiver *r, struct rx_pkt *p);
void rx_rcv_on_delack(struct rx_receiver *r);
void rx_rcv_on_read(struct rx_receiver *r);

/* app_reader.c: the receiving application (receiver.read_bytes_per_s,
 * receiver.read_blocked_ms) */
bool rx_reader_on(const struct rx_flow_cfg *cfg);
void rx_reader_advance(struct rx_receiver *r, int64_t now_ns);
/* the earliest time >= now at which it will have read `need` more bytes, given the data */
int64_t rx_reader_time_for(const struct rx_receiver *r, uint64_t need, int64_t now_ns);

/* sender.c: segmentation, transmission, the application interface and the
 * per-ACK pipeline */
int rx_snd_init(struct rx_sender *s, struct rx_sim *sim, int flow, const struct rx_flow_cfg *cfg);
void rx_snd_free(struct rx_sender *s);
void rx_snd_start(struct rx_sender *s);
void rx_snd_on_ack(struct rx_sender *s, struct rx_pkt *p);
void rx_snd_on_timer(struct rx_sender *s);
void rx_snd_app_write(struct rx_sender *s, uint64_t bytes);
void rx_snd_app_stop(struct rx_sender *s);
bool rx_snd_can_send_new(const struct rx_sender *s, bool ignore_cwnd);
bool rx_snd_window_room(struct rx_sender *s, uint32_t len);
/* send one loss probe; returns true if it was a retransmission, and its
 * segment's index through seg_idx (if not NULL) */
bool rx_snd_send_probe(struct rx_sender *s, uint64_t *seg_idx);
/* send one zero-window probe (the persist timer fired) */
void rx_snd_send_window_probe(struct rx_sender *s);
void rx_snd_retransmit(struct rx_sender *s, uint64_t idx, int cause);
void rx_snd_push(struct rx_sender *s);
void rx_snd_count_tlp_loss(struct rx_sender *s);
/* metrics' ground truth: the path dropped a data packet; a probe retransmission arrived as new data */
void rx_snd_on_data_dropped(struct rx_sender *s, const struct rx_pkt *p);
bool rx_snd_probe_repaired(const struct rx_sender *s, const struct rx_pkt *p);
void rx_snd_trace_vars(struct rx_sender *s);

/* sndbuf.c: the send buffer (tcp.sndbuf_*) and the application-stall metric */
void rx_sndbuf_init(struct rx_sender *s);
/* the flow starts: the buffer's first trace value */
void rx_sndbuf_start(struct rx_sender *s);
/* the application asks to have written `end` bytes so far (through the buffer) */
void rx_sndbuf_app_write(struct rx_sender *s, uint64_t end);
/* the application writes nothing more: what the buffer holds is still sent */
void rx_sndbuf_app_stop(struct rx_sender *s);
/* before a push: grow the buffer with cwnd, wake the writer and let it write */
void rx_sndbuf_fill(struct rx_sender *s);
/* after a push: is the sender stalled by the application? (trace and metric) */
void rx_sndbuf_after_push(struct rx_sender *s);
/* at the end of the run: the metrics */
void rx_sndbuf_finish(struct rx_sender *s);
/* the writer's rule, for tests: the new app_end when the buffer of size_bytes
 * holds [una, app_end) and the application wants want_end; *blocked in: the
 * writer sleeps, out: it sleeps after writing */
uint64_t rx_sndbuf_write_end(uint64_t size_bytes, uint64_t una, uint64_t app_end, uint64_t want_end, uint32_t mss,
			     bool *blocked);
/* the growth rule, for tests: the size after cwnd_bytes was seen */
uint64_t rx_sndbuf_grown(uint64_t size_bytes, uint64_t cwnd_bytes, int64_t growth, int64_t limit_bytes);

/* hack1.c: the opportunistic-retransmission paper's Hack 1 (§VIII,
 * tcp.hack1_dupack_rtx), after the congestion-state machine saw the ACK */
void rx_hack1_on_ack(struct rx_sender *s, const struct rx_ack_info *ai);

/* scoreboard.c: the segment ring, SACK tagging, pipe (RFC 6675 SetPipe),
 * lost marks and NextSeg rule 1 */
uint64_t rx_snd_outstanding_segs(const struct rx_sender *s);
uint64_t rx_snd_unsent_segs(const struct rx_sender *s);
int64_t rx_snd_latest_tx_ns(const struct rx_sender *s);
int64_t rx_snd_head_tx_ns(const struct rx_sender *s);
int rx_sb_grow(struct rx_sender *s);
void rx_sb_mark_lost(struct rx_sender *s, uint64_t idx);
void rx_sb_mark_rtx_lost(struct rx_sender *s, uint64_t idx);
uint64_t rx_sb_next_lost_scan(struct rx_sender *s);
void rx_sb_mark_all_lost(struct rx_sender *s);
void rx_sb_take_ack(struct rx_sender *s, const struct rx_pkt *p, struct rx_ack_info *ai, int64_t *rtt_tx_ns,
		    struct rx_rate_sample *rs);

/* rate.c: the delivery-rate estimator and round-trip tracking shared by
 * every family (congestion control reads them in struct rx_ack_sample) */
void rx_rate_fill(struct rx_sender *s, const struct rx_rate_sample *rs, struct rx_ack_sample *as);
int rx_round_on_ack(struct rx_sender *s, const struct rx_ack_info *ai);
/* recovery episodes as the opportunistic-retransmission paper measures them
 * (recmetrics.c) */
enum rx_rm_state { RX_RM_NONE = 0, RX_RM_WAIT_RTX, RX_RM_OPEN };
void rx_rm_enter(struct rx_sender *s);
void rx_rm_rtt(struct rx_sender *s, int64_t rtt_ns);
void rx_rm_exit(struct rx_sender *s, bool rto);
void rx_rm_abandon(struct rx_sender *s);
void rx_rm_on_depart(struct rx_sender *s, const struct rx_link *l, const struct rx_pkt *p);
void rx_rm_finish(struct rx_sender *s);
void rx_rm_link_idle(struct rx_sim *sim, int64_t from_ns, int64_t to_ns);
void rx_rm_keep_gap(struct rx_rec_episode *e, int64_t from_ns, int64_t to_ns);
/* the ACK history (rate.c): the delivered bytes and the time between the
 * latest ACK and the one m ACKs before it (the oldest kept when fewer);
 * 0 when there is no such span */
int rx_ack_hist_span(const struct rx_sender *s, uint32_t m, uint64_t *bytes, int64_t *ns);

/* castate.c: the congestion-state machine and the one undo path */
void rx_cs_set_state(struct rx_sender *s, int st);
void rx_cs_enter_recovery(struct rx_sender *s, int verdict);
void rx_cs_retransmit_now(struct rx_sender *s, uint64_t idx, int cause);
void rx_cs_enter_cwr(struct rx_sender *s);
void rx_cs_on_ack(struct rx_sender *s, const struct rx_ack_info *ai);
void rx_cs_on_rto(struct rx_sender *s);
void rx_cs_spurious_on_ack(struct rx_sender *s, const struct rx_ack_info *ai);
void rx_cs_undo(struct rx_sender *s, const struct rx_ack_info *ai, int detector, int rule);
/* while an RTO's verdict is open: does a detector hold retransmissions back
 * for new data (F-RTO step 2b)? */
bool rx_cs_sp_send_new(struct rx_sender *s);
/* a D-SACK block [start, end) arrived: mark the episode's retransmissions it reports */
void rx_cs_rtxlog_dsack(struct rx_sender *s, uint64_t start, uint64_t end);
/* bytes the sender may send now (the transmit step's quota) */

/* tslot.c: the retransmission timer slot (no mechanism logic) and the
 * kernel tick (tcp.hz) its timers run on */
void rx_slot_arm(struct rx_sender *s, int kind, int formula, int64_t expires_ns, int64_t timeout_ns);
void rx_slot_cancel(struct rx_sender *s);
void rx_slot_rearm(struct rx_sender *s, int reason);
void rx_slot_trace(struct rx_sender *s, int ev);
/* the persist timer (RFC 9293 §3.8.6.1): arm, keep or stop it after an event */
void rx_slot_persist(struct rx_sender *s);

/* sim.c: flows */
void rx_flow_delivered(struct rx_sim *sim, int flow, uint64_t rcv_nxt);
void rx_flow_app_begin(struct rx_sim *sim, int flow);
uint64_t rx_flow_obj_search(const struct rx_flow *f, uint64_t seq, int64_t *obj_index);
/* The end of the object holding byte seq and its index; UINT64_MAX and -1
 * for a flow without objects (bulk).  Inline: every segment sent asks. */
static inline uint64_t rx_flow_obj_end_at(struct rx_sim *sim, int flow, uint64_t seq, int64_t *obj_index)
{
	const struct rx_flow *f = &sim->flows[flow];
	if (f->n_obj == 0) {
		*obj_index = -1;
		return UINT64_MAX;
	}
	return rx_flow_obj_search(f, seq, obj_index);
}

/* rtt.c */
void rx_rtt_init(struct rx_sender *s);
void rx_rtt_sample(struct rx_sender *s, int64_t rtt_ns);
void rx_rtt_on_ack(struct rx_sender *s, const struct rx_ack_info *ai);
void rx_rtt_on_xmit(struct rx_sender *s, uint64_t idx, uint32_t tx_count);
void rx_rtt_backoff(struct rx_sender *s);
void rx_rtt_syn_fallback(struct rx_sender *s);

/* trace.c */
void rx_trace_add_cause(struct rx_sim *sim, int kind, int flow, uint64_t seq, uint32_t arg, uint8_t detail,
			uint8_t cause);
void rx_trace_var(struct rx_sim *sim, int flow, int var, int64_t value);
uint32_t rx_trace_add_sack(struct rx_sim *sim, const struct rx_pkt *p);
uint32_t rx_trace_add_spurious(struct rx_sim *sim, uint64_t cwnd_bytes, uint64_t ssthresh_bytes);
void rx_trace_free(struct rx_trace *t);

/* registry.c: the mechanism families (see include/rexsim/registry.h) */
const struct rx_stage_ops *rx_stage_for_loss_model(int model);
/* A stage reports a period in which it changes the path, [start_ns, end_ns)
 * (end_ns INT64_MAX: to the end of the run), once, when it first meets it
 * (now >= start_ns): the trace gets a path_period event naming the stage
 * and the direction, so the dashboard can draw it.  flow: the flow whose
 * packet met it (the event's flow column).  A stage without a link (driven
 * on its own by a test) reports nowhere. */
void rx_stage_period(struct rx_stage *st, int flow, int64_t start_ns, int64_t end_ns);

static inline int64_t rx_max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}
static inline int64_t rx_min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}
static inline uint64_t rx_umin64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}
static inline uint64_t rx_umax64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* ms/s doubles from the scenario to integer ns (round half away from zero) */
static inline int64_t rx_ms_to_ns(double ms)
{
	double v = ms * 1e6;
	return (int64_t)(v >= 0 ? v + 0.5 : v - 0.5);
}

/* A length in whole kernel ticks (tcp.hz), rounded up (tslot.c's rule 1);
 * unchanged in continuous time. */
static inline int64_t rx_tick_ceil(const struct rx_sender *s, int64_t ns)
{
	int64_t tick = s->tick_ns;
	return tick && ns > 0 ? (ns + tick - 1) / tick * tick : ns;
}

/* When a timer armed at `now` for `due` fires on a tick of `tick` ns
 * (tslot.c's rules 1 and 2: whole ticks, then one tick later, never early) */
static inline int64_t rx_tick_expiry(int64_t tick, int64_t now, int64_t due)
{
	int64_t n = (due - now + tick - 1) / tick; /* rule 1: due >= now */
	return (now / tick + n + 1) * tick; /* rule 2 */
}

static inline struct rx_seg *rx_seg_at(const struct rx_sender *s, uint64_t idx)
{
	return &s->ring[idx & s->ring_mask];
}

/* The TCP timestamp clock at t_ns (RFC 7323's TSval clock): the engine's ticks
 * are 1 ms, counted modulo 2^32.  Every TSval sent and every age read from a
 * TSecr is in these ticks. */
static inline uint32_t rx_ts_clock(int64_t t_ns)
{
	return (uint32_t)(t_ns / RX_NS_PER_MS);
}

/* A packet from the pool, zeroed up to its SACK blocks (only the n_sack
 * first are ever read, each once written) with from_end -1; NULL when memory
 * runs out.  Inline: every packet sent and every ACK takes one. */
static inline struct rx_pkt *rx_pkt_alloc(struct rx_sim *sim)
{
	if (!sim->free_pkts && !rx_pkt_refill(sim))
		return NULL;
	struct rx_pkt *p = sim->free_pkts;
	sim->free_pkts = p->next;
	memset(p, 0, offsetof(struct rx_pkt, sack));
	p->from_end = -1;
	return p;
}

static inline void rx_pkt_free(struct rx_sim *sim, struct rx_pkt *p)
{
	p->next = sim->free_pkts;
	sim->free_pkts = p;
}

static inline void rx_trace_add(struct rx_sim *sim, int kind, int flow, uint64_t seq, uint32_t arg, uint8_t detail)
{
	rx_trace_add_cause(sim, kind, flow, seq, arg, detail, 0);
}

/* pipe, RFC 6675 SetPipe, kept incrementally (scoreboard.c) */
static inline uint64_t rx_snd_pipe(const struct rx_sender *s)
{
	uint64_t minus = s->sacked_bytes + s->lost_bytes + s->reno_dupacks * s->mss;
	uint64_t plus = s->out_bytes + s->rtx_bytes;
	return plus > minus ? plus - minus : 0;
}

/* the congestion-state machine's send quota (castate.c says why, RFC 3042 and
 * RFC 5681 §3.2 step 1): inline, as every send asks it */
static inline uint64_t rx_cs_send_quota(struct rx_sender *s)
{
	if (s->ca_state == RX_CA_RECOVERY || s->ca_state == RX_CA_CWR)
		return s->rec->send_quota(s);
	uint64_t allowed = s->cc.cwnd_bytes, used;
	if (s->ca_state == RX_CA_DISORDER) {
		used = s->out_bytes; /* FlightSize */
		if (s->cfg->limited_transmit)
			allowed += (uint64_t)(s->dupacks < 2 ? s->dupacks : 2) * s->mss;
	} else {
		used = rx_snd_pipe(s);
	}
	return allowed > used ? allowed - used : 0;
}

static inline bool rx_snd_has_unsent(const struct rx_sender *s)
{
	return s->snd_nxt < s->app_end;
}

/* NextSeg() rule 1: the lowest lost segment not yet retransmitted; 0 if none */
static inline uint64_t rx_sb_next_lost(struct rx_sender *s)
{
	return s->lost_bytes ? rx_sb_next_lost_scan(s) : 0;
}

/* ---- the delivery-rate estimator's per-segment steps (rate.c) */
/* nothing in flight: a new flight starts now */
static inline void rx_rate_new_flight(struct rx_sender *s)
{
	s->rate.first_sent_ns = s->rate.delivered_ns = s->sim->now_ns;
}

/* a (re)transmission records the connection's delivery state */
static inline void rx_rate_on_send(struct rx_sender *s, struct rx_seg *g)
{
	g->tx_delivered_bytes = s->rate.delivered_bytes;
	g->tx_delivered_ns = s->rate.delivered_ns;
	g->tx_first_sent_ns = s->rate.first_sent_ns;
}

/* a segment newly delivered (cumulatively ACKed or SACKed): count it, and
 * the most recently sent one decides the ACK's sample */
static inline void rx_rate_on_delivered(struct rx_sender *s, const struct rx_seg *g, struct rx_rate_sample *rs)
{
	s->rate.delivered_bytes += g->len;
	s->rate.delivered_ns = s->sim->now_ns;
	if (!rs->has_data || g->last_tx_ns >= rs->tx_ns) {
		rs->has_data = true;
		rs->tx_ns = g->last_tx_ns;
		rs->prior_delivered_bytes = g->tx_delivered_bytes;
		rs->prior_ns = g->tx_delivered_ns;
		rs->send_elapsed_ns = g->last_tx_ns - g->tx_first_sent_ns;
		s->rate.first_sent_ns = g->last_tx_ns;
	}
}

/* every ACK, after the scoreboard took it: record the delivered count */
static inline void rx_ack_hist_push(struct rx_sender *s)
{
	uint32_t h = s->ack_hist_head;
	s->ack_hist_delivered[h] = s->rate.delivered_bytes;
	s->ack_hist_ns[h] = s->sim->now_ns;
	s->ack_hist_head = h + 1 == s->ack_hist_cap ? 0 : h + 1;
	if (s->ack_hist_n < s->ack_hist_cap)
		s->ack_hist_n++;
}

/* room for one more segment in the ring (doubles it when full) */
static inline int rx_sb_reserve(struct rx_sender *s)
{
	return s->nxt_idx - s->una_idx < s->ring_mask + 1 ? 0 : rx_sb_grow(s);
}

static inline void rx_snd_trace(struct rx_sender *s, int kind, uint64_t seq, uint32_t arg, uint8_t detail)
{
	rx_trace_add(s->sim, kind, s->flow, seq, arg, detail);
}

static inline struct rx_flow_metrics *rx_snd_metrics(struct rx_sender *s)
{
	return &s->sim->res->flows[s->flow];
}

/* recovery's declared variables (ops .vars) */
static inline int64_t *rx_rec_vars(struct rx_sender *s)
{
	return s->rec_vars;
}

/* each family's private area */
static inline void *rx_tmr_priv(struct rx_sender *s)
{
	return s->tmr_priv;
}
static inline void *rx_rec_priv(struct rx_sender *s)
{
	return s->rec_priv;
}
static inline void *rx_ld_priv(struct rx_sender *s)
{
	return s->ld_priv;
}

/* the flow's parameter block for its chosen member of a flow family
 * (enum rx_family_id below RX_FLOW_FAMILIES), laid out as that member's
 * params table says */
static inline const void *rx_member_cfg(const struct rx_sender *s, int family)
{
	return s->cfg->mech_cfg[family];
}

#endif
