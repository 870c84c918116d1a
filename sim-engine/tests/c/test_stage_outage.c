/* test_stage_outage.c — the outage stage (F-RTO paper §5.1, "Bursty
 * losses"): the state sequence under a seed, both directions sharing it,
 * and a whole run.
 *
 * Derivation.  Outage process k of a run with seed S draws from
 * rx_rng_seed(S, 0x6F75746167650000 + k) (stage_outage.c); the run starts
 * good; good lengths are round((good_min + u (good_max - good_min)) ms),
 * bad lengths round(-bad_mean ms * ln(1 - u)), u = the top 53 bits of a
 * draw / 2^53.  With the paper's parameters (0.1-20 s, mean 3.5 s), S = 1,
 * k = 0, an independent Python transcription of SplitMix64 + xoshiro256**
 * gives:
 *   good  u = 0.5821265676567667  -> 11,684,318,696 ns, ends at 11,684,318,696
 *   bad   u = 0.5072919607264755  ->  2,477,434,725 ns, ends at 14,161,753,421
 *   good  u = 0.23321284825933297 ->  4,740,935,680 ns, ends at 18,902,689,101
 *   bad   u = 0.811168958444365   ->  5,834,159,183 ns, ends at 24,736,848,284
 *   good  u = 0.9713349862799578  -> 19,429,566,227 ns, ends at 44,166,414,511
 * A packet at time t is lost iff t falls in a bad period [start, end).
 * Each bad period reaches the trace as a path_period event (stage.h,
 * rx_stage_period) of each direction listing the stage, traced at the first
 * packet at or after its start: seq = start, arg = the length in µs rounded
 * up: ceil(2,477,434,725 / 1000) = 2,477,435 and ceil(5,834,159,183 /
 * 1000) = 5,834,160.
 */
#include <stdlib.h>
#include <string.h>

#include "core/sim.h"
#include "rexsim/config.h"
#include "rexsim/registry.h"
#include "scenarios.h"
#include "tjson.h"

/* the ends of the first five periods (good, bad, good, bad, good) */
static const int64_t ends[] = { 11684318696, 14161753421, 18902689101, 24736848284, 44166414511 };

static void set_param(const struct rx_stage_ops *ops, void *block, const char *key, double v)
{
	for (size_t i = 0; i < ops->n_params; i++)
		if (strcmp(ops->params[i].key, key) == 0) {
			char *at = (char *)block + ops->params[i].offset;
			if (ops->params[i].type == RX_PT_FLOAT)
				memcpy(at, &v, sizeof(v));
			else {
				int64_t iv = (int64_t)v;
				memcpy(at, &iv, sizeof(iv));
			}
			return;
		}
	CHECK(!"no such parameter");
}

struct probe {
	struct rx_stage st;
	int64_t now_ns;
	_Alignas(8) unsigned char cfg[RX_MECH_CFG_SIZE];
};

static void probe_init(struct probe *pr, uint64_t run_seed, uint64_t stage_seed, int dir, int64_t process)
{
	const struct rx_stage_ops *ops = rx_member(RX_FAM_STAGE, rx_member_index(RX_FAM_STAGE, "outage"));
	memset(pr, 0, sizeof(*pr));
	rx_params_defaults(ops->params, ops->n_params, pr->cfg);
	set_param(ops, pr->cfg, "process", (double)process);
	pr->st.ops = ops;
	pr->st.cfg = pr->cfg;
	pr->st.seed = stage_seed;
	pr->st.run_seed = run_seed;
	pr->st.clock_ns = &pr->now_ns;
	ops->init(&pr->st, dir);
}

static bool lost_at(struct probe *pr, int64_t t_ns)
{
	struct rx_pkt p;
	bool dup = false;
	memset(&p, 0, sizeof(p));
	pr->now_ns = t_ns;
	return pr->st.ops->apply(&pr->st, 0, &p, &dup) == RX_STAGE_DROP;
}

static void defaults_are_the_papers(void)
{
	const struct rx_stage_ops *ops = rx_member(RX_FAM_STAGE, rx_member_index(RX_FAM_STAGE, "outage"));
	CHECK(ops != NULL && ops->own_cfg);
	for (size_t i = 0; ops && i < ops->n_params; i++) {
		if (strcmp(ops->params[i].key, "good_min_ms") == 0)
			CHECK(ops->params[i].def == 100);
		if (strcmp(ops->params[i].key, "good_max_ms") == 0)
			CHECK(ops->params[i].def == 20000);
		if (strcmp(ops->params[i].key, "bad_mean_ms") == 0)
			CHECK(ops->params[i].def == 3500);
	}
}

