/* vocab.c — the one definition of the trace vocabulary and the metrics
 * (include/rexsim/vocab.h).  The order of each table is its enum's. */
#include <stddef.h>
#include "rexsim/ops.h"
#include "rexsim/vocab.h"
#include "sim.h"

#define E(n, l, d) { .name = n, .label = l, .doc = d }
#define R(n, l, d) { .name = n, .label = l, .doc = d, .rare = true }
#define F(n, l, t, d) { .name = n, .label = l, .doc = d, .text = t }

static const struct rx_vocab_entry events[] = {
	E("send", "Send", "A new data segment leaves the sender."),
	R("retransmit", "Retransmission",
	  "A segment is sent again; its cause says why (fast, early, RTO, rescue, ...)."),
	R("probe", "Loss probe", "A tail loss probe (paper §2.2, RFC 8985 §7.3): new data or the last segment again."),
	R("drop", "Drop", "A packet is dropped on the path: by a loss stage or by the full bottleneck queue."),
	E("deliver", "Delivered", "A data segment arrives at the receiver."),
	E("ack_sent", "ACK sent", "The receiver sends an ACK (with SACK and D-SACK blocks, RFC 2018, RFC 2883)."),
	E("ack_recv", "ACK received", "The sender receives an ACK."),
	E("timer_armed", "Timer armed", "A timer is set; the formula says how its expiry was computed."),
	R("timer_fired", "Timer fired", "A timer expires."),
	E("timer_cancelled", "Timer cancelled", "A timer is stopped before it expires."),
	R("state", "State change", "The sender's congestion state changes (Open, Disorder, CWR, Recovery, Loss)."),
	R("syn", "SYN", "A SYN or SYN-ACK is sent (RFC 9293 three-way handshake)."),
	E("sample", "Sample", "A periodic sample of the flow's state (sampled traces)."),
	R("app", "Application write", "The application hands the sender an object."),
	R("spurious", "Spurious RTO",
	  "A spurious-timeout detector (tcp.spurious) declared the last RTO spurious on this ACK: the detector, the "
	  "rule of its specification that decided (F-RTO RFC 5682, Eifel RFC 3522, D-SACK RFC 3708), the window "
	  "before and after, and the response applied (tcp.spurious_response: revert, rfc4015, none)."),
	R("path_period", "Path period",
	  "A path stage changes the path for a period (a delay spike, an outage, a handover table's non-zero "
	  "rows): seq is its start (ns), arg its length (µs, rounded up; UINT32_MAX: to the end of the run), cause "
	  "the stage, detail the direction; traced when the stage first meets it, at or after its start."),
	R("window_probe", "Zero-window probe",
	  "The persist timer fired and the sender probes a receive window too small for its next segment (RFC 9293 "
	  "§3.8.6.1): a segment without data, seq SND.UNA - 1, detail the probe's number since the window closed; the "
	  "receiver answers with an ACK carrying its window. Its cause is window_probe."),
	R("app_stall", "Application stall",
	  "Application stall begins (detail 1) or ends (detail 0): the writer sleeps on a full send buffer "
	  "(tcp.sndbuf_bytes) while the sender has room in cwnd and the receive window but no data to send "
	  "(opportunistic-retransmission paper §V, Definition 1); seq is snd.nxt, arg the send buffer's size (bytes)."),
};
_Static_assert(sizeof(events) / sizeof(events[0]) == RX_EV__COUNT, "one vocabulary entry per event kind");

static const struct rx_vocab_entry timer_kinds[] = {
	E("rto", "RTO", "The retransmission timeout (RFC 6298)."),
	E("probe", "Probe timer", "The tail loss probe timer, PTO (paper §2.2, RFC 8985 §7.2)."),
	E("early_retransmit", "Loss-detection timer",
	  "Loss detection's timer: the delayed Early Retransmit (RFC 5827 App. A.3, as Linux) or RACK's reorder timer "
	  "(RFC 8985 §6.2 step 5)."),
	E("delack", "Delayed ACK", "The receiver's delayed-ACK timer (RFC 5681 §4.2)."),
	E("persist", "Persist timer",
	  "The sender's persist timer (RFC 9293 §3.8.6.1, RFC 1122 4.2.2.17): nothing in flight, data waiting and a "
	  "receive window too small for it; when it fires a zero-window probe goes out."),
};
_Static_assert(sizeof(timer_kinds) / sizeof(timer_kinds[0]) == RX_TMR__COUNT, "one entry per timer kind");

