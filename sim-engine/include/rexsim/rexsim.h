/* rexsim.h — public API of the Rexmit simulation engine (C11, no Python).
 *
 * A scenario (struct rx_scenario) is filled with defaults by rx_scenario_init(),
 * then by the caller (or from a scenario tree, config.h, which the Python
 * binding and the fuzzer use), validated with rx_scenario_validate(), and run
 * with rx_run().
 *
 * Time is int64_t nanoseconds everywhere in the core.  Sequence numbers are
 * 64-bit byte offsets that never wrap (the pcap exporter wraps them to 32 bits).
 */
#ifndef REXSIM_H
#define REXSIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#define RX_ENGINE_VERSION "0.1.0"

#define RX_NS_PER_US 1000LL
#define RX_NS_PER_MS 1000000LL
#define RX_NS_PER_S 1000000000LL

/* ---- limits (also published in the catalogue) ---- */
#define RX_MAX_FLOWS 64
/* "the four last segments" of the tail-loss paper (§3.2, §3.3): the tail_drops and
 * tail_retransmissions metrics count these segments of each object */
#define RX_TAIL_SEGS 4
#define RX_MAX_POS_RULES 256
#define RX_MAX_REQUESTS 512
#define RX_MAX_SACK_BLOCKS 4
#define RX_MAX_LIST_STAGES 8
#define RX_MAX_READ_BLOCKS 8 /* the reader's blocked periods (receiver.read_blocked_ms holds 2 numbers each) */
#define RX_MAX_SCHED_ROWS 256 /* rows of a direction's time-variant delay and loss table */
/* families a flow picks one member of (cc, timer, recovery, lossdet: the
 * first RX_FLOW_FAMILIES of enum rx_family_id: cc, timer, recovery, lossdet, app), and the bytes of the chosen
 * member's own parameter block */
#define RX_FLOW_FAMILIES 5
#define RX_MECH_CFG_SIZE 64

/* ---- enums shared by the scenario and the trace ---- */
enum rx_loss_model {
	RX_LOSS_NONE = 0,
	RX_LOSS_POSITIONED,
	RX_LOSS_TAIL,
	RX_LOSS_BERNOULLI,
	RX_LOSS_GILBERT_ELLIOTT,
	RX_LOSS__COUNT
};

enum rx_pos_action { RX_POS_DROP = 0, RX_POS_DELAY, RX_POS_DUPLICATE, RX_POS__COUNT };

enum rx_ack_policy { RX_ACK_QUICK = 0, RX_ACK_DELAYED, RX_ACK_LINUX, RX_ACK__COUNT };

/* the delayed policy's trigger for an immediate ACK of in-order data (receiver.c, D1) */
enum rx_ack_trigger { RX_ACK_TRIGGER_TWO_FULL = 0, RX_ACK_TRIGGER_MORE_THAN_ONE, RX_ACK_TRIGGER__COUNT };

enum rx_rtt_profile { RX_RTT_RFC6298 = 0, RX_RTT_LINUX, RX_RTT__COUNT };

enum rx_er_variant { RX_ER_RFC5827 = 0, RX_ER_LINUX, RX_ER__COUNT };
/* F-RTO (src/spurious/sp_frto.c): RFC 5682 §2 basic, §3 SACK-enhanced, Linux's */
enum rx_frto_variant { RX_FRTO_AUTO = 0, RX_FRTO_BASIC, RX_FRTO_SACK, RX_FRTO_LINUX, RX_FRTO__COUNT };
enum rx_eifel_variant { RX_EIFEL_RFC3522 = 0, RX_EIFEL_LINUX, RX_EIFEL__COUNT };
/* the response to a spurious verdict (castate.c rx_cs_undo): revert, RFC 4015, detect only */
enum rx_sp_response { RX_SPR_REVERT = 0, RX_SPR_RFC4015, RX_SPR_NONE, RX_SPR_HALVE, RX_SPR__COUNT };

enum rx_trace_mode { RX_TRACE_FULL = 0, RX_TRACE_SAMPLED, RX_TRACE_NONE, RX_TRACE__COUNT };

/* Congestion states, named as Linux names them (tcp_ca_state). */
enum rx_ca_state { RX_CA_OPEN = 0, RX_CA_DISORDER, RX_CA_CWR, RX_CA_RECOVERY, RX_CA_LOSS, RX_CA__COUNT };

