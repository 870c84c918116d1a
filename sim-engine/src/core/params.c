/* params.c — the parameter descriptor table, defaults and validation. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rexsim/app.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"
#include "sim.h"
#include "../path/spare.h"

/* ---- enum names */
#define NAMES(fn, ...) \
	static const char *fn(int i) \
	{ \
		static const char *const n[] = { __VA_ARGS__, NULL }; \
		return (i >= 0 && i < (int)(sizeof(n) / sizeof(n[0])) - 1) ? n[i] : NULL; \
	}
NAMES(ch_loss, "none", "positioned", "tail", "bernoulli", "gilbert_elliott")
NAMES(ch_action, "drop", "delay", "duplicate")
NAMES(ch_ack, "quick", "delayed", "linux")
NAMES(ch_ack_trigger, "two_full_segments", "more_than_one_segment")
NAMES(ch_rtt, "rfc6298", "linux")
NAMES(ch_trace, "full", "sampled", "none")
NAMES(ch_er, "rfc5827", "linux")
NAMES(ch_frto, "auto", "basic", "sack", "linux")
NAMES(ch_eifel, "rfc3522", "linux")
NAMES(ch_spr, "revert", "rfc4015", "none", "halve")
NAMES(ch_ss, "rfc5681", "byte_counting")
NAMES(ch_cwl, "half_pipe", "linux")
/* the trace vocabulary's names: src/core/vocab.c */

/* ---- values with a meaning of their own (struct rx_special), each list ended by a NULL label */
static const struct rx_special sp_unlimited[] = { { 0, "unlimited: no serialization delay, no queue" }, { 0, NULL } };
static const struct rx_special sp_no_pkt_limit[] = { { 0, "no packet limit" }, { 0, NULL } };
static const struct rx_special sp_no_byte_limit[] = { { 0, "no byte limit" }, { 0, NULL } };
static const struct rx_special sp_read_rate[] = { { 0, "at once: the application reads data as it arrives" },
						  { 0, NULL } };
static const struct rx_special sp_no_nic[] = { { 0, "none: packets enter the path when sent" }, { 0, NULL } };
static const struct rx_special sp_no_link_buffer[] = { { 0, "no link buffer" }, { 0, NULL } };
static const struct rx_special sp_segment[] = { { 0, "the SYN (forward) or the SYN-ACK (reverse)" }, { 0, NULL } };
static const struct rx_special sp_app_bytes[] = { { 0, "use app.segments" }, { 0, NULL } };
static const struct rx_special sp_min_rto[] = { { -1, "the RTT estimator's: 1000 ms rfc6298, 200 ms linux" },
						{ 0, NULL } };
static const struct rx_special sp_max_rto[] = { { 0, "the RTT estimator's: 60 s rfc6298, 120 s linux" }, { 0, NULL } };
static const struct rx_special sp_hz[] = { { 0, "continuous time (no kernel tick)" }, { 0, NULL } };
static const struct rx_special sp_abc_limit[] = { { 0, "no limit, as Linux" }, { 0, NULL } };
static const struct rx_special sp_sndbuf[] = { { 0, "not modelled: the application never waits" }, { 0, NULL } };
static const struct rx_special sp_sndbuf_growth[] = { { 0, "a fixed size" }, { 0, NULL } };
static const struct rx_special sp_sndbuf_limit[] = { { 0, "no limit" }, { 0, NULL } };
static const struct rx_special sp_quickacks[] = { { 0, "no quick-ACK mode" }, { 0, NULL } };
static const struct rx_special sp_rwnd_bdp[] = { { 0, "off: the buffer is receiver.rwnd_bytes" }, { 0, NULL } };

/* ---- the table */
#define ROW(applies_, special_, key_, label_, type_, min_, max_, def_, unit_, ch_, doc_, sec_, off_) \
	{ .section = sec_, \
	  .key = key_, \
	  .label = label_, \
	  .special = special_, \
	  .type = type_, \
	  .offset = off_, \
	  .min = min_, \
	  .max = max_, \
	  .def = def_, \
	  .unit = unit_, \
	  .choice = ch_, \
	  .doc = doc_, \
	  .applies_to = applies_ }
/* P(key, label, type, min, max, default, unit, choices, doc, section, offset); PA read only as
 * applies_to says; PS, PAS with values that mean something else (struct rx_special) */
#define P(...) ROW(NULL, NULL, __VA_ARGS__)
#define PA(applies_, ...) ROW(applies_, NULL, __VA_ARGS__)
#define PS(special_, ...) ROW(NULL, special_, __VA_ARGS__)
#define PAS(applies_, special_, ...) ROW(applies_, special_, __VA_ARGS__)
/* a flow family's member choice, its parameters in the flow's block; labelled by its family (rx_param_label) */
#define FAM(key_, fam_, doc_, field_) \
	{ .section = RX_SEC_FLOW, \
	  .key = key_, \
	  .type = RX_PT_MEMBER, \
	  .offset = offsetof(struct rx_flow_cfg, field_), \
	  .unit = "", \
	  .doc = doc_, \
	  .family = fam_, \
	  .aux_offset = offsetof(struct rx_flow_cfg, mech_cfg[fam_]) }
#define OBJ(sec_, key_, label_, sub_, type_, field_, doc_) \
	{ .section = sec_, \
	  .key = key_, \
	  .label = label_, \
	  .type = RX_PT_OBJECT, \
	  .offset = offsetof(type_, field_), \
	  .unit = "", \
	  .doc = doc_, \
	  .sub = sub_ }
#define LIST(applies_, sec_, key_, label_, sub_, type_, field_, count_, def_, lo_, hi_, doc_) \
	{ .section = sec_, \
	  .key = key_, \
	  .label = label_, \
	  .type = RX_PT_LIST, \
	  .offset = offsetof(type_, field_), \
	  .def = def_, \
	  .unit = "", \
	  .doc = doc_, \
	  .applies_to = applies_, \
	  .sub = sub_, \
	  .aux_offset = offsetof(type_, count_), \
	  .item_size = sizeof(((type_ *)0)->field_[0]), \
	  .min_items = lo_, \
	  .max_items = hi_ }
#define INTS(applies_, sec_, key_, label_, type_, field_, count_, lo_, hi_, min_, max_, unit_, doc_) \
	{ .section = sec_, \
	  .key = key_, \
	  .label = label_, \
	  .type = RX_PT_INT_LIST, \
	  .offset = offsetof(type_, field_), \
	  .min = min_, \
	  .max = max_, \
	  .unit = unit_, \
	  .doc = doc_, \
	  .applies_to = applies_, \
	  .aux_offset = offsetof(type_, count_), \
	  .item_size = sizeof(int64_t), \
	  .min_items = lo_, \
	  .max_items = hi_ }