static const struct rx_vocab_entry formulas[] = {
	F("rto", "RTO", "now + RTO", "RFC 6298 (5.1)/(5.3): the timer restarts with the current RTO."),
	F("rto_restart", "RTO Restart", "now + RTO - T_earliest",
	  "RFC 7765 §4: the RTO counts from the earliest outstanding segment's transmission."),
	F("pto_multi", "PTO (several segments)", "max(2·SRTT, 10 ms)",
	  "TLP paper eq. (1): more than one segment outstanding."),
	F("pto_single", "PTO (one segment)", "max(2·SRTT, 1.5·SRTT + WCDelAckT)",
	  "TLP paper eq. (2): one segment outstanding, allowing for a delayed ACK."),
	F("pto_capped", "PTO capped", "min(PTO, pending RTO)",
	  "The probe never fires later than the RTO it stands in for."),
	F("pto_rfc8985", "PTO (RFC 8985)", "2·SRTT (+ WCDelAckT with one segment, + 2 ms otherwise)",
	  "RFC 8985 §7.2 as current Linux runs it."),
	F("pto_no_srtt", "PTO without SRTT", "1 s", "RFC 8985 §7.2: no RTT sample yet."),
	F("er_delay", "ER delay", "max(SRTT/4, 2 ms)", "Linux's delayed Early Retransmit (RFC 5827 App. A.3)."),
	F("delack", "Delayed ACK", "delack_ms", "The receiver's delayed-ACK timer (RFC 5681 §4.2, RFC 1122)."),
	F("rack_reo", "RACK reorder", "xmit_ts + RACK.rtt + RACK.reo_wnd - now",
	  "RFC 8985 §6.2 step 5: the latest of the times at which a segment sent before the most recently delivered "
	  "one is deemed lost, RACK.rtt plus the reordering window after its transmission."),
	F("ato", "Delayed ACK (Linux ATO)", "min(ATO, max(ato_min_ms, min(RTT estimate, ato_max_ms)))",
	  "The 'linux' receiver's adaptive delayed-ACK timeout: ato_min_ms at first, doubled each time the timer "
	  "fires, capped by the receiver's RTT estimate (its SYN-ACK's round trip) and ato_max_ms."),
	F("persist", "Persist (zero-window probe)", "now + min(RTO·2^probes, max RTO)",
	  "RFC 9293 §3.8.6.1 / RFC 1122 4.2.2.17: the first zero-window probe one RTO after the window closed, the "
	  "interval doubled after each probe the window stays closed, at most tcp.max_rto_ms."),
};
_Static_assert(sizeof(formulas) / sizeof(formulas[0]) == RX_F__COUNT, "one entry per timer formula");

static const struct rx_vocab_entry states[] = {
	E("open", "Open", "No loss suspected."),
	E("disorder", "Disorder", "Duplicate ACKs or SACKs seen, no recovery yet (RFC 3042 limited transmit)."),
	E("cwr", "CWR",
	  "The window is being reduced without retransmission (e.g. a loss a probe repaired, RFC 8985 §7.4.2)."),
	E("recovery", "Recovery", "Fast recovery (RFC 5681 §3.2, RFC 6675)."),
	E("loss", "Loss", "After a retransmission timeout (RFC 6298, RFC 5681 §3.1)."),
};
_Static_assert(sizeof(states) / sizeof(states[0]) == RX_CA__COUNT, "one entry per congestion state");

static const struct rx_vocab_entry drop_reasons[] = {
	E("loss_model", "Loss stage", "A path stage dropped it (positioned rule, tail, Bernoulli, Gilbert-Elliott)."),
	E("queue", "Queue overflow", "The drop-tail bottleneck queue was full."),
	E("rcv_buffer", "Receive buffer full",
	  "The receiver discarded a data segment that does not fit its buffer (beyond what the application has read "
	  "plus the receive buffer, receiver.rwnd_bytes or receiver.rwnd_bdp's): a segment sent opportunistically past "
	  "the window (opportunistic-retransmission "
	  "paper §VIII). Its direction is forward."),
};
_Static_assert(sizeof(drop_reasons) / sizeof(drop_reasons[0]) == RX_DROP__COUNT, "one entry per drop reason");