/* ---- scenario ---- */
struct rx_pos_rule {
	int64_t flow; /* index into flows[] */
	int64_t segment; /* data: i-th new segment sent (1-based; 0 = SYN);
	                         reverse path: i-th ACK sent by the receiver (0 = SYN-ACK) */
	int64_t count; /* consecutive segments (or ACKs) from `segment` on that the rule acts on (>= 1) */
	int64_t transmission; /* k-th transmission of that segment (1-based); ignored on ACKs */
	int64_t action; /* enum rx_pos_action */
	double delay_ms; /* for RX_POS_DELAY */
};

struct rx_loss_cfg {
	int64_t model; /* enum rx_loss_model */
	int64_t count; /* tail: last n data segments of each object */
	double p; /* bernoulli: loss probability; gilbert_elliott: P(good -> bad) */
	double r; /* gilbert_elliott: P(bad -> good) per packet */
	double loss_good; /* gilbert_elliott: loss probability in the good state */
	double loss_bad; /* gilbert_elliott: loss probability in the bad state */
	bool spare_retransmissions; /* bernoulli, gilbert_elliott: never drop a retransmission (src/path/spare.h) */
	int64_t n_rules;
	struct rx_pos_rule rules[RX_MAX_POS_RULES];
};

/* a row of a direction's time-variant delay and loss table (path.<dir>.schedule,
 * read by the 'schedule' stage, src/path/stage_schedule.c) */
struct rx_sched_row {
	double time_ms; /* from the start of the run */
	double delay_ms; /* held this long from this time on (interpolated) */
	double loss_rate; /* lost with this probability (interpolated) */
};

/* an item of a tagged list: a family member (kind) and its own parameter
 * block, laid out as that member's params table says */
struct rx_tagged_item {
	int64_t kind; /* index in the family */
	_Alignas(8) unsigned char cfg[RX_MECH_CFG_SIZE];
};

struct rx_dir_cfg {
	double rate_bps; /* 0 = unlimited */
	double delay_ms; /* one-way propagation delay */
	int64_t buffer_pkts; /* drop-tail limit in packets (0 = no packet limit) */
	int64_t buffer_bytes; /* drop-tail limit in bytes (0 = no byte limit) */
	int64_t link_buffer_bytes; /* the link's own send buffer behind the router queue (0 = none) */
	double sender_rate_bps; /* the sending host's NIC before the stages (0 = none; path.c N1-N4) */
	struct rx_loss_cfg loss;
	/* further stages after the loss model, in order (path.<dir>.stages) */
	int64_t n_stages;
	struct rx_tagged_item stages[RX_MAX_LIST_STAGES];
	/* the time-variant delay and loss table a 'schedule' stage reads (path.<dir>.schedule) */
	int64_t n_schedule;
	struct rx_sched_row schedule[RX_MAX_SCHED_ROWS];
};