static const struct rx_param table[] = {
	/* scenario */
	P("seed", "Seed", RX_PT_INT, 0, 9007199254740991.0, 1, "", NULL,
	  "Seed of the PRNG (xoshiro256** seeded through SplitMix64). The same scenario and seed give a byte-identical "
	  "trace.",
	  RX_SEC_SCENARIO, offsetof(struct rx_scenario, seed)),
	P("duration_s", "Duration", RX_PT_FLOAT, 0.001, 3600, 60, "s", NULL,
	  "Simulated-time budget. A run that still has work when it is reached stops with truncated = true.",
	  RX_SEC_SCENARIO, offsetof(struct rx_scenario, duration_s)),
	P("max_events", "Event budget", RX_PT_INT, 1, 2e9, 50000000, "events", NULL,
	  "Event-count budget: the run stops cleanly with truncated = true when it is reached.", RX_SEC_SCENARIO,
	  offsetof(struct rx_scenario, max_events)),
	P("trace", "Trace", RX_PT_ENUM, 0, RX_TRACE__COUNT - 1, RX_TRACE_FULL, "", ch_trace,
	  "full: every event. sampled: retransmissions, probes, drops, timer fires, state changes and a sample of "
	  "every flow's state each sample_ms (for very long runs). none: metrics only.",
	  RX_SEC_SCENARIO, offsetof(struct rx_scenario, trace_mode)),
	P("sample_ms", "Sample interval", RX_PT_FLOAT, 0.01, 60000, 10, "ms", NULL,
	  "Interval of the state samples in trace mode 'sampled'.", RX_SEC_SCENARIO,
	  offsetof(struct rx_scenario, sample_ms)),
	OBJ(RX_SEC_SCENARIO, "path.forward", "Forward path", RX_SEC_DIR, struct rx_scenario, fwd,
	    "The forward direction: data from the senders to the receivers."),
	OBJ(RX_SEC_SCENARIO, "path.reverse", "Reverse path", RX_SEC_DIR, struct rx_scenario, rev,
	    "The reverse direction: ACKs (and the requests of 'requests' flows)."),
	LIST(NULL, RX_SEC_SCENARIO, "flows", "Flows", RX_SEC_FLOW, struct rx_scenario, flows, n_flows, 1, 1,
	     RX_MAX_FLOWS, "The TCP flows sharing the path, each with its application, TCP options and receiver."),
	/* path direction */
	PS(sp_unlimited, "rate_bps", "Bottleneck rate", RX_PT_FLOAT, 0, 1e11, 1e9, "bps", NULL,
	   "Bottleneck rate of this direction; 0 means unlimited (no serialization delay, no queue). Packets are "
	   "served "
	   "FIFO; serialization counts IP and TCP headers and options.",
	   RX_SEC_DIR, offsetof(struct rx_dir_cfg, rate_bps)),
	P("delay_ms", "One-way delay", RX_PT_FLOAT, 0, 10000, 20, "ms", NULL,
	  "One-way propagation delay of this direction. The base RTT is the sum of both directions' delays.",
	  RX_SEC_DIR, offsetof(struct rx_dir_cfg, delay_ms)),
	PS(sp_no_pkt_limit, "buffer_pkts", "Packet buffer", RX_PT_INT, 0, 1000000, 1000, "packets", NULL,
	   "Drop-tail buffer limit in packets waiting at the bottleneck (the one in service not counted); 0 = no "
	   "packet "
	   "limit.",
	   RX_SEC_DIR, offsetof(struct rx_dir_cfg, buffer_pkts)),
	PS(sp_no_byte_limit, "buffer_bytes", "Byte buffer", RX_PT_INT, 0, 1e10, 0, "bytes", NULL,
	   "Drop-tail buffer limit in bytes; 0 = no byte limit.", RX_SEC_DIR,
	   offsetof(struct rx_dir_cfg, buffer_bytes)),
	PS(sp_no_link_buffer, "link_buffer_bytes", "Link send buffer", RX_PT_INT, 0, 1e10, 0, "bytes", NULL,
	   "The link's own send buffer behind the router queue (F-RTO paper, Sarolahti et al. 2003, §5.1: a "
	   "GPRS-like link with 1776-byte link send and receive buffers, 28.8 kb/s, 200 ms, a 7-packet router "
	   "buffer). A packet leaves the router queue when its bytes fit in the link buffer, is serialised from it "
	   "in order and holds its bytes until delivered at the far end; buffer_pkts and buffer_bytes then limit "
	   "only the packets waiting for room. A packet larger than the buffer passes alone. Needs a rate; 0 = no "
	   "link buffer (the router queue feeds the serialiser directly).",
	   RX_SEC_DIR, offsetof(struct rx_dir_cfg, link_buffer_bytes)),
	PS(sp_no_nic, "sender_rate_bps", "Sender NIC rate", RX_PT_FLOAT, 0, 1e11, 0, "bps", NULL,
	   "The sending host's NIC: packets are serialised FIFO at this rate (headers and options counted, as at the "
	   "bottleneck) and enter the path's stages and bottleneck when their last bit leaves it; its queue (the "
	   "host's qdisc) never drops, and all flows of this direction share it. The mobile-recovery paper's testbed "
	   "(§VII.A): '1Gbps NICs. The peak sending throughput can reach 950 Mbps.' 0 = none: a window's burst "
	   "reaches the bottleneck at once (src/core/path.c N1-N4).",
	   RX_SEC_DIR, offsetof(struct rx_dir_cfg, sender_rate_bps)),
	OBJ(RX_SEC_DIR, "loss", "Loss", RX_SEC_LOSS, struct rx_dir_cfg, loss,
	    "The loss stage at the ingress of this direction."),
	{ .section = RX_SEC_DIR,
	  .key = "stages",
	  .label = "Further stages",
	  .type = RX_PT_TAGGED_LIST,
	  .offset = offsetof(struct rx_dir_cfg, stages),
	  .unit = "",
	  .doc = "Further stages after the loss model, in order, each {kind: a member of the path-stage family, and "
		 "that stage's own parameters}: e.g. random loss on top of positioned drops. Each stage draws from "
		 "its own random stream.",
	  .family = RX_FAM_STAGE,
	  .aux_offset = offsetof(struct rx_dir_cfg, n_stages),
	  .item_size = sizeof(struct rx_tagged_item),
	  .min_items = 0,
	  .max_items = RX_MAX_LIST_STAGES },
	LIST(NULL, RX_SEC_DIR, "schedule", "Delay and loss schedule", RX_SEC_SCHED, struct rx_dir_cfg, schedule,
	     n_schedule, 0, 0, RX_MAX_SCHED_ROWS,
	     "The time-variant delay and loss table of an LTE handover emulator (Kato et al., §3.1, Eq. 1 and 2), "
	     "read by a 'schedule' stage listed in this direction's stages: rows of (time_ms, delay_ms, loss_rate) "
	     "in time order, linearly interpolated between rows, a step where two rows share a time, constant "
	     "before the first row and after the last."),
	/* loss stage */
	P("model", "Loss model", RX_PT_ENUM, 0, RX_LOSS__COUNT - 1, RX_LOSS_NONE, "", ch_loss,
	  "Loss stage at the ingress of this direction. positioned: act on chosen transmissions (drop, delay, "
	  "duplicate), as KauNet does; tail: drop the last `count` data segments of every object on their first "
	  "transmission; bernoulli: independent loss with probability p; gilbert_elliott: two-state Markov loss "
	  "(Gilbert 1960, Elliott 1963).",
	  RX_SEC_LOSS, offsetof(struct rx_loss_cfg, model)),
	PA("model:tail", "count", "Tail losses", RX_PT_INT, 0, 1000000, 1, "segments", NULL,
	   "tail: how many of the last data segments of each object are lost (first transmission only).", RX_SEC_LOSS,
	   offsetof(struct rx_loss_cfg, count)),
	PA("model:bernoulli,gilbert_elliott", "p", "Loss probability or P(good → bad) (p)", RX_PT_FLOAT, 0, 1, 0, "",
	   NULL,
	   "bernoulli: loss probability per packet. gilbert_elliott: probability of moving from the good to the bad "
	   "state per packet.",
	   RX_SEC_LOSS, offsetof(struct rx_loss_cfg, p)),
	PA("model:gilbert_elliott", "r", "P(bad → good) per packet (r)", RX_PT_FLOAT, 0, 1, 0.5, "", NULL,
	   "gilbert_elliott: probability of moving from the bad to the good state per packet (mean burst length 1/r).",
	   RX_SEC_LOSS, offsetof(struct rx_loss_cfg, r)),
	PA("model:gilbert_elliott", "loss_good", "Loss probability, good state", RX_PT_FLOAT, 0, 1, 0, "", NULL,
	   "gilbert_elliott: loss probability in the good state.", RX_SEC_LOSS,
	   offsetof(struct rx_loss_cfg, loss_good)),
	PA("model:gilbert_elliott", "loss_bad", "Loss probability, bad state", RX_PT_FLOAT, 0, 1, 1, "", NULL,
	   "gilbert_elliott: loss probability in the bad state.", RX_SEC_LOSS, offsetof(struct rx_loss_cfg, loss_bad)),
	PA("model:bernoulli,gilbert_elliott", RX_SPARE_RTX_KEY, RX_SPARE_RTX_LABEL, RX_PT_BOOL, 0, 1, 0, "", NULL,
	   RX_SPARE_RTX_DOC, RX_SEC_LOSS, offsetof(struct rx_loss_cfg, spare_retransmissions)),
	LIST("model:positioned", RX_SEC_LOSS, "rules", "Positioned losses", RX_SEC_RULE, struct rx_loss_cfg, rules,
	     n_rules, 0, 0, RX_MAX_POS_RULES,
	     "positioned: the rules, each acting on one chosen transmission (of count consecutive segments)."),
	/* positioned rules */
	P("flow", "Flow", RX_PT_INT, 0, RX_MAX_FLOWS - 1, 0, "", NULL,
	  "Index of the flow whose packet the rule acts on.", RX_SEC_RULE, offsetof(struct rx_pos_rule, flow)),
	PS(sp_segment, "segment", "Segment", RX_PT_INT, 0, 1e9, 1, "", NULL,
	   "Forward path: the i-th new data segment the flow sends (1-based; 0 = the SYN). Reverse path: the i-th ACK "
	   "the receiver sends (0 = the SYN-ACK).",
	   RX_SEC_RULE, offsetof(struct rx_pos_rule, segment)),
	P("count", "Consecutive segments", RX_PT_INT, 1, 1e9, 1, "segments", NULL,
	  "How many consecutive segments (reverse path: ACKs) the rule acts on, from segment on: segment .. segment + "
	  "count - 1, each at the same transmission. A burst of consecutive losses in one rule, so that a comparison "
	  "grid can vary its size (the opportunistic-retransmission paper's bursts of 10 to 100 packets, §IV.B, "
	  "Tables 1 and 4).",
	  RX_SEC_RULE, offsetof(struct rx_pos_rule, count)),
	P("transmission", "Transmission", RX_PT_INT, 1, 1000, 1, "", NULL,
	  "The k-th transmission of that segment (1 = original, 2 = first retransmission, ...). Ignored for ACKs other "
	  "than the SYN-ACK.",
	  RX_SEC_RULE, offsetof(struct rx_pos_rule, transmission)),
	P("action", "Action", RX_PT_ENUM, 0, RX_POS__COUNT - 1, RX_POS_DROP, "", ch_action,
	  "drop the packet, delay it by delay_ms (it may be overtaken: a spurious-timeout demonstration), or duplicate "
	  "it (a DSACK demonstration).",
	  RX_SEC_RULE, offsetof(struct rx_pos_rule, action)),
	P("delay_ms", "Extra delay", RX_PT_FLOAT, 0, 600000, 0, "ms", NULL, "Extra delay for action 'delay'.",
	  RX_SEC_RULE, offsetof(struct rx_pos_rule, delay_ms)),
	/* flow: application */
	FAM("app.kind", RX_FAM_APP,
	    "fixed: one object of app.segments (or app.bytes); bulk: writes without pause for app.duration_s; "
	    "requests: "
	    "request/response objects on one persistent connection with idle gaps (paper §3.3).",
	    app_kind),
	PA("app.kind:fixed", "app.segments", "Flow size", RX_PT_INT, 1, 1e7, 10, "segments", NULL,
	   "fixed: flow size in full-sized segments (ignored when app.bytes > 0).", RX_SEC_FLOW,
	   offsetof(struct rx_flow_cfg, app_segments)),
	PAS("app.kind:fixed", sp_app_bytes, "app.bytes", "Flow size", RX_PT_INT, 0, 1e10, 0, "bytes", NULL,
	    "fixed: flow size in bytes (0 = use app.segments).", RX_SEC_FLOW, offsetof(struct rx_flow_cfg, app_bytes)),
	PA("app.kind:bulk", "app.duration_s", "Write for", RX_PT_FLOAT, 0.001, 3600, 10, "s", NULL,
	   "bulk: how long the application keeps writing.", RX_SEC_FLOW, offsetof(struct rx_flow_cfg, app_duration_s)),
	PA("app.kind:requests", "app.requests", "Requests", RX_PT_INT, 1, RX_MAX_REQUESTS, 10, "", NULL,
	   "requests: number of objects (ignored when app.sizes is given).", RX_SEC_FLOW,
	   offsetof(struct rx_flow_cfg, app_requests)),
	PA("app.kind:requests", "app.object_bytes", "Object size", RX_PT_INT, 1, 1e9, 14480, "bytes", NULL,
	   "requests: size of every object (when app.sizes is not given).", RX_SEC_FLOW,
	   offsetof(struct rx_flow_cfg, app_object_bytes)),
	PA("app.kind:requests", "app.gap_ms", "Think time", RX_PT_FLOAT, 0, 600000, 100, "ms", NULL,
	   "requests: the client's think time between the end of one response and its next request; the request "
	   "reaches "
	   "the sender one reverse one-way delay later.",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, app_gap_ms)),
	PA("app.kind:requests", "app.until_ms", "Requests until", RX_PT_FLOAT, 0, 3600000, 0, "ms", NULL,
	   "requests: the client issues no request later than this after the flow's start, and the flow completes "
	   "once the objects it asked for have arrived (0: it asks for every object).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, app_until_ms)),
	P("start_ms", "Start at", RX_PT_FLOAT, 0, 3600000, 0, "ms", NULL,
	  "When the flow starts (its SYN, or its first data segment without a handshake).", RX_SEC_FLOW,
	  offsetof(struct rx_flow_cfg, start_ms)),
	P("start_jitter_ms", "Start jitter", RX_PT_FLOAT, 0, 3600000, 0, "ms", NULL,
	  "The flow starts at start_ms plus a random offset, uniform in [0, start_jitter_ms), drawn from the "
	  "scenario's "
	  "seed and the flow's index: replications with different seeds start it at different times (random arrivals, "
	  "as a traffic generator's). 0: exactly at start_ms.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, start_jitter_ms)),
	P("access_delay_ms", "Access delay", RX_PT_FLOAT, 0, 10000, 0, "ms", NULL,
	  "One-way delay of the flow's own access link, added to path.<dir>.delay_ms in both directions after the "
	  "bottleneck: a dumbbell's edge links, so flows sharing the bottleneck can have different RTTs (the tail-loss "
	  "paper §3.2 sets the foreground flows' one-way delay while the background traffic keeps its own).",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, access_delay_ms)),
	/* flow: tcp */
	P("tcp.mss", "MSS", RX_PT_INT, 64, 65495, 1448, "bytes", NULL,
	  "Sender maximum segment size (payload bytes). 1448 fills a 1500-byte packet with timestamps.", RX_SEC_FLOW,
	  offsetof(struct rx_flow_cfg, mss)),
	P("tcp.iw", "Initial window", RX_PT_INT, 1, 1000, 10, "segments", NULL,
	  "Initial congestion window (RFC 6928 recommends 10).", RX_SEC_FLOW, offsetof(struct rx_flow_cfg, iw)),
	P("tcp.sack", "SACK", RX_PT_BOOL, 0, 1, 1, "", NULL,
	  "Selective acknowledgments (RFC 2018) with RFC 6675 loss recovery; off: NewReno (RFC 6582).", RX_SEC_FLOW,
	  offsetof(struct rx_flow_cfg, sack)),
	P("tcp.timestamps", "Timestamps", RX_PT_BOOL, 0, 1, 1, "", NULL,
	  "TCP timestamps (RFC 7323): 12 option bytes per segment; leaves room for 3 SACK blocks instead of 4. With "
	  "the rfc6298 RTT profile they give an RTT sample on every ACK that advances SND.UNA (RFC 7323 App. G), "
	  "else one per RTT.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, timestamps)),
	P("tcp.handshake", "Handshake", RX_PT_BOOL, 0, 1, 1, "", NULL,
	  "Three-way handshake before data; the SYN/SYN-ACK exchange gives the first RTT sample (RFC 6298 §2). Without "
	  "it the first RTO is initial_rto_ms and SRTT is unknown.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, handshake)),
	P("tcp.rtt_profile", "RTT estimator", RX_PT_ENUM, 0, RX_RTT__COUNT - 1, RX_RTT_RFC6298, "", ch_rtt,
	  "rfc6298: SRTT/RTTVAR of RFC 6298 with a 1 s minimum RTO. Its samples (RFC 6298 §3): without timestamps "
	  "one measurement at a time, once per RTT (a segment is timed until it is acknowledged, Karn's rule "
	  "applied), with alpha 1/8 and beta 1/4; with timestamps every ACK that advances SND.UNA (RFC 7323 §4.1), "
	  "with alpha and beta divided by ExpectedSamples = ceil(FlightSize / 2 SMSS) (RFC 7323 App. G), so that "
	  "many samples per window keep RFC 6298's history. linux: Linux's estimator on every ACK's sample (RTTVAR "
	  "tracks the largest deviation per RTT, never below the 200 ms minimum RTO; RTO = SRTT + RTTVAR).",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, rtt_profile)),
	FAM("tcp.cc", RX_FAM_CC,
	    "Congestion control: how the window grows, and the slow-start threshold after a loss (each member's "
	    "description is in the catalogue's mechanisms.cc).",
	    cc),
	FAM("tcp.timer", RX_FAM_TIMER,
	    "Retransmission-timer policy: when the timer slot fires (each member's description is in the catalogue's "
	    "mechanisms.timer).",
	    timer),
	FAM("tcp.recovery", RX_FAM_RECOVERY,
	    "Recovery: how much is sent while the window is reduced, in fast recovery and CWR (each member's "
	    "description "
	    "is in the catalogue's mechanisms.recovery).",
	    recovery),
	FAM("tcp.lossdet", RX_FAM_LOSSDET,
	    "Loss detection: which segments are lost and when fast recovery starts (each member's description is in "
	    "the "
	    "catalogue's mechanisms.lossdet).",
	    lossdet),
	{ .section = RX_SEC_FLOW,
	  .key = "tcp.spurious",
	  .label = "Spurious-timeout detection",
	  .type = RX_PT_SET,
	  .offset = offsetof(struct rx_flow_cfg, spurious_mask),
	  .unit = "",
	  .doc = "Spurious-timeout detection after an RTO: the detectors that judge the ACKs that follow, each in "
		 "registry order, the first decisive verdict winning; a spurious verdict undoes the reduction "
		 "(RFC 4015). Empty: none (each member's description is in the catalogue's mechanisms.spurious).",
	  .family = RX_FAM_SPURIOUS,
	  .min_items = 0,
	  .max_items = RX_MAX_SPURIOUS },
	P("tcp.spurious_response", "Spurious-timeout response", RX_PT_ENUM, 0, RX_SPR__COUNT - 1, RX_SPR_REVERT, "",
	  ch_spr,
	  "What the sender does when a detector of tcp.spurious declares an RTO spurious. revert: restore cwnd "
	  "(congestion control's undo) and ssthresh as they were before the timeout, as the F-RTO paper's Eifel "
	  "sender and Linux do. rfc4015: the Eifel response algorithm (RFC 4015 §3 step 4): cwnd = FlightSize + "
	  "min(bytes_acked, IW), ssthresh = pipe_prev = max(FlightSize, ssthresh) when the timeout fired; and "
	  "its adaptation of the retransmission timer: on the first RTT sample m of data sent after the timeout, "
	  "SRTT = max(SRTT + 2G at the timeout, m), RTTVAR = max(RTTVAR at the timeout, m/2), RTO = SRTT + max(G, "
	  "4 RTTVAR) (rfc6298 estimator only; taken from secondary sources, the RFC's text of that step being "
	  "unavailable: src/core/rtt.c). none: "
	  "detect only (counted in spurious_rtos_detected), the conventional recovery goes on. halve: the F-RTO "
	  "paper's response (Sarolahti et al. 2003, §3 step 2a): cwnd = ssthresh, half the flight when the timeout "
	  "fired, and congestion avoidance from there. Every response but none resumes with new data (step 3: "
	  "segments never retransmitted are no longer marked lost).",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, spurious_response)),
	P("tcp.frto_variant", "F-RTO variant", RX_PT_ENUM, 0, RX_FRTO__COUNT - 1, RX_FRTO_AUTO, "", ch_frto,
	  "With tcp.spurious holding frto: which F-RTO (RFC 5682) judges the ACKs after an RTO. basic: §2, the second "
	  "ACK after the RTO decides "
	  "(advances the window: spurious; a duplicate ACK: genuine). sack: §3, SACK-enhanced, duplicate ACKs in "
	  "step 2 wait, and the second new ACK is spurious unless it (S)ACKs only data above recover. auto: sack "
	  "when tcp.sack is on, else basic (the RFC's choice). linux: as Linux 6.18 was measured to do "
	  "(frto2-spurious-rto.pkt): the first ACK that (S)ACKs never-retransmitted data undoes at once.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, frto_variant)),
	P("tcp.eifel_variant", "Eifel variant", RX_PT_ENUM, 0, RX_EIFEL__COUNT - 1, RX_EIFEL_RFC3522, "", ch_eifel,
	  "With tcp.spurious holding eifel: which timestamp undo follows the verdict. rfc3522: the Eifel detection "
	  "algorithm (RFC 3522 §3.2) answered by tcp.spurious_response, after which the sender leaves Loss. linux: "
	  "the same verdict, but without SACK the sender stays in Loss after the undo (the window is restored, the "
	  "state is left only when the ACKs reach the RTO's recover point), as Linux 6.18 was measured to do "
	  "(shared/linux-reference, Non-SACK+TS: a TS-echo ACK restores cwnd 10 but the state stays Loss); with "
	  "SACK both leave Loss at once.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, eifel_variant)),
	PA("tcp.lossdet:dupack", "tcp.early_retransmit", "Early Retransmit", RX_PT_BOOL, 0, 1, 1, "", NULL,
	   "Early Retransmit (RFC 5827): with fewer than 4 segments outstanding and nothing new to send, lower the "
	   "duplicate-ACK threshold.",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, early_retransmit)),
	PA("tcp.lossdet:dupack", "tcp.er_variant", "ER variant", RX_PT_ENUM, 0, RX_ER__COUNT - 1, RX_ER_RFC5827, "",
	   ch_er,
	   "rfc5827: retransmit once oldSegs - 1 segments are SACKed (RFC 5827 §3.2). linux: once any segment is "
	   "SACKed "
	   "while fewer than 4 are outstanding and no retransmission is in flight, as Linux 3.x does (so one probe ACK "
	   "recovers 2-3 tail losses, paper §3.1).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, er_variant)),
	PA("tcp.lossdet:dupack", "tcp.er_delayed", "Delayed ER", RX_PT_BOOL, 0, 1, 0, "", NULL,
	   "Delay the early retransmission by max(SRTT/4, 2 ms), Linux's guard against reordering (RFC 5827 App. A.3); "
	   "the paper's 'time-delayed ER'.",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, er_delayed)),
	P("tcp.ssthresh_from_cwnd", "ssthresh from cwnd", RX_PT_BOOL, 0, 1, 0, "", NULL,
	  "Compute the post-loss ssthresh from cwnd as Linux does, instead of from FlightSize as RFC 5681 eq. (4) "
	  "says. Matters for application-limited flows: with FlightSize a 4-segment tail leaves too small a window to "
	  "repair the holes at once.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, ssthresh_from_cwnd)),
	P("tcp.opportunistic_rtx", "Opportunistic retransmission", RX_PT_BOOL, 0, 1, 0, "", NULL,
	  "Opportunistic retransmission (Zhou et al., opportunistic-retransmission paper §IV): in fast recovery, "
	  "once every segment marked lost has been retransmitted, new data may go past the receive window by the "
	  "n1 + n2 segments the SACK blocks show between the cumulative ACK and the highest SACKed byte (n1 holes, "
	  "n2 SACKed segments: the window the receiver will open when the holes are filled), still within pipe <= "
	  "cwnd (the recovery's quota). Such a segment's cause is 'opportunistic'. Off: the receive window binds "
	  "(RFC 9293 §3.8.6).",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, opportunistic_rtx)),
	PA("tcp.lossdet:dupack", "tcp.fack", "FACK", RX_PT_BOOL, 0, 1, 0, "", NULL,
	   "Forward acknowledgment loss marking (Mathis & Mahdavi, SIGCOMM 1996): a segment is lost once the highest "
	   "SACKed segment is dupthresh or more segments above it; in recovery every un-SACKed segment below the "
	   "highest SACK is lost, and at least the first unacknowledged one (the paper's awnd; Linux 3.x). Linux 3.x "
	   "enabled it by default; TLP relies on it to recover 4 or more tail losses (paper §3.1).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, fack)),
	PA("tcp.lossdet:dupack,rack", "tcp.limited_transmit", "Limited Transmit", RX_PT_BOOL, 0, 1, 1, "", NULL,
	   "Limited Transmit (RFC 3042): send new data on the first two duplicate ACKs.", RX_SEC_FLOW,
	   offsetof(struct rx_flow_cfg, limited_transmit)),
	PA("tcp.lossdet:dupack,rack", "tcp.dupthresh", "DupThresh", RX_PT_INT, 1, 8, 3, "ACKs", NULL,
	   "DupThresh: duplicate ACKs (or SACKed segments above a hole) that mark a loss (RFC 5681 §3.2, RFC 6675 §4). "
	   "With RACK, before any reordering is seen, DupThresh SACKed segments make the reordering window zero "
	   "(RFC 8985 §6.2 step 4).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, dupthresh)),
	PA("tcp.timer:rtor", "tcp.rrthresh", "rrthresh", RX_PT_INT, 1, 1000, 4, "segments", NULL,
	   "RTO Restart: restart to RTO - T_earliest only while the outstanding plus the previously unsent segments "
	   "are fewer than rrthresh (RFC 7765 §4; with the member's rule 'simplified': fewer than rrthresh "
	   "outstanding and nothing unsent, §5.3).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, rrthresh)),
	PA("tcp.timer:tlp,tlpr,tlp_rfc8985", "tcp.wc_delack_ms", "WCDelAckT", RX_PT_FLOAT, 0, 1000, 200, "ms", NULL,
	   "TLP: WCDelAckT, the worst-case delayed-ACK timer added to the PTO when one segment is outstanding (paper "
	   "eq. 2, RFC 8985 §7.2).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, wc_delack_ms)),
	PS(sp_min_rto, "tcp.min_rto_ms", "Min RTO", RX_PT_FLOAT, -1, 60000, -1, "ms", NULL,
	   "Minimum RTO; -1 = the profile's (1000 ms rfc6298, RFC 6298 (2.4); 200 ms linux).", RX_SEC_FLOW,
	   offsetof(struct rx_flow_cfg, min_rto_ms)),
	PS(sp_max_rto, "tcp.max_rto_ms", "Max RTO", RX_PT_FLOAT, 0, 600000, 0, "ms", NULL,
	   "Maximum RTO; 0 = the profile's (60 s rfc6298, RFC 6298 (2.5); 120 s linux).", RX_SEC_FLOW,
	   offsetof(struct rx_flow_cfg, max_rto_ms)),
	P("tcp.initial_rto_ms", "Initial RTO", RX_PT_FLOAT, 1, 60000, 1000, "ms", NULL,
	  "RTO before the first RTT sample (RFC 6298 (2.1): 1 s).", RX_SEC_FLOW,
	  offsetof(struct rx_flow_cfg, initial_rto_ms)),
	P("tcp.clock_granularity_ms", "Clock granularity G", RX_PT_FLOAT, 0, 1000, 1, "ms", NULL,
	  "G of RFC 6298 (2.2): RTO = SRTT + max(G, 4 RTTVAR) (rfc6298 profile).", RX_SEC_FLOW,
	  offsetof(struct rx_flow_cfg, clock_granularity_ms)),
	PS(sp_hz, "tcp.hz", "Kernel tick (HZ)", RX_PT_INT, 0, 1000, 0, "Hz", NULL,
	   "Kernel tick (CONFIG_HZ) of the sender's timers: 0 = continuous time; 100, 250 or 1000 = a tick of 10, 4 or "
	   "1 ms, as Linux runs its TCP timers. Every timer of the retransmission slot (RTO, probe, loss-detection "
	   "timer) is held as a whole number of ticks, its length rounded up, and fires on a tick boundary one tick "
	   "after that count (the timer wheel never fires a timer early); the linux RTT profile also holds its RTO in "
	   "whole ticks (SRTT + RTTVAR rounded up) and doubles it on backoff. At HZ 250 this gives the figures "
	   "measured on Linux 6.18 (shared/linux-reference): tcpi_rto 304, 608, 1216 ms at RTT 100, and a probe "
	   "2 SRTT + 2 jiffies after the ACK with two or more segments out (+208 ms at RTT 100, +28 at 10). Not "
	   "modelled: the timer wheel's coarser filing of long timers (at HZ 250 up to 7 ticks more for timers of "
	   "252 ms to 2 s, up to 63 beyond), the tick's phase (ticks count from t = 0), the receiver's delayed-ACK "
	   "timer. RTT samples stay exact (Linux measures them in microseconds).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, hz)),
	P("tcp.slow_start_after_idle", "Slow start after idle", RX_PT_BOOL, 0, 1, 1, "", NULL,
	  "Reset cwnd to the restart window min(IW, cwnd) after an idle period longer than the RTO (RFC 5681 §4.1).",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, slow_start_after_idle)),
	P("tcp.slow_start", "Slow start", RX_PT_ENUM, 0, RX_SS__COUNT - 1, RX_SS_RFC5681, "", ch_ss,
	  "How slow start grows cwnd on an ACK of new data, for every congestion control. rfc5681: by min(N, SMSS), N "
	  "the bytes the ACK newly acknowledges (RFC 5681 §3.1 eq. 2), so a delayed ACK for 2 segments adds 1. "
	  "byte_counting: by the bytes the ACK newly delivered, cumulatively or by SACK, each byte once (RFC 3465 "
	  "Appropriate Byte Counting, which RFC 5681 §3.1 allows on an experimental basis), at most abc_limit_segs "
	  "segments, and never past ssthresh: what is left over goes to congestion avoidance. With no limit this is "
	  "how Linux counts (an ACK for 8 segments adds 8).",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, slow_start)),
	PAS("tcp.slow_start:byte_counting", sp_abc_limit, "tcp.abc_limit_segs", "Byte-counting limit L", RX_PT_INT, 0,
	    1000, 0, "segments", NULL,
	    "byte_counting: the limit L, the most one ACK may grow cwnd in slow start, in segments; 0 = no limit, as "
	    "Linux (and RFC 9406 §4.3's L = infinity for a paced sender). RFC 3465 uses L = 2, one delayed ACK's "
	    "worth; "
	    "L = 1 is rfc5681's increase, counted over the bytes newly delivered and stopped at ssthresh.",
	    RX_SEC_FLOW, offsetof(struct rx_flow_cfg, abc_limit_segs)),
	P("tcp.cwnd_limited", "Window-growth test", RX_PT_ENUM, 0, 1, 0, "", ch_cwl,
	  "When the window may grow (RFC 5681 §3.1 grows a window the sender uses; RFC 7661 stops growth while "
	  "application-limited). half_pipe: the data in flight before the ACK was at least half of cwnd. linux: in "
	  "slow start while cwnd is below twice the largest flight since the current window began, in congestion "
	  "avoidance once that flight reached cwnd, as Linux decides it (so the ACK that drains an IW10 flight still "
	  "grows the window: cwnd 20 after it, as the reference kernel reports).",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, cwnd_limited)),
	/* flow: the send buffer (src/core/sndbuf.c) */
	PS(sp_sndbuf, "tcp.sndbuf_bytes", "Send buffer", RX_PT_INT, 0, 1073741824, 0, "bytes", NULL,
	   "The socket's send buffer between the application and TCP, its initial size (Linux's tcp_wmem default, "
	   "e.g. 16 KB, opportunistic-retransmission paper §V.B); 0 = not modelled: the application's data is "
	   "there the moment it is written. Written data stays in the buffer until it is cumulatively acknowledged "
	   "(SACKed data too, §V.B); a writer that finds it full sleeps and wakes only when more than a third of it "
	   "is free (§V.B rule (c), Theorem 10), then fills it up in whole segments. While it sleeps and the sender "
	   "has room in cwnd and the receive window but nothing left to send, the flow is in application stall "
	   "(Definition 1, §V; metrics app_stall_*). At least two segments (2 × tcp.mss).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, sndbuf_bytes)),
	PS(sp_sndbuf_growth, "tcp.sndbuf_growth", "Send-buffer growth factor", RX_PT_INT, 0, 8, 0, "", NULL,
	   "How the send buffer grows with cwnd: to max(size, factor × cwnd), never shrinking, up to "
	   "tcp.sndbuf_limit_bytes. 2 is Linux's rule (\"sndbuf=2CW at all times\", opportunistic-retransmission "
	   "paper §V.B); 3 is the paper's refinement (§V.C, Theorem 11: the least factor with which no application "
	   "stall occurs during loss recovery, whatever the recovery's reduction β; §VI's snd_buffer_grow_factor, 3 "
	   "by default there); 0 = a fixed size. Only with tcp.sndbuf_bytes > 0.",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, sndbuf_growth)),
	PS(sp_sndbuf_limit, "tcp.sndbuf_limit_bytes", "Send-buffer limit", RX_PT_INT, 0, 1073741824, 0, "bytes", NULL,
	   "The most the send buffer grows to (Linux's tcp_wmem maximum, snd_wmem_max, opportunistic-retransmission "
	   "paper §V.B); 0 = no limit. At least tcp.sndbuf_bytes when set.",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, sndbuf_limit_bytes)),
	P("tcp.hack1_dupack_rtx", "Hack 1: head again on plain duplicate ACKs", RX_PT_BOOL, 0, 1, 0, "", NULL,
	  "The opportunistic-retransmission paper's Hack 1 (§VIII): in recovery, count the duplicate ACKs that bring "
	  "no new SACK (nor advance snd.una); when the count exceeds tcp.dupthresh, fast-retransmit the first "
	  "unacknowledged segment again at once (cause hack1), so a lost retransmission of it is repaired without "
	  "waiting for the RTO. The count starts at 0 when recovery begins, when snd.una advances and after each such "
	  "retransmission. Off: only the RTO (or RACK) repairs a lost retransmission.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, hack1_dupack_rtx)),
	/* flow: receiver */
	P("receiver.ack_policy", "ACK policy", RX_PT_ENUM, 0, RX_ACK__COUNT - 1, RX_ACK_DELAYED, "", ch_ack,
	  "quick: ACK every segment (Linux quickack). delayed: ACK every second full-sized segment or after delack_ms, "
	  "and at once for out-of-order, duplicate and gap-filling segments (RFC 5681 §4.2). linux: the Linux 6.18 "
	  "receiver as measured (shared/linux-reference, delack-receiver-read.pkt): quick-ACK mode for the first "
	  "quickacks ACKs of the connection (at most rwnd_bytes / (2 MSS)), then delayed's rules, with Linux's "
	  "immediate ACK when more than one full-sized segment's bytes are unacknowledged (ack_trigger "
	  "more_than_one_segment) and an adaptive "
	  "timeout, the ATO: ato_min_ms at first, doubled each time the delayed-ACK timer fires, never above the "
	  "receiver's RTT estimate (its SYN-ACK's round trip; measured +41, +84, ~+108 ms at RTT 100 ms) nor "
	  "ato_max_ms. Interactive (ping-pong) mode is not modelled: the receiver sends no data.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, ack_policy)),
	PA("receiver.ack_policy:delayed", "receiver.delack_ms", "Delayed-ACK timeout", RX_PT_FLOAT, 0.001, 500, 200,
	   "ms", NULL, "delayed: the delayed-ACK timeout (RFC 5681 §4.2: under 500 ms; 200 ms is common).", RX_SEC_FLOW,
	   offsetof(struct rx_flow_cfg, delack_ms)),
	PA("receiver.ack_policy:delayed", "receiver.ack_trigger", "Immediate-ACK trigger", RX_PT_ENUM, 0,
	   RX_ACK_TRIGGER__COUNT - 1, RX_ACK_TRIGGER_TWO_FULL, "", ch_ack_trigger,
	   "delayed: when in-order data is ACKed at once rather than by the timer (src/core/receiver.c, D0/D1). "
	   "two_full_segments: with the second full-sized (tcp.mss) segment unacknowledged (RFC 1122 4.2.3.2, RFC "
	   "5681 §4.2: \"an ACK SHOULD be generated for at least every second full-sized segment\"); a full segment "
	   "and a runt wait for the timer. more_than_one_segment: Linux's rule, when more than one full-sized "
	   "segment's worth of bytes is unacknowledged and the advertised window would not shrink (the application "
	   "has read the data; shared/linux-reference, delack-receiver-read.pkt and delack-receiver.pkt), so a "
	   "full segment and a runt are ACKed at once. The linux policy always uses more_than_one_segment.",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, ack_trigger)),
	PAS("receiver.ack_policy:linux", sp_quickacks, "receiver.quickacks", "Quick ACKs", RX_PT_INT, 0, 1000, 16,
	    "ACKs", NULL,
	    "linux: quick-ACK mode at the start of the connection: every data segment is ACKed at once until this "
	    "many ACKs have been sent (every ACK counts, immediate ones for out-of-order data too), but no more than "
	    "rwnd_bytes / (2 MSS), half the receive buffer in segments. The kernel ACKed its first 16 isolated "
	    "segments at once (shared/linux-reference, delack-receiver.pkt, its window above 32 segments); quick ACKs "
	    "let the sender's slow start grow (\"we send one ACK per received segment anyway at beginning\", Linux "
	    "commit 'tcp: introduce a per-route knob for quick ack'). The window bound is Linux's and is not measured "
	    "by the reference. The mode is not entered again (the kernel's re-entry, e.g. after an idle period, is "
	    "not measured).",
	    RX_SEC_FLOW, offsetof(struct rx_flow_cfg, quickacks)),
	PA("receiver.ack_policy:linux", "receiver.ato_min_ms", "Initial ATO", RX_PT_FLOAT, 0.001, 499, 40, "ms", NULL,
	   "linux: the first delayed-ACK timeout (ATO) after quick-ACK mode, TCP_ATO_MIN = 40 ms (measured +41 ms, "
	   "one 4 ms kernel tick later); it doubles each time the delayed-ACK timer fires (measured +84 ms next).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, ato_min_ms)),
	PA("receiver.ack_policy:linux", "receiver.ato_max_ms", "ATO ceiling", RX_PT_FLOAT, 0.001, 499, 200, "ms", NULL,
	   "linux: the ATO's ceiling when the receiver's RTT estimate is larger or missing (no handshake, or a "
	   "SYN-ACK sent more than once: Karn, RFC 6298 §3). The RTT estimate caps the ATO below it (measured "
	   "~+108 ms at RTT 100 ms); 200 ms is TCP_DELACK_MAX, which the reference names as the interactive "
	   "(ping-pong) cap; RFC 9293 §3.8.6.3 requires a delay under 0.5 s (MUST-40).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, ato_max_ms)),
	P("receiver.rwnd_bytes", "Receive buffer", RX_PT_INT, 64, 1073741824, 67108864, "bytes", NULL,
	  "Receive buffer (RFC 9293 RCV.BUFF). With the default application, which reads in-order data at once, the "
	  "advertised window is the whole buffer; out-of-order data held lies inside the window already offered and "
	  "never shrinks it (RFC 9293 §3.8.6). With a slower reader (receiver.read_bytes_per_s, "
	  "receiver.read_blocked_ms) or window scaling the window is the buffer less what it holds, unread or out of "
	  "order, never shrunk, with receiver SWS avoidance (§3.8.6.2.2); data past the buffer is dropped.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, rwnd_bytes)),
	PS(sp_rwnd_bdp, "receiver.rwnd_bdp", "Receive buffer in bandwidth-delay products", RX_PT_FLOAT, 0, 100, 0,
	   "BDP", NULL,
	   "The receive buffer as a multiple k of the path's bandwidth-delay product, in place of rwnd_bytes: "
	   "floor(C × U × k / 8) bytes, C = path.forward.rate_bps, U = the round trip's propagation delay "
	   "(path.forward.delay_ms + path.reverse.delay_ms + 2 × access_delay_ms), resolved once at setup "
	   "(src/core/receiver.c, W0). k = 1 is the opportunistic-retransmission paper's testbed, \"AW = C×U\" "
	   "(Table 3), so that a grid over the delay moves the window with it. C × U counts wire bytes and the "
	   "window payload, so it holds a little more than C × U packets' worth of segments (171 against 165 at "
	   "20 Mb/s, 100 ms, 1515-byte packets). Needs a bottleneck rate; the window must come out between "
	   "tcp.mss and 1073741824 bytes (and within 65535 << receiver.wscale when scaled).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, rwnd_bdp)),
	P("receiver.wscale", "Window scale", RX_PT_INT, 0, 14, 0, "bits", NULL,
	  "The receiver's window shift count (RFC 7323 §2, Rcv.Wind.Shift, at most 14): every ACK's window field is "
	  "the window shifted right by it (SEG.WND = RCV.WND >> shift), so the sender sees the window rounded down "
	  "to a multiple of 2^shift; the SYN-ACK's is never scaled. With a shift the buffer must fit the field: "
	  "rwnd_bytes at most 65535 << shift. 0: no scaling, and (as the engine always did) no 16-bit limit either.",
	  RX_SEC_FLOW, offsetof(struct rx_flow_cfg, wscale)),
	PS(sp_read_rate, "receiver.read_bytes_per_s", "Application read rate", RX_PT_INT, 0, 1e12, 0, "bytes/s", NULL,
	   "The receiving application (src/app/app_reader.c) reads in-order data at this rate, as a fluid, while it "
	   "is not blocked; what it has not read stays in the receive buffer and the advertised window follows the "
	   "buffer's occupancy (RFC 9293 §3.8.6.2.2: RCV.WND = RCV.BUFF - RCV.USER, with receiver SWS avoidance). 0: "
	   "it reads at once (the advertised window is the whole buffer). A slow reader makes the receive window "
	   "the bottleneck, as the opportunistic-retransmission paper studies (§I, §IV: AWnd).",
	   RX_SEC_FLOW, offsetof(struct rx_flow_cfg, read_bytes_per_s)),
	INTS(NULL, RX_SEC_FLOW, "receiver.read_blocked_ms", "Application blocked", struct rx_flow_cfg, read_blocked_ms,
	     n_read_blocked, 0, 2 * RX_MAX_READ_BLOCKS, 0, 3600000, "ms",
	     "Periods in which the receiving application reads nothing, as from_ms, to_ms pairs after the start of "
	     "the run ([from, to), ascending, not overlapping; at most 8): its buffer fills, the window closes, "
	     "the sender probes the zero window (RFC 9293 §3.8.6.1) and the receiver sends a window update when "
	     "reading resumes. Empty: never blocked."),
	INTS("app.kind:requests", RX_SEC_FLOW, "app.sizes", "Object sizes", struct rx_flow_cfg, app_sizes, app_n_sizes,
	     1, RX_MAX_REQUESTS, 1, 1e9, "bytes",
	     "requests: the size of each object in bytes (overrides app.requests and app.object_bytes)."),
	/* rows of a direction's delay and loss schedule (read by src/path/stage_schedule.c) */
	P("time_ms", "Time", RX_PT_FLOAT, 0, 3600000, 0, "ms", NULL,
	  "When this row applies, from the start of the run (Kato et al. §3.1, pTime). Rows are in time order; two "
	  "rows with the same time make a step, the later one applying from that time on.",
	  RX_SEC_SCHED, offsetof(struct rx_sched_row, time_ms)),
	P("delay_ms", "Delay", RX_PT_FLOAT, 0, 600000, 0, "ms", NULL,
	  "How long a packet reaching the stage at this time is held (Kato et al. §3.1, pDelay, Eq. 1), on top of "
	  "the path's own delay; linear between rows, and no packet leaves before one that arrived earlier.",
	  RX_SEC_SCHED, offsetof(struct rx_sched_row, delay_ms)),
	P("loss_rate", "Loss rate", RX_PT_FLOAT, 0, 1, 0, "", NULL,
	  "Probability that a packet reaching the stage at this time is lost (Kato et al. §3.1, pLoss, Eq. 2); "
	  "linear between rows.",
	  RX_SEC_SCHED, offsetof(struct rx_sched_row, loss_rate)),
};

#define N_ROWS (sizeof(table) / sizeof(table[0]))

const struct rx_param *rx_params(size_t *n)
{
	*n = N_ROWS;
	return table;
}

/* the table is grouped by section in enum order (test_registry checks it),
 * so a section's rows are one run found by bisection: walks over a section
 * cost O(rows + log table), not O(rows x table) */
static size_t first_at_or_after(int section)
{
	size_t lo = 0, hi = N_ROWS;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (table[mid].section < section)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static const struct rx_param *section_span(int section, size_t *n)
{
	size_t lo = first_at_or_after(section);
	*n = first_at_or_after(section + 1) - lo;
	return &table[lo];
}

const struct rx_param *rx_section_row(int section, size_t i)
{
	size_t lo = first_at_or_after(section);
	return lo + i < N_ROWS && table[lo + i].section == section ? &table[lo + i] : NULL;
}

const char *rx_section_name(int section)
{
	static const char *const names[RX_SEC__COUNT] = { "scenario", "direction", "loss",
							  "rule",     "flow",      "schedule_row" };
	return section >= 0 && section < RX_SEC__COUNT ? names[section] : NULL;
}

const char *rx_param_choice(const struct rx_param *p, int i)
{
	if (p->type == RX_PT_MEMBER || (p->type == RX_PT_SET && !p->choice))
		return rx_member_name(p->family, i);
	return (p->type == RX_PT_ENUM || p->type == RX_PT_SET) && p->choice ? p->choice(i) : NULL;
}

bool rx_param_specials_ok(const struct rx_param *p)
{
	if (!p->special)
		return true;
	if (p->type != RX_PT_INT && p->type != RX_PT_FLOAT)
		return false;
	for (const struct rx_special *s = p->special; s->label; s++)
		if (!*s->label || s->value < p->min || s->value > p->max ||
		    (p->type == RX_PT_INT && s->value != (double)(int64_t)s->value))
			return false;
	return true;
}

const char *rx_param_label(const struct rx_param *p)
{
	if (p->label)
		return p->label;
	const struct rx_family *f = p->type == RX_PT_MEMBER ? rx_family_at(p->family) : NULL;
	return f ? f->label : NULL;
}

int rx_param_choice_count(const struct rx_param *p)
{
	int n = 0;
	while (rx_param_choice(p, n))
		n++;
	return n;
}

int rx_param_choice_index(const struct rx_param *p, const char *name)
{
	for (int i = 0;; i++) {
		const char *c = rx_param_choice(p, i);
		if (!c)
			return -1;
		if (strcmp(c, name) == 0)
			return i;
	}
}

/* ---- defaults */
static void write_default(const struct rx_param *p, void *base)
{
	char *at = (char *)base + p->offset;
	switch (p->type) {
	case RX_PT_INT:
	case RX_PT_ENUM:
	case RX_PT_MEMBER:
	case RX_PT_SET: {
		int64_t v = (int64_t)p->def; /* a family's default is its first member */
		memcpy(at, &v, sizeof(v));
		break;
	}
	case RX_PT_FLOAT: {
		double v = p->def;
		memcpy(at, &v, sizeof(v));
		break;
	}
	case RX_PT_BOOL: {
		bool v = p->def != 0;
		memcpy(at, &v, sizeof(v));
		break;
	}
	default:
		break;
	}
}

void rx_params_defaults(const struct rx_param *rows, size_t n, void *block)
{
	for (size_t i = 0; i < n; i++)
		write_default(&rows[i], block);
}

/* a member row's block: the member's own defaults */
static void member_block_init(const struct rx_param *p, void *base, int member)
{
	unsigned char *block = (unsigned char *)base + p->aux_offset;
	size_t n;
	const struct rx_param *rows = rx_member_params(p->family, member, &n, NULL);
	memset(block, 0, RX_MECH_CFG_SIZE);
	rx_params_defaults(rows, n, block);
}

void rx_section_init(int section, void *base)
{
	const struct rx_param *p;
	for (size_t i = 0; (p = rx_section_row(section, i)); i++) {
		char *at = (char *)base + p->offset;
		int64_t count = 0;
		switch (p->type) {
		case RX_PT_MEMBER:
			write_default(p, base);
			member_block_init(p, base, (int)p->def);
			break;
		case RX_PT_OBJECT:
			rx_section_init(p->sub, at);
			break;
		case RX_PT_LIST:
			count = (int64_t)p->def;
			for (int64_t k = 0; k < count; k++) {
				memset(at + (size_t)k * p->item_size, 0, p->item_size);
				rx_section_init(p->sub, at + (size_t)k * p->item_size);
			}
			memcpy((char *)base + p->aux_offset, &count, sizeof(count));
			break;
		case RX_PT_INT_LIST:
		case RX_PT_TAGGED_LIST:
			memcpy((char *)base + p->aux_offset, &count, sizeof(count));
			break;
		default:
			write_default(p, base);
		}
	}
}

int rx_flow_select(struct rx_flow_cfg *f, int family, int member)
{
	int64_t *choice = rx_flow_choice(f, family);
	if (!choice || member < 0 || member >= rx_member_count(family))
		return -1;
	*choice = member;
	size_t n;
	const struct rx_param *p = rx_member_params(family, member, &n, NULL);
	memset(f->mech_cfg[family], 0, RX_MECH_CFG_SIZE);
	rx_params_defaults(p, n, f->mech_cfg[family]);
	return 0;
}

void rx_pos_rule_init(struct rx_pos_rule *r)
{
	memset(r, 0, sizeof(*r));
	rx_section_init(RX_SEC_RULE, r);
}

void rx_flow_init(struct rx_flow_cfg *f)
{
	memset(f, 0, sizeof(*f));
	rx_section_init(RX_SEC_FLOW, f);
}

void rx_scenario_init(struct rx_scenario *sc)
{
	memset(sc, 0, sizeof(*sc));
	rx_section_init(RX_SEC_SCENARIO, sc);
}

/* ---- validation */
void rx_errors_add(struct rx_errors *es, const char *path, const char *fmt, ...)
{
	if (es->n >= RX_MAX_ERRORS) {
		es->more++;
		return;
	}
	struct rx_error *e = &es->e[es->n++];
	snprintf(e->path, sizeof(e->path), "%s", path);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
}

void rx_path_append(char *out, size_t len, const char *s)
{
	size_t used = strlen(out), add = strlen(s);
	if (used + 1 >= len)
		return;
	if (add > len - used - 1)
		add = len - used - 1;
	memcpy(out + used, s, add);
	out[used + add] = 0;
}

void rx_path_join(char *out, size_t len, const char *prefix, const char *key)
{
	if (!len)
		return;
	out[0] = 0;
	rx_path_append(out, len, prefix);
	if (*prefix && *key)
		rx_path_append(out, len, ".");
	rx_path_append(out, len, key);
}

/* Where the check is, as a chain rendered only when something fails (a
 * valid scenario, every run's case, builds no string):
 * parent.key, parent.key_params.member or parent.key[index]. */
struct vpath {
	const struct vpath *up;
	const char *key;
	int family, member; /* key + "_params." + the member's name; member -1: none */
	int64_t index; /* key[index]; -1: none */
};

static void render(const struct vpath *v, char *out, size_t len)
{
	if (!v) {
		out[0] = 0;
		return;
	}
	render(v->up, out, len);
	if (*out && *v->key)
		rx_path_append(out, len, ".");
	rx_path_append(out, len, v->key);
	if (v->member >= 0) {
		rx_path_append(out, len, "_params.");
		rx_path_append(out, len, rx_member_name(v->family, v->member));
	}
	if (v->index >= 0) {
		char ix[24];
		snprintf(ix, sizeof(ix), "[%lld]", (long long)v->index);
		rx_path_append(out, len, ix);
	}
}

#define FAIL(es, at, key_, ...) \
	do { \
		const struct vpath leaf_ = { at, key_, 0, -1, -1 }; \
		char path_[RX_PATH_LEN]; \
		render(&leaf_, path_, sizeof(path_)); \
		rx_errors_add(es, path_, __VA_ARGS__); \
	} while (0)

static void check_rows(const struct rx_param *rows, size_t n, const void *base, const struct vpath *at,
		       struct rx_errors *es);

static void check_section(int section, const void *base, const struct vpath *at, struct rx_errors *es)
{
	size_t n;
	const struct rx_param *rows = section_span(section, &n);
	check_rows(rows, n, base, at, es);
}

/* a member row: the choice, then the chosen member's own block */
static void check_member(const struct rx_param *p, const void *base, const struct vpath *at, struct rx_errors *es)
{
	int64_t m;
	memcpy(&m, (const char *)base + p->offset, sizeof(m));
	if (m < 0 || m >= rx_member_count(p->family)) {
		FAIL(es, at, p->key, "must be one of the catalogue's choices (got index %lld)", (long long)m);
		return;
	}
	size_t n;
	const struct rx_param *rows = rx_member_params(p->family, (int)m, &n, NULL);
	const struct vpath mp = { at, p->key, p->family, (int)m, -1 };
	if (n)
		check_rows(rows, n, (const char *)base + p->aux_offset, &mp, es);
}

static void check_list(const struct rx_param *p, const void *base, const struct vpath *at, struct rx_errors *es)
{
	int64_t count;
	memcpy(&count, (const char *)base + p->aux_offset, sizeof(count));
	int64_t lo = p->type == RX_PT_INT_LIST ? 0 : p->min_items; /* an empty int list: not given */
	if (count < lo || count > p->max_items) {
		FAIL(es, at, p->key, "must hold between %lld and %lld items (got %lld)", (long long)p->min_items,
		     (long long)p->max_items, (long long)count);
		return;
	}
	const char *items = (const char *)base + p->offset;
	for (int64_t k = 0; k < count; k++) {
		if (p->type == RX_PT_TAGGED_LIST) {
			const struct rx_tagged_item *it =
				(const struct rx_tagged_item *)(items + (size_t)k * p->item_size);
			const struct vpath ip = { at, p->key, 0, -1, k };
			if (it->kind < 0 || it->kind >= rx_member_count(p->family)) {
				FAIL(es, &ip, "kind", "must be one of the catalogue's choices (got index %lld)",
				     (long long)it->kind);
				continue;
			}
			size_t n;
			const struct rx_param *rows = rx_member_params(p->family, (int)it->kind, &n, NULL);
			check_rows(rows, n, it->cfg, &ip, es);
			continue;
		}
		if (p->type == RX_PT_LIST) {
			const struct vpath ip = { at, p->key, 0, -1, k };
			check_section(p->sub, items + (size_t)k * p->item_size, &ip, es);
			continue;
		}
		int64_t v;
		memcpy(&v, items + (size_t)k * sizeof(v), sizeof(v));
		if ((double)v < p->min || (double)v > p->max)
			FAIL(es, at, p->key, "item %lld must be between %.17g and %.17g %s (got %lld)", (long long)k,
			     p->min, p->max, p->unit, (long long)v);
	}
}

static void check_rows(const struct rx_param *rows, size_t n, const void *base, const struct vpath *at,
		       struct rx_errors *es)
{
	for (size_t i = 0; i < n; i++) {
		const struct rx_param *p = &rows[i];
		const char *v_at = (const char *)base + p->offset;
		switch (p->type) {
		case RX_PT_INT: {
			int64_t v;
			memcpy(&v, v_at, sizeof(v));
			if ((double)v < p->min || (double)v > p->max)
				FAIL(es, at, p->key, "must be between %.17g and %.17g (got %lld)", p->min, p->max,
				     (long long)v);
			break;
		}
		case RX_PT_ENUM: {
			int64_t v;
			memcpy(&v, v_at, sizeof(v));
			if (v < 0 || v > INT32_MAX || !rx_param_choice(p, (int)v))
				FAIL(es, at, p->key, "must be one of the catalogue's choices (got index %lld)",
				     (long long)v);
			break;
		}
		case RX_PT_FLOAT: {
			double v;
			memcpy(&v, v_at, sizeof(v));
			if (!isfinite(v) || v < p->min || v > p->max)
				FAIL(es, at, p->key, "must be between %.17g and %.17g (got %.17g)", p->min, p->max, v);
			break;
		}
		case RX_PT_BOOL: {
			unsigned char b;
			memcpy(&b, v_at, 1);
			if (b > 1)
				FAIL(es, at, p->key, "must be true or false");
			break;
		}
		case RX_PT_MEMBER:
			check_member(p, base, at, es);
			break;
		case RX_PT_SET: {
			uint64_t v;
			memcpy(&v, v_at, sizeof(v));
			int n_choices = rx_param_choice_count(p), count = 0;
			for (uint64_t m = v; m; m &= m - 1)
				count++;
			if (n_choices < 64 && (v >> n_choices) != 0)
				FAIL(es, at, p->key, "names a choice that does not exist (mask %#llx, %d choices)",
				     (unsigned long long)v, n_choices);
			else if (count < p->min_items || count > p->max_items)
				FAIL(es, at, p->key, "must hold between %lld and %lld names (got %d)",
				     (long long)p->min_items, (long long)p->max_items, count);
			break;
		}
		case RX_PT_OBJECT: {
			const struct vpath op = { at, p->key, 0, -1, -1 };
			check_section(p->sub, v_at, &op, es);
			break;
		}
		default:
			check_list(p, base, at, es);
		}
	}
}

/* the rules that tie fields of different sections together */
/* 'tail' (a stage that needs data with a known end) where the model or a
 * listed stage chooses it */
static void check_tail(const struct rx_scenario *sc, const struct rx_dir_cfg *d, const struct vpath *at,
		       const char *key, struct rx_errors *es)
{
	if (d == &sc->rev) {
		FAIL(es, at, key, "'tail' drops data segments, so it applies to path.forward only");
		return;
	}
	for (int64_t f = 0; f < sc->n_flows && f < RX_MAX_FLOWS; f++) {
		const struct rx_app_ops *app = rx_member(RX_FAM_APP, (int)sc->flows[f].app_kind);
		if (app && app->n_objects(&sc->flows[f]) == 0) {
			FAIL(es, at, key, "'tail' needs objects with a known end, but flows[%lld].app.kind is '%s'",
			     (long long)f, app->name);
			return;
		}
	}
}

/* path.<dir>.schedule: rows in time order (each one that goes back is
 * reported), and read by a listed stage when it has rows */
static void check_schedule(const struct rx_dir_cfg *d, const char *name, int readers, struct rx_errors *es)
{
	const struct vpath dp = { NULL, "path", 0, -1, -1 }, dirp = { &dp, name, 0, -1, -1 };
	int64_t n = d->n_schedule < RX_MAX_SCHED_ROWS ? d->n_schedule : RX_MAX_SCHED_ROWS;
	for (int64_t i = 1; i < n; i++)
		if (d->schedule[i].time_ms < d->schedule[i - 1].time_ms) {
			const struct vpath rp = { &dirp, "schedule", 0, -1, i };
			FAIL(es, &rp, "time_ms",
			     "must not be before the previous row's time_ms = %.17g (got %.17g): rows are in time "
			     "order",
			     d->schedule[i - 1].time_ms, d->schedule[i].time_ms);
		}
	if (n > 0 && readers == 0)
		FAIL(es, &dirp, "schedule",
		     "has %lld rows but no stage reads them: list {kind: 'schedule'} in path.%s.stages", (long long)n,
		     name);
}

static void check_dir(const struct rx_scenario *sc, const struct rx_dir_cfg *d, const char *name, struct rx_errors *es)
{
	const struct vpath dp = { NULL, "path", 0, -1, -1 }, dirp = { &dp, name, 0, -1, -1 };
	const struct vpath lp = { &dirp, "loss", 0, -1, -1 };
	for (int64_t i = 0; i < d->loss.n_rules && i < RX_MAX_POS_RULES; i++)
		if (d->loss.rules[i].flow >= sc->n_flows) {
			const struct vpath rp = { &lp, "rules", 0, -1, i };
			FAIL(es, &rp, "flow", "must be below the number of flows, %lld (got %lld)",
			     (long long)sc->n_flows, (long long)d->loss.rules[i].flow);
		}
	if (d->link_buffer_bytes > 0 && !(d->rate_bps >= 1))
		FAIL(es, &dirp, "link_buffer_bytes",
		     "a link buffer needs a serialising link: path.%s.rate_bps must be at least 1 bps (got %g)", name,
		     d->rate_bps);
	const struct rx_stage_ops *tail = rx_stage_for_loss_model(RX_LOSS_TAIL);
	int readers = 0; /* listed stages that read path.<dir>.schedule */
	if (d->loss.model == RX_LOSS_TAIL)
		check_tail(sc, d, &lp, "model", es);
	for (int64_t k = 0; k < d->n_stages && k < RX_MAX_LIST_STAGES; k++) {
		const struct rx_stage_ops *ops = rx_member(RX_FAM_STAGE, (int)d->stages[k].kind);
		const struct vpath sp = { &dirp, "stages", 0, -1, k };
		if (ops && ops->uses_rules)
			FAIL(es, &sp, "kind", "'%s' acts on path.%s.loss.rules: choose it as path.%s.loss.model",
			     ops->name, name, name);
		else if (ops == tail)
			check_tail(sc, d, &sp, "kind", es);
		else if (ops && ops->uses_schedule && d->n_schedule == 0)
			FAIL(es, &sp, "kind", "'%s' reads path.%s.schedule, which has no rows: give at least one",
			     ops->name, name);
		if (ops && ops->uses_schedule)
			readers++;
	}
	check_schedule(d, name, readers, es);
}

/* receiver.rwnd_bdp: the window it resolves to (receiver.c W0) must be one
 * rwnd_bytes could hold */
static void check_rwnd_bdp(const struct rx_scenario *sc, const struct rx_flow_cfg *f, const struct vpath *fp,
			   struct rx_errors *es)
{
	if (!(sc->fwd.rate_bps >= 1)) {
		FAIL(es, fp, "receiver.rwnd_bdp",
		     "needs a bottleneck rate: path.forward.rate_bps must be at least 1 bps (got %g)",
		     sc->fwd.rate_bps);
		return;
	}
	int64_t buf = rx_rcvbuf_bytes(sc, f);
	if (buf < 0)
		return; /* a field it rests on is out of range, reported above */
	if (buf < f->mss)
		FAIL(es, fp, "receiver.rwnd_bdp",
		     "gives a window of %lld bytes (C × U × %.17g / 8), below tcp.mss = %lld: raise it or the "
		     "path's rate or delays",
		     (long long)buf, f->rwnd_bdp, (long long)f->mss);
	else if (buf > 1073741824)
		FAIL(es, fp, "receiver.rwnd_bdp",
		     "gives a window of %lld bytes (C × U × %.17g / 8), above the receive buffer's limit of "
		     "1073741824 bytes",
		     (long long)buf, f->rwnd_bdp);
	else if (f->wscale > 0 && f->wscale <= 14 && buf > (INT64_C(65535) << f->wscale))
		FAIL(es, fp, "receiver.rwnd_bdp",
		     "gives a window of %lld bytes (C × U × %.17g / 8), above 65535 << receiver.wscale = %lld",
		     (long long)buf, f->rwnd_bdp, (long long)(INT64_C(65535) << f->wscale));
}

static void check_flow(const struct rx_scenario *sc, const struct rx_flow_cfg *f, int64_t index, struct rx_errors *es)
{
	const struct vpath fp = { NULL, "flows", 0, -1, index };
	if (f->rwnd_bdp > 0) {
		check_rwnd_bdp(sc, f, &fp, es); /* rwnd_bytes is not used */
	} else {
		if (f->rwnd_bytes < f->mss)
			FAIL(es, &fp, "receiver.rwnd_bytes", "must be at least tcp.mss = %lld (got %lld)",
			     (long long)f->mss, (long long)f->rwnd_bytes);
		/* only for a shift in range (RFC 7323 §2.3: at most 14): an out-of-range
		 * one is reported by its row's range check, and shifting by it is
		 * undefined (found by the fuzzer) */
		if (f->wscale > 0 && f->wscale <= 14 && f->rwnd_bytes > (INT64_C(65535) << f->wscale))
			FAIL(es, &fp, "receiver.rwnd_bytes",
			     "must be at most 65535 << receiver.wscale = %lld (got %lld)",
			     (long long)(INT64_C(65535) << f->wscale), (long long)f->rwnd_bytes);
	}
	if (f->n_read_blocked % 2)
		FAIL(es, &fp, "receiver.read_blocked_ms", "must hold from_ms, to_ms pairs: an even count (got %lld)",
		     (long long)f->n_read_blocked);
	for (int64_t k = 0; k + 1 < f->n_read_blocked && k + 1 < 2 * RX_MAX_READ_BLOCKS; k += 2) {
		if (f->read_blocked_ms[k] >= f->read_blocked_ms[k + 1])
			FAIL(es, &fp, "receiver.read_blocked_ms",
			     "period %lld: from_ms must be below to_ms (got %lld, %lld)", (long long)(k / 2),
			     (long long)f->read_blocked_ms[k], (long long)f->read_blocked_ms[k + 1]);
		else if (k >= 2 && f->read_blocked_ms[k] < f->read_blocked_ms[k - 1])
			FAIL(es, &fp, "receiver.read_blocked_ms",
			     "period %lld must start at or after the end of the one before, %lld ms (got %lld)",
			     (long long)(k / 2), (long long)f->read_blocked_ms[k - 1],
			     (long long)f->read_blocked_ms[k]);
	}
	if (f->sndbuf_bytes > 0 && f->sndbuf_bytes < 2 * f->mss)
		FAIL(es, &fp, "tcp.sndbuf_bytes", "must be 0 (not modelled) or at least 2 × tcp.mss = %lld (got %lld)",
		     (long long)(2 * f->mss), (long long)f->sndbuf_bytes);
	if (f->sndbuf_limit_bytes > 0 && f->sndbuf_limit_bytes < f->sndbuf_bytes)
		FAIL(es, &fp, "tcp.sndbuf_limit_bytes",
		     "must be 0 (no limit) or at least tcp.sndbuf_bytes = %lld (got %lld)", (long long)f->sndbuf_bytes,
		     (long long)f->sndbuf_limit_bytes);
	if (f->max_rto_ms > 0 && f->min_rto_ms > f->max_rto_ms)
		FAIL(es, &fp, "tcp.min_rto_ms", "must not exceed tcp.max_rto_ms = %.17g (got %.17g)", f->max_rto_ms,
		     f->min_rto_ms);
	if (f->ack_policy == RX_ACK_LINUX && f->ato_max_ms < f->ato_min_ms)
		FAIL(es, &fp, "receiver.ato_max_ms", "must be at least receiver.ato_min_ms = %.17g (got %.17g)",
		     f->ato_min_ms, f->ato_max_ms);
	if (f->min_rto_ms >= 0 && f->min_rto_ms < 0.001)
		FAIL(es, &fp, "tcp.min_rto_ms", "must be -1 (profile default) or at least 0.001 (got %.17g)",
		     f->min_rto_ms);
	/* the kernel's CONFIG_HZ choices whose tick is a whole number of
	 * microseconds (HZ 300's is 3333.3 us) */
	if (f->hz != 0 && f->hz != 100 && f->hz != 250 && f->hz != 1000)
		FAIL(es, &fp, "tcp.hz", "must be 0 (continuous time), 100, 250 or 1000 (got %lld)", (long long)f->hz);
}

int rx_scenario_check(const struct rx_scenario *sc, struct rx_errors *es)
{
	int before = es->n + es->more;
	check_section(RX_SEC_SCENARIO, sc, NULL, es);
	/* the rules that tie fields together (counts clamped: a bad count is reported above) */
	for (int64_t i = 0; i < sc->n_flows && i < RX_MAX_FLOWS; i++)
		check_flow(sc, &sc->flows[i], i, es);
	check_dir(sc, &sc->fwd, "forward", es);
	check_dir(sc, &sc->rev, "reverse", es);
	return es->n + es->more == before ? 0 : -1;
}

int rx_scenario_validate(const struct rx_scenario *sc, struct rx_error *e)
{
	struct rx_errors es;
	es.n = es.more = 0; /* the error slots are written before they are read: no 6 KB memset per run */
	memset(e, 0, sizeof(*e));
	if (!rx_scenario_check(sc, &es))
		return 0;
	*e = es.e[0];
	return -1;
}