static const struct rx_vocab_entry causes[] = {
	E("new", "New data", "New data (NextSeg rule 2)."),
	E("fast", "Fast retransmit",
	  "The first retransmission on entering fast recovery after DupThresh duplicate ACKs or SACKs (RFC 5681 §3.2, "
	  "RFC 6675 (4.3))."),
	E("early", "Early retransmit", "The first retransmission on entering recovery by Early Retransmit (RFC 5827)."),
	E("lost", "Lost segment", "A segment marked lost, retransmitted during recovery (RFC 6675 NextSeg rule 1)."),
	E("rule3", "Hole below SACK", "RFC 6675 NextSeg rule 3: a hole below the highest SACK, not yet deemed lost."),
	E("rescue", "Rescue", "RFC 6675 NextSeg rule 4: the one rescue retransmission per recovery."),
	E("rto", "RTO", "The retransmission when the RTO expires (RFC 6298 (5.4))."),
	E("loss", "After RTO",
	  "A later retransmission in the Loss state, in slow start after the RTO (RFC 5681 §3.1)."),
	E("probe", "Probe", "A tail loss probe (paper §2.2, RFC 8985 §7.3)."),
	E("opportunistic", "Opportunistic",
	  "New data sent past the receive window during fast recovery, within the n1 + n2 segments between the "
	  "cumulative ACK and the highest SACK and within pipe <= cwnd (opportunistic-retransmission paper §IV; "
	  "tcp.opportunistic_rtx)."),
	E("window_probe", "Zero-window probe",
	  "A zero-window probe (RFC 9293 §3.8.6.1): a segment without data, one byte below SND.UNA, that the receiver "
	  "answers with an ACK carrying its current window."),
	E("hack1", "Hack 1",
	  "The first unacknowledged segment sent again in recovery after more than DupThresh duplicate ACKs without "
	  "new SACKs (tcp.hack1_dupack_rtx; opportunistic-retransmission paper §VIII, Hack 1): its retransmission was "
	  "lost."),
};
_Static_assert(sizeof(causes) / sizeof(causes[0]) == RX_TXC__COUNT, "one entry per transmission cause");

static const struct {
	const char *name;
	const struct rx_vocab_entry *t;
	size_t n;
} vocabs[RX_VOCAB__COUNT] = {
#define V(name_, arr) { name_, arr, sizeof(arr) / sizeof(arr[0]) }
	[RX_VOCAB_EVENTS] = V("events", events),
	[RX_VOCAB_TIMER_KINDS] = V("timer_kinds", timer_kinds),
	[RX_VOCAB_FORMULAS] = V("timer_formulas", formulas),
	[RX_VOCAB_STATES] = V("states", states),
	[RX_VOCAB_DROP_REASONS] = V("drop_reasons", drop_reasons),
	[RX_VOCAB_CAUSES] = V("causes", causes),
#undef V
};

const char *rx_vocab_name(int vocab)
{
	return vocab >= 0 && vocab < RX_VOCAB__COUNT ? vocabs[vocab].name : NULL;
}

const struct rx_vocab_entry *rx_vocab(int vocab, size_t *n)
{
	if (vocab < 0 || vocab >= RX_VOCAB__COUNT) {
		*n = 0;
		return NULL;
	}
	*n = vocabs[vocab].n;
	return vocabs[vocab].t;
}

static const char *entry_name(int vocab, int i)
{
	size_t n;
	const struct rx_vocab_entry *t = rx_vocab(vocab, &n);
	return i >= 0 && (size_t)i < n ? t[i].name : NULL;
}

const char *rx_event_kind_name(int k)
{
	return entry_name(RX_VOCAB_EVENTS, k);
}
const char *rx_timer_kind_name(int k)
{
	return entry_name(RX_VOCAB_TIMER_KINDS, k);
}
const char *rx_timer_formula_name(int f)
{
	return entry_name(RX_VOCAB_FORMULAS, f);
}
const char *rx_ca_state_name(int s)
{
	return entry_name(RX_VOCAB_STATES, s);
}
const char *rx_drop_reason_name(int r)
{
	return entry_name(RX_VOCAB_DROP_REASONS, r);
}

bool rx_event_is_rare(int kind)
{
	return kind >= 0 && kind < RX_EV__COUNT && events[kind].rare;
}

