/* test_castate.c — the congestion-state machine's spurious-timeout path,
 * driven by hand: after an RTO the detectors are asked on each ACK in turn,
 * in Loss and after it (not in Recovery or CWR), the first spurious verdict
 * wins, a genuine one retires only its detector,
 * and RX_SP_SPURIOUS is applied through the one undo path (rx_cs_undo with the
 * default response, revert: congestion control's undo_cwnd, ssthresh back,
 * lost marks of never-retransmitted segments cleared, state Open), which
 * writes the trace's spurious event.  The registered detectors have their own tests (tests/python/test_spurious_*.py);
 * this test brings two fakes of its own to drive the walk. */
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"
#include "rexsim/registry.h"

#define MSS 1000

static struct rx_sim sim;
static struct rx_result res;
static struct rx_flow flow;
static struct rx_flow_cfg fcfg;
static struct rx_sender *s;

/* a detector that answers a fixed verdict on its n-th ACK, counting calls in its priv */
struct fake {
	int calls, on_rto_calls;
};
static int verdict_at_call[2], verdict[2];

static void fake_on_rto(struct rx_sender *snd, void *priv)
{
	(void)snd;
	((struct fake *)priv)->on_rto_calls++;
}

static int fake_on_ack(struct rx_sender *snd, void *priv, const struct rx_ack_info *ai, int which)
{
	(void)snd;
	(void)ai;
	struct fake *f = priv;
	f->calls++;
	return f->calls == verdict_at_call[which] ? verdict[which] : RX_SP_UNDECIDED;
}
static int on_ack0(struct rx_sender *snd, void *priv, const struct rx_ack_info *ai, int *rule)
{
	*rule = 0;
	return fake_on_ack(snd, priv, ai, 0);
}
static int on_ack1(struct rx_sender *snd, void *priv, const struct rx_ack_info *ai, int *rule)
{
	*rule = 3; /* the rule the trace's spurious event must name (case 5) */
	return fake_on_ack(snd, priv, ai, 1);
}
static const struct rx_spurious_ops det0 = {
	.name = "fake0", .label = "Fake 0", .doc = "test", .on_rto = fake_on_rto, .on_ack = on_ack0
};
static const struct rx_spurious_ops det1 = {
	.name = "fake1", .label = "Fake 1", .doc = "test", .on_rto = fake_on_rto, .on_ack = on_ack1
};

/* A sender in the Loss state after an RTO that cut cwnd 20 -> 1 segment and
 * ssthresh inf -> 10 segments; 8 segments outstanding, all marked lost, the
 * first one retransmitted. */
static void setup(int n_detectors)
{
	if (s)
		rx_snd_free(s);
	memset(&sim, 0, sizeof(sim));
	memset(&res, 0, sizeof(res));
	memset(&flow, 0, sizeof(flow));
	rx_flow_init(&fcfg);
	sim.res = &res;
	sim.flows = &flow;
	sim.n_flows = 1;
	sim.trace_mode = RX_TRACE_NONE;
	res.n_flows = 1;
	s = &flow.snd;
	CHECK_EQ_I64(rx_snd_init(s, &sim, 0, &fcfg), 0);
	s->established = true;
	for (int i = 0; i < 8; i++) {
		CHECK_EQ_I64(rx_sb_reserve(s), 0);
		struct rx_seg *g = rx_seg_at(s, s->nxt_idx++);
		memset(g, 0, sizeof(*g));
		g->seq = s->snd_nxt;
		g->len = MSS;
		s->snd_nxt += MSS;
		s->out_bytes += MSS;
	}
	s->cc.prior_cwnd_bytes = 20 * MSS;
	s->cc.prior_ssthresh_bytes = RX_SSTHRESH_INF;
	s->cc.cwnd_bytes = MSS;
	s->cc.ssthresh_bytes = 10 * MSS;
	rx_sb_mark_all_lost(s);
	struct rx_seg *head = rx_seg_at(s, s->una_idx);
	head->rtx_inflight = 1;
	head->ever_rtx = 1;
	s->rtx_bytes += MSS;
	s->ca_state = RX_CA_LOSS;
	s->recovery_point = s->snd_nxt;
	s->n_sp = n_detectors;
	s->sp[0] = &det0;
	s->sp[1] = &det1;
	s->sp_watch = true;
	for (int i = 0; i < n_detectors; i++)
		fake_on_rto(s, s->sp_priv[i]);
}

static void one_ack(void)
{
	struct rx_ack_info ai = { .rtt_ns = -1 };
	rx_cs_spurious_on_ack(s, &ai);
}