struct rx_flow_cfg {
	/* app */
	int64_t app_kind; /* index in the app registry */
	int64_t app_segments; /* fixed: size in full segments (if app_bytes == 0) */
	int64_t app_bytes; /* fixed: size in bytes (overrides segments) */
	double app_duration_s; /* bulk: how long the application writes */
	int64_t app_requests; /* requests: number of objects */
	int64_t app_object_bytes; /* requests: size of every object (if no list) */
	double app_gap_ms; /* requests: idle gap before the next request */
	double app_until_ms; /* requests: no request later than this after the start (0: none) */
	int64_t app_n_sizes; /* requests: optional per-object sizes */
	int64_t app_sizes[RX_MAX_REQUESTS];
	double start_ms; /* staggered start */
	double start_jitter_ms; /* + uniform [0, start_jitter_ms) drawn from the seed */
	double access_delay_ms; /* the flow's own access link, one way, both directions */
	/* tcp */
	int64_t mss;
	int64_t iw; /* initial window, segments */
	bool sack;
	bool timestamps;
	bool handshake;
	int64_t rtt_profile; /* enum rx_rtt_profile */
	int64_t cc; /* index in the cc registry */
	int64_t timer; /* index in the timer registry */
	int64_t recovery; /* index in the recovery registry */
	int64_t lossdet; /* index in the loss-detection registry */
	int64_t spurious_mask; /* spurious-timeout detectors: bit i = member i of the registry */
	/* the chosen member's own parameters, per flow family
	 * (tcp.<family>_params.<member>.*), laid out as that member's params
	 * table says; defaults filled by rx_flow_select() */
	_Alignas(8) unsigned char mech_cfg[RX_FLOW_FAMILIES][RX_MECH_CFG_SIZE];
	bool early_retransmit;
	int64_t er_variant; /* enum rx_er_variant */
	bool er_delayed; /* Linux's delayed ER: wait max(RTT/4, 2 ms) */
	int64_t frto_variant; /* enum rx_frto_variant */
	int64_t eifel_variant; /* enum rx_eifel_variant */
	int64_t spurious_response; /* enum rx_sp_response */
	bool ssthresh_from_cwnd; /* Linux: ssthresh from cwnd, not FlightSize (RFC 5681 eq. 4) */
	bool fack;
	bool limited_transmit;
	int64_t dupthresh;
	int64_t rrthresh; /* RTOR: restart only below this many outstanding segments */
	double wc_delack_ms; /* TLP: worst-case delayed-ACK timer */
	double min_rto_ms; /* < 0: profile default (1000 rfc6298, 200 linux) */
	double max_rto_ms;
	double initial_rto_ms;
	double clock_granularity_ms; /* G in RFC 6298 */
	int64_t hz; /* kernel tick of the sender's timers (CONFIG_HZ); 0 = continuous time */
	bool slow_start_after_idle;
	int64_t slow_start; /* enum rx_slow_start (rexsim/cc.h) */
	int64_t abc_limit_segs; /* byte counting: RFC 3465's L in segments; 0 = no limit */
	int64_t cwnd_limited; /* 0: prior pipe >= cwnd / 2; 1: Linux's largest-flight rule */
	/* the send buffer between the application and the sender (src/core/sndbuf.c) */
	int64_t sndbuf_bytes; /* its initial size; 0 = not modelled (the application never waits) */
	int64_t sndbuf_growth; /* grows to this many times cwnd (2 Linux, 3 the paper's refinement); 0 = fixed */
	int64_t sndbuf_limit_bytes; /* growth stops here (Linux's tcp_wmem max); 0 = no limit */
	bool hack1_dupack_rtx; /* the paper's Hack 1: the head again after > dupthresh plain duplicate ACKs in recovery */
	/* receiver */
	int64_t ack_policy; /* enum rx_ack_policy */
	double delack_ms; /* delayed: the delayed-ACK timeout */
	int64_t ack_trigger; /* delayed: enum rx_ack_trigger (linux: always more than one segment) */
	int64_t quickacks; /* linux: quick ACKs at the start (before the receive-window bound) */
	double ato_min_ms; /* linux: the first delayed-ACK timeout */
	double ato_max_ms; /* linux: the timeout's ceiling above (or without) an RTT estimate */
	int64_t rwnd_bytes;
	double rwnd_bdp; /* > 0: the receive buffer is this many bandwidth-delay products instead (rx_rcvbuf_bytes) */
	int64_t wscale; /* RFC 7323 §2: the receiver's window shift (the advertised window in units of 2^wscale) */
	int64_t read_bytes_per_s; /* the receiving application's read rate (app_reader.c); 0 = at once */
	int64_t read_blocked_ms[2 * RX_MAX_READ_BLOCKS]; /* [from_ms, to_ms) pairs in which it reads nothing */
	int64_t n_read_blocked; /* numbers in read_blocked_ms (2 per period) */
	bool opportunistic_rtx; /* paper §IV: new data past the receive window during recovery */
};

struct rx_scenario {
	uint64_t seed;
	double duration_s; /* simulated-time budget */
	int64_t max_events; /* event-count budget */
	int64_t trace_mode; /* enum rx_trace_mode */
	double sample_ms; /* RX_TRACE_SAMPLED: series sample interval */
	struct rx_dir_cfg fwd, rev;
	int64_t n_flows;
	struct rx_flow_cfg flows[RX_MAX_FLOWS];
};

/* Fill with the defaults of the catalogue (one flow). */
void rx_scenario_init(struct rx_scenario *sc);
void rx_flow_init(struct rx_flow_cfg *f);
void rx_pos_rule_init(struct rx_pos_rule *r);
/* choose member `member` of flow family `family` for f: sets the choice and
 * fills its parameter block with the member's defaults; -1 if out of range */
int rx_flow_select(struct rx_flow_cfg *f, int family, int member);

/* The receive buffer (RCV.BUFF) flow cfg gets in scenario sc, in bytes:
 * receiver.rwnd_bytes, or with receiver.rwnd_bdp = k > 0, floor(C x U x k / 8)
 * for the path's forward rate C and round-trip propagation delay U
 * (src/core/receiver.c, W0); -1 when a field it rests on is out of range. */