/* ---- metrics */
#define MI(n, l, u, hib, f, d) { n, l, u, d, offsetof(struct rx_flow_metrics, f), RX_MT_INT, hib, false, false }
#define MF(n, l, u, hib, f, d) { n, l, u, d, offsetof(struct rx_flow_metrics, f), RX_MT_FLOAT, hib, false, false }
static const struct rx_metric_desc metrics[] = {
	{ "completed", "Completed", "", "The flow delivered everything its application wrote.",
	  offsetof(struct rx_flow_metrics, completed), RX_MT_BOOL, 1, false, false },
	{ "fct_ms", "Completion time", "ms",
	  "Flow completion time: from the flow's start to the delivery of its last byte; null if it did not complete.",
	  offsetof(struct rx_flow_metrics, fct_ms), RX_MT_FLOAT, 0, true, false },
	MF("started_ms", "Started at", "ms", -1, started_ms,
	   "When the flow started (its SYN, or its first segment without a handshake): start_ms plus the random "
	   "offset start_jitter_ms drew for this seed. fct_ms counts from here."),
	MI("bytes_delivered", "Bytes delivered", "bytes", 1, bytes_delivered,
	   "In-order bytes delivered to the receiving application."),
	MF("goodput_bps", "Goodput", "bps", 1, goodput_bps,
	   "Bytes delivered × 8 over the time from the flow's start to its last delivery."),
	MI("segments_sent", "Segments sent", "", -1, segments_sent,
	   "New data segments sent (retransmissions not included)."),
	MI("retransmissions", "Retransmissions", "", 0, retransmissions,
	   "Every retransmitted segment, probes that resent data included."),
	MI("spurious_retransmissions", "Spurious retransmissions", "", 0, spurious_retransmissions,
	   "Retransmissions that were not needed: each time a copy of data the receiver already holds arrives (the "
	   "retransmission after the original, or the original after a retransmission that overtook it, or a second "
	   "retransmission), one transmission of it was spurious; the receiver reports each with a D-SACK (RFC 2883). "
	   "Copies the path makes (the 'duplicate' action) are not counted; nor is an unneeded retransmission that "
	   "was itself dropped, or one whose twin is still on the path when the run ends."),
	MI("rto_count", "RTOs", "", 0, rto_count, "Retransmission timeouts (RFC 6298)."),
	MI("probe_count", "Loss probes", "", -1, probe_count, "Tail loss probes sent."),
	MI("probe_repairs", "Losses a probe repaired", "", -1, probe_repairs,
	   "Loss probes that retransmitted a segment every earlier transmission of which had been dropped on the "
	   "path, and so brought the receiver data it did not have: the probe itself repaired that loss. The "
	   "simulator's view (the sender cannot always tell, see tlp_loss_episodes); a probe of new data, or one "
	   "whose original was only late, is not counted."),
	MI("tlp_loss_episodes", "Probe repairs the sender inferred", "", -1, tlp_loss_episodes,
	   "TLP episodes the sender concluded had repaired a loss, each answered with one window reduction (RFC 8985 "
	   "§7.4.2): an ACK beyond the end of a retransmitted probe (TLP.end_seq) with no D-SACK for it. An episode "
	   "whose probe is acknowledged only up to its end, with no later ACK (the probe repaired the last segment "
	   "of a transfer), stays undecided and is not counted; probe_repairs counts the repairs themselves."),
	MI("early_retransmits", "Early retransmits", "", -1, er_count,
	   "Recoveries started by Early Retransmit (RFC 5827)."),
	MI("fast_retransmits", "Fast retransmits", "", -1, fast_retransmits,
	   "Recoveries started by DupThresh duplicate ACKs or SACK loss marks (RFC 5681 §3.2, RFC 6675)."),
	MI("recovery_episodes", "Recovery episodes", "", 0, recovery_episodes, "Fast recovery episodes."),
	MF("time_in_recovery_ms", "Time in recovery", "ms", 0, time_in_recovery_ms,
	   "Total time spent in the Recovery state."),
	MI("drops", "Drops", "", 0, drops,
	   "This flow's packets dropped on the path, both directions, and data segments its receiver discarded for "
	   "want of buffer (drop reason rcv_buffer)."),
	MI("syn_retransmits", "SYN retransmissions", "", 0, syn_retransmits, "SYN retransmissions (RFC 6298 §5.7)."),
	MI("spurious_rtos_detected", "Spurious RTOs detected", "", 0, spurious_rtos_detected,
	   "Retransmission timeouts a spurious-timeout detector (tcp.spurious: F-RTO, RFC 5682; Eifel, RFC 3522) "
	   "declared spurious: the sender's verdict, whatever the response did with it."),
	MI("undo_count", "Undos", "", 0, undo_count,
	   "Window reductions the response to a spurious verdict undid (tcp.spurious_response revert, rfc4015 or "
	   "halve, which undoes the RTO's slow start but keeps half the window; none detects only)."),
	MI("unnecessary_retransmissions", "Unnecessary retransmissions", "", 0, unnecessary_retransmissions,
	   "Retransmissions minus this flow's data packets lost on the path (never below 0), as the F-RTO paper's "
	   "Tables 1-3 count them (Sarolahti et al. 2003, §5: 'Nr. of Rexmits' against 'Pkts Lost'); probes that "
	   "resent data count as retransmissions."),
	MI("tail_drops", "Tail drops", "", 0, tail_drops,
	   "Data packets of an object's last four segments (RX_TAIL_SEGS) dropped on the path, originals and "
	   "retransmissions: a flow with one has 'at least one loss in the four last segments', the flows the "
	   "tail-loss "
	   "paper's Fig. 3 plots (Rajiullah et al. 2015, §3.2)."),
	MI("tail_retransmissions", "Tail retransmissions", "", 0, tail_retransmissions,
	   "Retransmissions (probes that resent data included) of an object's last four segments (RX_TAIL_SEGS): the "
	   "flows with one are those whose objects the tail-loss paper's Fig. 4 averages ('at least one object "
	   "experienced a segment retransmission in one of the four last segments of the object', §3.3)."),
	/* loss recovery as the opportunistic-retransmission paper measures it
	 * (src/core/recmetrics.c), then application stall in and out of
	 * recovery (src/core/sndbuf.c). */
	MI("recovery_periods", "Recovery periods measured", "", -1, recovery_periods,
	   "Fast-recovery episodes whose loss-recovery period was measured (opportunistic-retransmission paper §III, "
	   "Fig. 1): from the first retransmission leaving the bottleneck (T2) to the first new packet the receive "
	   "window admitted leaving it (T5; with tcp.opportunistic_rtx, packets sent past the window do not end it). "
	   "Not measured: without a rate-limited forward bottleneck, when an RTO ends the episode first, when an "
	   "earlier episode's period was still open, or when no new packet left before the run ended."),
	MF("recovery_period_ms", "Recovery period", "ms", -1, recovery_period_ms,
	   "Total length of the measured loss-recovery periods (recovery_periods): sum of (T_new - T2), T2 the first "
	   "retransmission leaving the bottleneck, T_new the first new packet within the receive window (cause new, "
	   "not opportunistic) leaving it after T2: T5 of the paper's Fig. 1 (§III, §IV)."),
	MF("recovery_idle_ms", "Link idle in recovery", "ms", 0, recovery_idle_ms,
	   "Bottleneck idle time during the measured loss-recovery periods (the paper's link idle time, §III): sum "
	   "over periods of (T_new - T2) - busy, busy the serialisation time of the packets (all flows) that left the "
	   "bottleneck in (T2, T_new]."),
	{ "recovery_utilisation", "Utilisation in recovery", "",
	  "Bandwidth utilisation during the loss-recovery period, opportunistic-retransmission paper §III eq. (8): "
	  "per period eta = n / (n + C x I) = busy / (T_new - T2), n the packets the bottleneck sent in (T2, T_new] "
	  "(the n-1 retransmissions after the first and the first new packet; with opportunistic retransmission, "
	  "§IV, also the new packets sent past the receive window), T_new the first new packet within the receive "
	  "window leaving it (T5, Fig. 1), C its rate, I its idle time; this is the mean of eta over the measured "
	  "periods (null when none was measured).",
	  offsetof(struct rx_flow_metrics, recovery_utilisation), RX_MT_FLOAT, 1, false, true },
	{ "rtt_spike", "RTT spike", "",
	  "The largest RTT sample the sender took during fast recovery over the base RTT (the smallest sample "
	  "so far), max over episodes: max RTT / base RTT (opportunistic-retransmission paper §VII.E, 'RTT spikes'; "
	  "1 = no queueing added). Null when no episode had an RTT sample.",
	  offsetof(struct rx_flow_metrics, rtt_spike), RX_MT_FLOAT, 0, false, true },
	MF("app_stall_ms", "Application stall", "ms", 0, app_stall_ms,
	   "Time in application stall (opportunistic-retransmission paper §V, Definition 1): the writer slept on a "
	   "full send buffer (tcp.sndbuf_bytes) while the sender had room in cwnd and in the receive window for a "
	   "segment (or, with tcp.opportunistic_rtx in fast recovery, in the allowance past the window, §IV) but no "
	   "data left to send. 0 without a modelled send buffer."),
	MF("app_stall_recovery_ms", "Application stall in recovery", "ms", 0, app_stall_recovery_ms,
	   "The part of app_stall_ms spent in the Recovery state, summed over the recovery episodes (the paper's "
	   "'application stall occurs during over 61.1% of the loss recovery phase', §IV.B)."),
	MF("app_stall_episode_max_ms", "Longest stall in one recovery", "ms", 0, app_stall_episode_max_ms,
	   "The most application-stall time within a single recovery episode (from entering Recovery to leaving "
	   "it)."),
	MI("app_stalls", "Application stalls", "", 0, app_stalls, "Application-stall periods that began."),
	MI("sndbuf_peak_bytes", "Largest send buffer", "bytes", -1, sndbuf_peak_bytes,
	   "The largest size the send buffer reached (tcp.sndbuf_growth × cwnd, at most tcp.sndbuf_limit_bytes); 0 "
	   "without a modelled send buffer."),
};

