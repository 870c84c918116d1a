/* stage_outage.c — link outages on an unreliable link (Sarolahti, Kojo and
 * Raatikainen, "F-RTO", SIGCOMM CCR 2003, §5.1 "Bursty losses": "In a good
 * state no packets are dropped at the link.  When the link is in bad state,
 * all packets in both directions are lost. ... The good state length is
 * uniformly distributed between 0.1 seconds and 20 seconds.  The bad state
 * duration is exponentially distributed with a mean of 3.5 seconds.").
 *
 * The states are a process in time, not per packet: the run starts in the
 * good state; good periods last uniform [good_min_ms, good_max_ms], bad ones
 * exponential with mean bad_mean_ms.  The process draws from a stream of the
 * scenario's seed and `process` only (never the direction or the stage's
 * place in the list), so an outage listed in path.forward.stages and one
 * with the same parameters in path.reverse.stages see the very same bad
 * periods: that is how "both directions" is written.  A different `process`
 * gives an independent one.
 *
 * It reports each bad period, [its start, its end), as a path period
 * (rx_stage_period) when the first packet after its start reaches the
 * stage, even if that packet comes after its end (no packet met it, but
 * the path was down).  Both directions report a shared period each. */
#include "../core/rng.h"
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/stage.h"

struct outage_cfg {
	double good_min_ms, good_max_ms; /* good state length, uniform */
	double bad_mean_ms; /* bad state length, exponential */
	int64_t process; /* which shared outage process */
};
_Static_assert(sizeof(struct outage_cfg) <= RX_MECH_CFG_SIZE, "outage_cfg exceeds RX_MECH_CFG_SIZE");

struct outage {
	struct rx_rng rng;
	int64_t next_change_ns; /* the current state ends here */
	bool bad;
};
_Static_assert(sizeof(struct outage) <= RX_STAGE_PRIV_SIZE, "outage state too large");

/* the stream tag of outage process k: "outage" in ASCII, plus k */
#define OUTAGE_STREAM UINT64_C(0x6F75746167650000)

static int64_t good_len_ns(struct rx_rng *r, const struct outage_cfg *c)
{
	double u = rx_rng_unit(r);
	double lo = c->good_min_ms, hi = c->good_max_ms > lo ? c->good_max_ms : lo;
	return (int64_t)((lo + u * (hi - lo)) * 1e6 + 0.5);
}

static void outage_init(struct rx_stage *st, int dir)
{
	(void)dir;
	struct outage *o = (struct outage *)st->priv;
	const struct outage_cfg *c = st->cfg;
	rx_rng_seed(&o->rng, st->run_seed, OUTAGE_STREAM + (uint64_t)c->process);
	o->bad = false;
	o->next_change_ns = good_len_ns(&o->rng, c);
}

static int outage_apply(struct rx_stage *st, int dir, struct rx_pkt *p, bool *duplicate)
{
	(void)dir;
	(void)duplicate;
	struct outage *o = (struct outage *)st->priv;
	const struct outage_cfg *c = st->cfg;
	int64_t now_ns = *st->clock_ns;
	while (now_ns >= o->next_change_ns) {
		int64_t start_ns = o->next_change_ns;
		o->bad = !o->bad;
		o->next_change_ns += o->bad ? rx_rng_exp_ns(&o->rng, c->bad_mean_ms * 1e6) : good_len_ns(&o->rng, c);
		if (o->bad)
			rx_stage_period(st, p->flow, start_ns, o->next_change_ns);
	}
	return o->bad ? RX_STAGE_DROP : RX_STAGE_PASS;
}

static const struct rx_param outage_params[] = {
	{ .section = 0,
	  .key = "good_min_ms",
	  .label = "Shortest good period",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct outage_cfg, good_min_ms),
	  .min = 0,
	  .max = 3600000,
	  .def = 100,
	  .unit = "ms",
	  .doc = "Lower end of the uniform good-state length (F-RTO paper §5.1, bursty losses: 0.1 s)." },
	{ .section = 0,
	  .key = "good_max_ms",
	  .label = "Longest good period",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct outage_cfg, good_max_ms),
	  .min = 0,
	  .max = 3600000,
	  .def = 20000,
	  .unit = "ms",
	  .doc = "Upper end of the uniform good-state length (F-RTO paper §5.1: 20 s); a value below the "
		 "shortest good period is read as it (a fixed good length)." },
	{ .section = 0,
	  .key = "bad_mean_ms",
	  .label = "Mean outage length",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct outage_cfg, bad_mean_ms),
	  .min = 0,
	  .max = 600000,
	  .def = 3500,
	  .unit = "ms",
	  .doc = "Mean of the exponentially distributed bad-state (outage) length (F-RTO paper §5.1: 3.5 s)." },
	{ .section = 0,
	  .key = "process",
	  .label = "Outage process",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct outage_cfg, process),
	  .min = 0,
	  .max = 1000,
	  .def = 0,
	  .unit = "",
	  .doc = "Which outage process: outages with the same process and parameters in path.forward.stages and "
		 "path.reverse.stages share their bad periods (the paper's 'all packets in both directions are "
		 "lost'); another number gives an independent process." },
};

const struct rx_stage_ops rx_stage_outage = {
	.params = outage_params,
	.n_params = sizeof(outage_params) / sizeof(outage_params[0]),
	.cfg_size = sizeof(struct outage_cfg),
	.own_cfg = true,
	.name = "outage",
	.label = "Link outages",
	.doc = "Bursty losses from link outages (F-RTO paper, Sarolahti et al. 2003, §5.1 'Bursty losses'): good and "
	       "bad states alternate in time, good lengths uniform in [good_min_ms, good_max_ms], bad lengths "
	       "exponential with mean bad_mean_ms (paper: 0.1-20 s and 3.5 s); in the bad state every packet is "
	       "lost.  List it in both directions with the same process to lose both ways at once.",
	.init = outage_init,
	.apply = outage_apply,
};