int64_t rx_rcvbuf_bytes(const struct rx_scenario *sc, const struct rx_flow_cfg *cfg);

/* ---- errors ---- */
#define RX_PATH_LEN 160
struct rx_error {
	char path[RX_PATH_LEN]; /* e.g. "flows[0].tcp.mss" */
	char msg[256]; /* e.g. "must be between 88 and 65495 (got 20)" */
};

/* every error of a scenario, in the order found; `more` counts those that
 * did not fit */
#define RX_MAX_ERRORS 16
struct rx_errors {
	int n, more;
	struct rx_error e[RX_MAX_ERRORS];
};
/* record an error in errs (printf-style message) */
void rx_errors_add(struct rx_errors *errs, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* 0 if valid; otherwise fills err with the first error and returns -1. */
int rx_scenario_validate(const struct rx_scenario *sc, struct rx_error *err);
/* 0 if valid; otherwise appends every error to errs and returns -1. */
int rx_scenario_check(const struct rx_scenario *sc, struct rx_errors *errs);

/* ---- trace ----
 * Columnar: one array per field, appended per event.  Column meaning by kind:
 *   seq   : data kinds: first byte; ACK kinds: cumulative ACK; timer kinds: expiry (ns)
 *   arg   : data kinds: payload bytes; ACK kinds: index+1 into sack_blocks (0 = none),
 *           timer kinds: the timeout value in microseconds; state: previous state
 *   detail: timer kinds: enum rx_timer_kind | (formula << 4); drops: enum rx_drop_reason
 *           | (direction << 4); data: transmission number (saturating at 255)
 *   cause : send/retransmit/probe: enum rx_tx_cause (rexsim/ops.h); drops: the
 *           path stage that dropped it, 1 + its index in the stage family
 *           (0 = the bottleneck queue); spurious: the detector, its index in
 *           the spurious family; other kinds: 0
 * A spurious event (a detector declared an RTO spurious; written after the
 * response, so cwnd/ssthresh/state are the new ones): seq = the deciding
 * ACK's cumulative ACK, detail = the rule (index in the detector's rules) |
 * (enum rx_sp_response << 4), arg = 1 + the index of its entry in the
 * spurious_words side table: [cwnd, ssthresh] before the response, in bytes
 * (ssthresh UINT32_MAX = infinite), in every trace mode but none.
 * Names for every value are in rexsim/vocab.h (the catalogue's "vocab").
 *
 * A second side table holds mechanism variables (the catalogue's "vars":
 * e.g. Westwood+'s bandwidth estimate): one row (t_ns, flow, var, value)
 * each time a declared variable changes.
 */
enum rx_event_kind {
	RX_EV_SEND = 0, /* new data segment */
	RX_EV_RETRANSMIT, /* retransmission (fast, RTO, or rule 3/4) */
	RX_EV_PROBE, /* TLP probe (new data or retransmission) */
	RX_EV_DROP, /* a packet dropped on the path */
	RX_EV_DELIVER, /* data arrived at the receiver */
	RX_EV_ACK_SENT,
	RX_EV_ACK_RECV,
	RX_EV_TIMER_ARMED,
	RX_EV_TIMER_FIRED,
	RX_EV_TIMER_CANCELLED,
	RX_EV_STATE, /* congestion state change */
	RX_EV_SYN, /* SYN or SYN-ACK sent */
	RX_EV_SAMPLE, /* periodic series sample (sampled mode) */
	RX_EV_APP, /* application wrote an object (arg = bytes) */
	RX_EV_SPURIOUS, /* a detector declared an RTO spurious (castate.c rx_cs_undo) */
	RX_EV_PATH_PERIOD, /* a path stage changes the path for a period (seq = start, arg = length in µs) */
	RX_EV_WINDOW_PROBE, /* a zero-window probe (seq = SND.UNA - 1, arg = 0, detail = its number) */
	RX_EV_APP_STALL, /* application stall begins (detail 1) or ends (detail 0) (src/core/sndbuf.c) */
	RX_EV__COUNT
};

enum rx_timer_kind {
	RX_TMR_RTO = 0,
	RX_TMR_PROBE,
	RX_TMR_ER, /* loss detection's timer: delayed early retransmit, RACK's reorder timer */
	RX_TMR_DELACK,
	RX_TMR_PERSIST, /* the sender's persist timer: zero-window probes (RFC 9293 §3.8.6.1) */
	RX_TMR__COUNT
};

/* Which rule set the timer (the "why now" of the UI). */
enum rx_timer_formula {
	RX_F_RTO = 0, /* now + RTO (RFC 6298 5.1/5.3) */
	RX_F_RTOR, /* RTO - T_earliest (RFC 7765 §4) */
	RX_F_PTO_MULTI, /* max(2 SRTT, 10 ms) (TLP eq. 1) */
	RX_F_PTO_SINGLE, /* max(2 SRTT, 1.5 SRTT + WCDelAckT) (TLP eq. 2) */
	RX_F_PTO_CAPPED, /* PTO cut to the pending RTO */
	RX_F_PTO_RFC8985, /* 2 SRTT (+ WCDelAckT if one segment) */
	RX_F_PTO_NO_SRTT, /* no SRTT yet: 1 s */
	RX_F_ER_DELAY, /* max(SRTT/4, 2 ms) */
	RX_F_DELACK, /* receiver delayed-ACK timer */
	RX_F_RACK_REO, /* RACK's reorder timer: xmit_ts + RACK.rtt + RACK.reo_wnd - now (RFC 8985 §6.2 step 5) */
	RX_F_ATO, /* receiver delayed-ACK timer, Linux's adaptive timeout */
	RX_F_PERSIST, /* now + RTO * 2^probes, at most the maximum RTO (RFC 9293 §3.8.6.1, RFC 1122 4.2.2.17) */
	RX_F__COUNT
};

enum rx_drop_reason { RX_DROP_LOSS_MODEL = 0, RX_DROP_QUEUE, RX_DROP_RCVBUF, RX_DROP__COUNT };

struct rx_trace {
	size_t n, cap;
	int64_t *t_ns;
	uint64_t *seq;
	uint32_t *arg;
	uint32_t *cwnd_bytes;
	uint32_t *ssthresh_bytes; /* UINT32_MAX = infinite */
	uint32_t *pipe_bytes;
	uint32_t *srtt_us;
	uint32_t *rto_us;
	uint16_t *flow;
	uint8_t *kind;
	uint8_t *state;
	uint8_t *detail;
	uint8_t *cause;
	/* side table: SACK blocks of ACK events; each entry is
	 * [count | (dsack << 8), start0, end0, start1, end1, ...] in uint64 words */
	size_t n_sack, cap_sack;
	uint64_t *sack_words;
	/* side table: the window before each spurious event's response,
	 * [cwnd_bytes, ssthresh_bytes] per event in uint64 words */
	size_t n_spurious, cap_spurious;
	uint64_t *spurious_words;
	/* side table: mechanism variables */
	size_t n_vars, cap_vars;
	int64_t *var_t_ns;
	uint16_t *var_flow;
	uint16_t *var_id;
	int64_t *var_value;
};

/* ---- intervals of time: a bounded list of [start_ns, end_ns) (a catalogue
 * field of type "intervals", e.g. an episode's idle_intervals_ns) ---- */
#define RX_INTERVALS_MAX 8
struct rx_intervals {
	int64_t n; /* intervals held, 0..RX_INTERVALS_MAX */
	int64_t start_ns[RX_INTERVALS_MAX], end_ns[RX_INTERVALS_MAX];
};

/* ---- one fast-recovery episode (src/core/recmetrics.c; fields published by
 * the catalogue's episode_metrics, include/rexsim/vocab.h) ---- */
struct rx_rec_episode {
	int64_t enter_ns; /* the sender entered fast recovery */
	int64_t exit_ns; /* it left (recovery point reached, or an RTO); -1: still in it */
	/* the loss-recovery period of the opportunistic-retransmission paper
	 * §III: from the first retransmission leaving the bottleneck (T2) to the
	 * first new packet within the receive window leaving it (T5: not one sent
	 * opportunistically past it); -1 when the period was not measured */
	int64_t period_start_ns, period_end_ns;
	int64_t busy_ns, idle_ns; /* the bottleneck transmitting / not, in the period */
	double utilisation; /* busy / period (paper eq. 8); -1: none */
	int64_t rtt_max_ns; /* the largest RTT sample in recovery; -1: none */
	double rtt_spike; /* rtt_max / base RTT; -1: none */
	/* the bottleneck's idle stretches in the period (their lengths sum to
	 * idle_ns): how many; the RX_INTERVALS_MAX longest, in time order */
	int64_t idle_gaps; /* -1: no period measured */
	struct rx_intervals idle_intervals_ns;
};

/* ---- per-flow metrics ---- */
struct rx_flow_metrics {
	bool completed;
	double fct_ms; /* -1 if not completed */
	double started_ms; /* when the flow started: start_ms + its drawn start jitter */
	int64_t bytes_delivered;
	double goodput_bps;
	int64_t segments_sent; /* new data segments */
	int64_t retransmissions; /* every retransmitted segment, probes included */
	int64_t spurious_retransmissions; /* data arriving at the receiver a second time (vocab.c) */
	int64_t rto_count;
	int64_t probe_count;
	int64_t er_count; /* early retransmits */
	int64_t fast_retransmits;
	int64_t recovery_episodes;
	double time_in_recovery_ms;
	int64_t drops; /* this flow's packets dropped on the path (both directions) */
	int64_t syn_retransmits;
	int64_t tlp_loss_episodes; /* the sender inferred a probe repaired a loss (RFC 8985 7.4.2) */
	int64_t probe_repairs; /* a probe retransmission was the copy that repaired a loss (receiver's view) */
	int64_t spurious_rtos_detected; /* RTOs a detector declared spurious (src/spurious/) */
	int64_t undo_count; /* reductions undone by the response to a spurious verdict */
	int64_t unnecessary_retransmissions; /* retransmissions minus data packets lost (F-RTO paper, Tables 1-3) */
	int64_t tail_drops; /* data packets of an object's last RX_TAIL_SEGS segments dropped on the path */
	int64_t tail_retransmissions; /* retransmissions of an object's last RX_TAIL_SEGS segments */
	/* application stall (src/core/sndbuf.c): the sender had room in cwnd and
	 * the receive window but no data, its writer asleep on a full send buffer */
	double app_stall_ms; /* in the whole flow */
	double app_stall_recovery_ms; /* of that, in the Recovery state (summed over the episodes) */
	double app_stall_episode_max_ms; /* the most of it in one recovery episode */
	int64_t app_stalls; /* stall periods that began */
	int64_t sndbuf_peak_bytes; /* the largest send buffer (0: not modelled) */
	int64_t n_requests;
	double *request_ms; /* completion time per object (n_requests), -1 if not done */
	/* loss recovery as the opportunistic-retransmission paper measures it
	 * (src/core/recmetrics.c): over the measured periods of the episodes */
	int64_t recovery_periods; /* periods measured */
	double recovery_period_ms; /* their total length */
	double recovery_idle_ms; /* the bottleneck's idle time in them */
	double recovery_utilisation; /* mean of the periods' utilisation; -1: none */
	double rtt_spike; /* largest episode rtt_spike; -1: none */
	/* (application stall, recovery included: app_stall_* above) */
	int64_t n_rec_episodes;
	struct rx_rec_episode *rec_episodes; /* every fast-recovery episode, in order */
};

struct rx_result {
	bool truncated; /* a budget stopped the run */
	char truncated_reason[64]; /* "max_events" or "duration_s" */
	int64_t events; /* discrete simulation events processed */
	int64_t samples; /* state samples taken (trace mode 'sampled') */
	bool trace_truncated; /* sampling stopped at the max_events budget */
	int64_t invariant_violations; /* internal consistency checks that failed (must stay 0) */
	int64_t sim_end_ns; /* simulated time reached: last event or state sample */
	int64_t n_flows;
	struct rx_flow_metrics flows[RX_MAX_FLOWS];
	struct rx_trace trace;
};

/* Run a validated scenario.  Returns 0, or -1 with err set (invalid scenario,
 * or out of memory).  The result must be freed with rx_result_free(). */
int rx_run(const struct rx_scenario *sc, struct rx_result *res, struct rx_error *err);
/* The same, publishing the simulated clock (ns) into *progress_ns every few
 * thousand events, for another thread to read while the run goes on. */
int rx_run_progress(const struct rx_scenario *sc, struct rx_result *res, struct rx_error *err,
		    volatile int64_t *progress_ns);
void rx_result_free(struct rx_result *res);

/* Names for enums (catalogue, CSV). */
const char *rx_event_kind_name(int kind);
const char *rx_timer_kind_name(int kind);
const char *rx_timer_formula_name(int f);
const char *rx_ca_state_name(int s);
const char *rx_drop_reason_name(int r);

#endif