const struct rx_metric_desc *rx_metrics(size_t *n)
{
	*n = sizeof(metrics) / sizeof(metrics[0]);
	return metrics;
}

/* ---- one recovery episode (struct rx_rec_episode) */
#define EI(n, l, u, hib, f, neg, d) { n, l, u, d, offsetof(struct rx_rec_episode, f), RX_MT_INT, hib, false, neg }
#define EF(n, l, u, hib, f, d) { n, l, u, d, offsetof(struct rx_rec_episode, f), RX_MT_FLOAT, hib, false, true }
static const struct rx_metric_desc episode_metrics[] = {
	EI("enter_ns", "Entered recovery", "ns", -1, enter_ns, false, "When the sender entered fast recovery."),
	EI("exit_ns", "Left recovery", "ns", -1, exit_ns, true,
	   "When it left: the recovery point cumulatively ACKed, or an RTO (null: still in recovery at the end)."),
	EI("period_start_ns", "Period start (T2)", "ns", -1, period_start_ns, true,
	   "T2 of the opportunistic-retransmission paper's Fig. 1: the first retransmission of the episode leaves "
	   "the bottleneck (null: the period was not measured, see recovery_periods)."),
	EI("period_end_ns", "Period end", "ns", -1, period_end_ns, true,
	   "The first new packet of the flow within the receive window (cause new, not opportunistic) leaves the "
	   "bottleneck after T2 (paper §III: 'the time after or at T5'; §IV keeps T5 with opportunistic "
	   "retransmission)."),
	EI("busy_ns", "Link busy", "ns", -1, busy_ns, true,
	   "Serialisation time of the packets (all flows) that left the bottleneck in (T2, period end]."),
	EI("idle_ns", "Link idle", "ns", 0, idle_ns, true, "(period end - T2) - busy: the paper's link idle time I."),
	EF("utilisation", "Utilisation", "", 1, utilisation,
	   "busy / (period end - T2) = n / (n + C x I), paper §III eq. (8)."),
	EI("rtt_max_ns", "Max RTT", "ns", 0, rtt_max_ns, true,
	   "The largest RTT sample the sender took while in fast recovery (ACKs after the one that started it)."),
	EF("rtt_spike", "RTT spike", "", 0, rtt_spike, "rtt_max_ns over the base RTT (smallest sample) at exit."),
	EI("idle_gaps", "Idle stretches", "", -1, idle_gaps, true,
	   "Stretches of the period in which the bottleneck sent nothing (between the end of one packet's "
	   "serialisation and the start of the next); their lengths sum to idle_ns (null: no period measured)."),
	{ "idle_intervals_ns", "Idle link time", "ns",
	  "The longest 8 of the idle stretches (idle_gaps), as [start_ns, end_ns] pairs in time order: where in "
	  "the period the link idled, the paper's link idle time I (§III, Fig. 1) located in time. Empty when no "
	  "period was measured.",
	  offsetof(struct rx_rec_episode, idle_intervals_ns), RX_MT_INTERVALS, -1, false, false },
};

const struct rx_metric_desc *rx_episode_metrics(size_t *n)
{
	*n = sizeof(episode_metrics) / sizeof(episode_metrics[0]);
	return episode_metrics;
}