int main(void)
{
	/* 1. one detector, SPURIOUS on its 2nd ACK: nothing changes on the
	 * first; on the second Reno's undo_cwnd gives max(cwnd, prior_cwnd) =
	 * max(1000, 20000) = 20000, ssthresh = max(10000, inf) = inf, the 7
	 * never-retransmitted segments are unmarked (lost_bytes 8000 -> 1000:
	 * the retransmitted head stays lost with its retransmission in flight),
	 * state Open, and the watch ends (no third call). */
	verdict_at_call[0] = 2;
	verdict[0] = RX_SP_SPURIOUS;
	setup(1);
	CHECK_EQ_I64(((struct fake *)s->sp_priv[0])->on_rto_calls, 1);
	CHECK_EQ_I64(s->lost_bytes, 8 * MSS);
	one_ack();
	CHECK_EQ_I64(s->cc.cwnd_bytes, MSS);
	CHECK_EQ_I64(s->ca_state, RX_CA_LOSS);
	one_ack();
	CHECK_EQ_I64(s->cc.cwnd_bytes, 20 * MSS);
	CHECK_EQ_I64(s->cc.ssthresh_bytes, RX_SSTHRESH_INF);
	CHECK_EQ_I64(s->lost_bytes, MSS);
	CHECK_EQ_I64(s->ca_state, RX_CA_OPEN);
	CHECK(!s->sp_watch);
	CHECK_EQ_I64(res.flows[0].spurious_rtos_detected, 1);
	CHECK_EQ_I64(res.flows[0].undo_count, 1);
	one_ack();
	CHECK_EQ_I64(((struct fake *)s->sp_priv[0])->calls, 2);

	/* 2. two detectors: the first stays undecided, the second says GENUINE
	 * on its first ACK: no undo, and the second retires (it is not asked
	 * again) while the first goes on judging; once the first says GENUINE
	 * too (its 3rd ACK), the watch ends. */
	verdict_at_call[0] = 3;
	verdict[0] = RX_SP_GENUINE;
	verdict_at_call[1] = 1;
	verdict[1] = RX_SP_GENUINE;
	setup(2);
	one_ack();
	CHECK_EQ_I64(((struct fake *)s->sp_priv[0])->calls, 1);
	CHECK_EQ_I64(((struct fake *)s->sp_priv[1])->calls, 1);
	CHECK_EQ_I64(s->cc.cwnd_bytes, MSS);
	CHECK_EQ_I64(s->cc.ssthresh_bytes, 10 * MSS);
	CHECK_EQ_I64(s->ca_state, RX_CA_LOSS);
	CHECK(s->sp_watch);
	one_ack();
	one_ack();
	CHECK_EQ_I64(((struct fake *)s->sp_priv[0])->calls, 3);
	CHECK_EQ_I64(((struct fake *)s->sp_priv[1])->calls, 1);
	CHECK_EQ_I64(s->ca_state, RX_CA_LOSS);
	CHECK(!s->sp_watch);
	CHECK_EQ_I64(res.flows[0].spurious_rtos_detected, 0);

	/* 3. the first decisive verdict wins: detector 0 says SPURIOUS on its
	 * first ACK, detector 1 (which would say GENUINE) is not asked. */
	verdict_at_call[0] = 1;
	verdict[0] = RX_SP_SPURIOUS;
	setup(2);
	one_ack();
	CHECK_EQ_I64(((struct fake *)s->sp_priv[1])->calls, 0);
	CHECK_EQ_I64(s->ca_state, RX_CA_OPEN);
	CHECK_EQ_I64(s->cc.cwnd_bytes, 20 * MSS);

	/* 4. after the Loss state the watch goes on (a D-SACK verdict comes
	 * late: the detector is asked in Open), but not during a fast recovery
	 * or a window reduction, and entering one ends the watch. */
	verdict_at_call[0] = 99;
	setup(1);
	s->ca_state = RX_CA_OPEN;
	one_ack();
	CHECK_EQ_I64(((struct fake *)s->sp_priv[0])->calls, 1);
	s->ca_state = RX_CA_RECOVERY;
	one_ack();
	CHECK_EQ_I64(((struct fake *)s->sp_priv[0])->calls, 1);
	s->ca_state = RX_CA_OPEN;
	rx_cs_enter_cwr(s);
	CHECK(!s->sp_watch);

	/* 5. the verdict goes into the trace (full mode): detector 1 (the 4th
	 * member of its family, say) answers SPURIOUS by its rule 3 on an ACK of
	 * 2000 after detector 0 stayed undecided; the response revert.  The
	 * undo's state change (Loss -> Open) comes first, then the spurious
	 * event: seq = the ACK, detail = rule 3 | revert (0) << 4, cause = 3,
	 * cwnd/ssthresh columns after the response (20000, infinite), and its
	 * side-table entry the window before it: cwnd 1000, ssthresh 10000. */
	verdict_at_call[0] = 99;
	verdict_at_call[1] = 1;
	verdict[1] = RX_SP_SPURIOUS;
	setup(2);
	sim.trace_mode = RX_TRACE_FULL;
	s->sp_member[1] = 3;
	{
		struct rx_ack_info ai = { .rtt_ns = -1, .ack = 2000 };
		rx_cs_spurious_on_ack(s, &ai);
	}
	const struct rx_trace *t = &res.trace;
	CHECK_EQ_I64((int64_t)t->n, 2);
	CHECK_EQ_I64(t->kind[0], RX_EV_STATE);
	CHECK_EQ_I64(t->kind[1], RX_EV_SPURIOUS);
	CHECK_EQ_I64((int64_t)t->seq[1], 2000);
	CHECK_EQ_I64(t->detail[1], 3 | (RX_SPR_REVERT << 4));
	CHECK_EQ_I64(t->cause[1], 3);
	CHECK_EQ_I64(t->cwnd_bytes[1], 20 * MSS);
	CHECK_EQ_I64(t->ssthresh_bytes[1], UINT32_MAX);
	CHECK_EQ_I64(t->state[1], RX_CA_OPEN);
	CHECK_EQ_I64(t->arg[1], 1);
	CHECK_EQ_I64((int64_t)t->n_spurious, 2);
	CHECK_EQ_I64((int64_t)t->spurious_words[0], MSS);
	CHECK_EQ_I64((int64_t)t->spurious_words[1], 10 * MSS);
	rx_trace_free(&res.trace);
	rx_snd_free(s);
	return t_report("castate");
}