static void state_sequence_under_seed_1(void)
{
	struct probe pr;
	probe_init(&pr, 1, 12345, 0, 0);
	int64_t start = 0;
	for (int k = 0; k < 5; k++) {
		bool bad = k % 2 == 1;
		CHECK(lost_at(&pr, start) == bad); /* a period includes its start */
		CHECK(lost_at(&pr, ends[k] - 1) == bad); /* ... and not its end */
		start = ends[k];
	}
	CHECK(!lost_at(&pr, ends[4] - 1));
	/* a packet that comes after several periods went by unseen */
	struct probe late;
	probe_init(&late, 1, 777, 0, 0);
	CHECK(lost_at(&late, ends[2] + 1)); /* inside the second bad period */
	CHECK(!lost_at(&late, ends[3]));
}

static void both_directions_share_the_process(void)
{
	/* another direction, another stage seed (another place in the list): the
	 * same periods; another process: others */
	struct probe fwd, rev, other;
	probe_init(&fwd, 1, 1, 0, 0);
	probe_init(&rev, 1, 99, 1, 0);
	probe_init(&other, 1, 1, 0, 1);
	int differ = 0;
	for (int64_t t = 0; t < 60 * RX_NS_PER_S; t += 50 * 1000000) {
		bool a = lost_at(&fwd, t), b = lost_at(&rev, t), c = lost_at(&other, t);
		CHECK(a == b);
		differ += a != c;
	}
	CHECK(differ > 0);
}

static void a_run_loses_only_in_bad_periods(void)
{
	/* 10 Mb/s each way, 25 ms, 10000 segments in a 44 s run with the paper's outage
	 * listed in both directions: every drop of both directions falls in the
	 * bad period [11,684,318,696, 14,161,753,421) or [18,902,689,101,
	 * 24,736,848,284), data and ACKs both lose, and the flow recovers */
	const char *text =
		"{\"seed\": 1, \"duration_s\": 44, \"path\": {\"forward\": {\"rate_bps\": 1e7, \"delay_ms\": 25, "
		"\"buffer_pkts\": 1000, \"stages\": [{\"kind\": \"outage\"}]}, \"reverse\": {\"rate_bps\": 1e7, "
		"\"delay_ms\": 25, \"buffer_pkts\": 1000, \"stages\": [{\"kind\": \"bernoulli\", \"p\": 0}, {\"kind\": "
		"\"outage\"}]}}, \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10000}, \"tcp\": "
		"{\"handshake\": false}}]}";
	struct rx_errors es;
	struct rx_scenario *sc = malloc(sizeof(*sc));
	struct rx_arena a = { 0 };
	struct rx_node *t = t_json(&a, text);
	memset(&es, 0, sizeof(es));
	int rc = t ? rx_scenario_from_tree(t, sc, &es) : -1;
	rx_arena_free(&a);
	CHECK_EQ_I64(rc, 0);
	if (rc) {
		free(sc);
		return;
	}
	struct rx_result r;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &r, &err), 0);
	int outage_cause = rx_member_index(RX_FAM_STAGE, "outage") + 1;
	long n_fwd = 0, n_rev = 0;
	bool all_in_bad = true;
	for (size_t i = 0; i < r.trace.n; i++) {
		if (r.trace.kind[i] != RX_EV_DROP || r.trace.cause[i] != outage_cause)
			continue;
		int64_t at = r.trace.t_ns[i];
		all_in_bad &= (at >= ends[0] && at < ends[1]) || (at >= ends[2] && at < ends[3]);
		if ((r.trace.detail[i] >> 4) == 0)
			n_fwd++;
		else
			n_rev++;
	}
	CHECK(all_in_bad);
	CHECK(n_fwd > 0 && n_rev > 0);
	/* the two bad periods before 44 s, in each direction (the third starts
	 * after the run's end): exactly four path_period events */
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_PATH_PERIOD), 4);
	int seen[2] = { 0, 0 };
	for (int k = 0; k < 4; k++) {
		long i = t_find(&r.trace, RX_EV_PATH_PERIOD, k);
		CHECK(i >= 0);
		if (i < 0)
			continue;
		int dir = r.trace.detail[i] >> 4, nth = seen[dir & 1]++;
		CHECK(nth < 2);
		if (nth >= 2)
			continue;
		CHECK_EQ_I64((int64_t)r.trace.seq[i], ends[2 * nth]);
		CHECK_EQ_I64(r.trace.arg[i], nth == 0 ? 2477435 : 5834160);
		CHECK(r.trace.t_ns[i] >= ends[2 * nth]);
		CHECK_EQ_I64(r.trace.cause[i], outage_cause);
	}
	CHECK(seen[0] == 2 && seen[1] == 2);
	/* and it delivers everything before the run ends at 44 s (the third bad
	 * period starts at 44,166,414,511 ns): 10000 segments of 1500 wire
	 * bytes take 12 s at 10 Mb/s, plus the two outages and their RTOs */
	CHECK(r.flows[0].bytes_delivered == 10000ll * 1448);
	rx_result_free(&r);
	free(sc);
}

int main(void)
{
	defaults_are_the_papers();
	state_sequence_under_seed_1();
	both_directions_share_the_process();
	a_run_loses_only_in_bad_periods();
	return t_report("stage_outage");
}
