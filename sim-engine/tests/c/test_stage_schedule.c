/* test_stage_schedule.c — the schedule stage (Kato et al. §3.1, Eq. 1 and 2),
 * driven through whole runs: one one-segment flow per probe packet, each
 * starting at the time its segment should reach the stage (no handshake, so
 * the segment is sent at start_ms; forward and reverse unlimited rate and
 * 0 ms, so a segment is delivered when the stage's hold ends; initial RTO
 * 60 s, so nothing is retransmitted).
 *
 * Figure 2 of the paper says "packets arriving at the emulator during 10,000
 * msec to 11,460 msec are transmitted in a very short period during 15,000
 * msec and 15,010 msec"; its table (Fig. 2(a)) is not in the text.  This
 * test's table is a RECONSTRUCTION that yields it:
 *
 *   time_ms  delay_ms
 *    10000       0     (before: 0, the first row's value)
 *    10000    5000     step up
 *    11460    3550
 *    11460       0     step down (the later row applies from 11460 on)
 *
 * Eq. 1 between the two middle rows: delay(t) = 5000 - 1450 (t - 10000) /
 * 1460 ms, so a packet arriving at t leaves at t + delay(t) = 15000 + (t -
 * 10000) * 10 / 1460 = 15000 + (t - 10000) / 146 ms.  Derived departures:
 *
 *   arrival 9999 ms            -> 9999 ms (delay 0 before the first row)
 *   arrival 10000 + 146 k ms   -> 15000 + k ms, k = 0..9 (10000 -> 15000)
 *   arrival 11459.854 ms       -> 15000 + 1459.854 / 146 = 15009.999 ms
 *                                 (delay 5000 - 1450 * 0.9999 = 3550.145 ms)
 *   arrival 11460 ms           -> delay 0 (after the step), but FIFO: it
 *                                 waits for the 11459.854 packet, 15009.999 ms
 *   arrival 12000 ms           -> delay 0, FIFO: 15009.999 ms, after it
 *   arrival 15010 ms           -> 15010 ms (everything before has left)
 *
 * So the packets arriving in [10000, 11460) leave in [15000, 15010) ms, as
 * the paper's Figure 2 says, and none leaves before one that arrived earlier.
 *
 * Loss (Eq. 2): a table with loss_rate 0 until 5000 ms and 1 from 5000 ms on
 * (a step) loses every packet arriving at or after 5000 ms at the stage
 * (trace DROP, cause = the schedule stage's family index + 1) and none
 * before; a table (0 ms, loss 0), (10000 ms, loss 1) has loss 0.5 at 5000 ms
 * (checked over many packets in tests/python/test_stage_schedule.py).
 *
 * Periods (stage_schedule.c): the Figure 2 table is non-trivial only between
 * its two steps, so one path_period event, traced when the probe at 10,000
 * ms reaches the stage: t = seq = 10,000 ms, arg = 1,460 ms = 1,460,000 µs.
 * A table (0 ms: 0 ms, loss 0), (1000 ms: 100 ms) is above 0 from 0 on and
 * stays so after its last row: one period from 0 to the end of the run (arg
 * UINT32_MAX), traced at the first probe (500 ms).  A table that steps back
 * to 0 and up again, (2000 ms: 0) (2000 ms: 50) (3000 ms: 50) (3000 ms: 0)
 * (5000 ms: 0) (5000 ms: loss 0.5) (6000 ms: loss 0.5) (6000 ms: 0), has two
 * periods, [2000, 3000) and [5000, 6000) ms; probes at 2500 and 5500 ms
 * trace them at 2500 and 5500 ms (the packet that first meets each).
 */
#include <stdlib.h>
#include <string.h>

#include "rexsim/config.h"
#include "rexsim/registry.h"
#include "scenarios.h"
#include "tjson.h"

/* a scenario with one one-segment flow starting at each of starts_ms[] and
 * the forward stages and schedule given */
static struct rx_scenario *probes(const double *starts_ms, int n, const char *forward)
{
	static char text[16384];
	size_t used = (size_t)snprintf(text, sizeof(text),
				       "{\"seed\": 3, \"duration_s\": 30, \"path\": {\"forward\": {\"rate_bps\": 0, "
				       "\"delay_ms\": 0, %s}, \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 0}}, "
				       "\"flows\": [",
				       forward);
	for (int k = 0; k < n && used < sizeof(text); k++)
		used += (size_t)snprintf(text + used, sizeof(text) - used,
					 "%s{\"start_ms\": %.17g, \"app\": {\"kind\": \"fixed\", \"segments\": 1}, "
					 "\"tcp\": {\"handshake\": false, \"timer\": \"rto\", \"initial_rto_ms\": "
					 "60000}, \"receiver\": {\"ack_policy\": \"quick\"}}",
					 k ? ", " : "", starts_ms[k]);
	if (used < sizeof(text))
		snprintf(text + used, sizeof(text) - used, "]}");
	struct rx_errors es;
	struct rx_scenario *sc = t_from_json(text, &es, false);
	for (int i = 0; i < es.n; i++)
		fprintf(stderr, "  %s: %s\n", es.e[i].path, es.e[i].msg);
	CHECK(sc != NULL);
	return sc;
}

static void run(const struct rx_scenario *sc, struct rx_result *res)
{
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, res, &err), 0);
}

/* the time flow f's segment was delivered, -1 if never */
static int64_t delivered_ns(const struct rx_trace *t, int f, long *index)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_DELIVER && t->flow[i] == f) {
			*index = (long)i;
			return t->t_ns[i];
		}
	*index = -1;
	return -1;
}

#define FIG2 \
	"\"stages\": [{\"kind\": \"schedule\"}], \"schedule\": [{\"time_ms\": 10000, \"delay_ms\": 0}, " \
	"{\"time_ms\": 10000, \"delay_ms\": 5000}, {\"time_ms\": 11460, \"delay_ms\": 3550}, " \
	"{\"time_ms\": 11460, \"delay_ms\": 0}]"

static void kato_figure_2(void)
{
	double starts[15] = { 9999 };
	int64_t want[15] = { t_ms(9999) };
	for (int k = 0; k < 10; k++) {
		starts[1 + k] = 10000 + 146 * k;
		want[1 + k] = t_ms(15000) + t_ms(1) * k;
	}
	starts[11] = 11459.854, want[11] = 15009999000;
	starts[12] = 11460, want[12] = 15009999000;
	starts[13] = 12000, want[13] = 15009999000;
	starts[14] = 15010, want[14] = t_ms(15010);
	struct rx_scenario *sc = probes(starts, 15, FIG2);
	if (!sc)
		return;
	struct rx_result r;
	run(sc, &r);
	long prev = -1;
	for (int f = 0; f < 15; f++) {
		long at;
		CHECK_EQ_I64(delivered_ns(&r.trace, f, &at), want[f]);
		CHECK(at > prev); /* delivered in the order they reached the stage */
		prev = at;
	}
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_DROP), 0);
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_RETRANSMIT), 0);
	rx_result_free(&r);
	free(sc);
}

/* the hold comes on top of the path's own delay: 25 ms forward */
static void hold_adds_to_the_propagation_delay(void)
{
	double starts[2] = { 10000, 10146 };
	struct rx_scenario *sc = probes(starts, 2, FIG2);
	if (!sc)
		return;
	sc->fwd.delay_ms = 25;
	struct rx_result r;
	run(sc, &r);
	long at;
	CHECK_EQ_I64(delivered_ns(&r.trace, 0, &at), t_ms(15025));
	CHECK_EQ_I64(delivered_ns(&r.trace, 1, &at), t_ms(15026));
	rx_result_free(&r);
	free(sc);
}

static void loss_step(void)
{
	double starts[4] = { 0, 4999, 5000, 7000 };
	struct rx_scenario *sc = probes(starts, 4,
					"\"stages\": [{\"kind\": \"schedule\"}], \"schedule\": [{\"time_ms\": 5000, "
					"\"loss_rate\": 0}, {\"time_ms\": 5000, \"loss_rate\": 1}]");
	if (!sc)
		return;
	struct rx_result r;
	run(sc, &r);
	long at;
	CHECK_EQ_I64(delivered_ns(&r.trace, 0, &at), 0);
	CHECK_EQ_I64(delivered_ns(&r.trace, 1, &at), t_ms(4999));
	CHECK_EQ_I64(delivered_ns(&r.trace, 2, &at), -1);
	CHECK_EQ_I64(delivered_ns(&r.trace, 3, &at), -1);
	int schedule_cause = 1 + rx_member_index(RX_FAM_STAGE, "schedule");
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_DROP), 2);
	for (int k = 0; k < 2; k++) {
		long d = t_find(&r.trace, RX_EV_DROP, k);
		CHECK(d >= 0);
		if (d >= 0) {
			CHECK_EQ_I64(r.trace.t_ns[d], t_ms(k ? 7000 : 5000));
			CHECK_EQ_I64(r.trace.cause[d], schedule_cause);
		}
	}
	rx_result_free(&r);
	free(sc);
}

#define S "{\"kind\": \"schedule\"}"
static void schedules_are_checked(void)
{
	/* every error at once: a time going back, a loss rate above 1, a negative delay */
	const char *bad = "{\"path\": {\"forward\": {\"stages\": [" S "], \"schedule\": [{\"time_ms\": 2000}, "
			  "{\"time_ms\": 1000, \"loss_rate\": 1.5}, {\"time_ms\": 3000, \"delay_ms\": -1}]}}}";
	t_expect_error(bad, "path.forward.schedule[1].time_ms", "previous row's time_ms = 2000 (got 1000)");
	t_expect_error(bad, "path.forward.schedule[1].loss_rate", "between 0 and 1 (got 1.5)");
	t_expect_error(bad, "path.forward.schedule[2].delay_ms", "between 0 and 600000 (got -1)");
	/* rows nobody reads, a reader without rows */
	t_expect_error("{\"path\": {\"reverse\": {\"schedule\": [{\"time_ms\": 0}]}}}", "path.reverse.schedule",
		       "list {kind: 'schedule'} in path.reverse.stages");
	t_expect_error("{\"path\": {\"forward\": {\"stages\": [" S "]}}}", "path.forward.stages[0].kind",
		       "path.forward.schedule, which has no rows");
	/* too many rows */
	static char many[16384];
	size_t used = (size_t)snprintf(many, sizeof(many),
				       "{\"path\": {\"forward\": {\"stages\": [" S "], "
				       "\"schedule\": [");
	for (int k = 0; k <= RX_MAX_SCHED_ROWS && used < sizeof(many); k++)
		used += (size_t)snprintf(many + used, sizeof(many) - used, "%s{\"time_ms\": %d}", k ? ", " : "", k);
	if (used < sizeof(many))
		snprintf(many + used, sizeof(many) - used, "]}}}");
	t_expect_error(many, "path.forward.schedule", "between 0 and 256 items (got 257)");
}

/* the path_period events of flow-probes at starts_ms[] under the forward part given */
static void check_periods(const double *starts_ms, int n, const char *forward, int n_want, const int64_t *t_want,
			  const int64_t *start_want, const int64_t *len_us_want)
{
	struct rx_scenario *sc = probes(starts_ms, n, forward);
	if (!sc)
		return;
	struct rx_result r;
	run(sc, &r);
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_PATH_PERIOD), n_want);
	for (int k = 0; k < n_want; k++) {
		long i = t_find(&r.trace, RX_EV_PATH_PERIOD, k);
		CHECK(i >= 0);
		if (i < 0)
			continue;
		CHECK_EQ_I64(r.trace.t_ns[i], t_want[k]);
		CHECK_EQ_I64((int64_t)r.trace.seq[i], start_want[k]);
		CHECK_EQ_I64(r.trace.arg[i], len_us_want[k]);
		CHECK_EQ_I64(r.trace.cause[i], rx_member_index(RX_FAM_STAGE, "schedule") + 1);
	}
	rx_result_free(&r);
	free(sc);
}

static void periods_reach_the_trace(void)
{
	const double fig2[] = { 9999, 10000, 10146, 12000 };
	check_periods(fig2, 4, FIG2, 1, (const int64_t[]){ t_ms(10000) }, (const int64_t[]){ t_ms(10000) },
		      (const int64_t[]){ 1460000 });
	const double late[] = { 500, 1500 };
	check_periods(late, 2,
		      "\"stages\": [{\"kind\": \"schedule\"}], \"schedule\": [{\"time_ms\": 0, \"delay_ms\": 0}, "
		      "{\"time_ms\": 1000, \"delay_ms\": 100}]",
		      1, (const int64_t[]){ t_ms(500) }, (const int64_t[]){ 0 }, (const int64_t[]){ UINT32_MAX });
	const double two[] = { 1000, 2500, 4000, 5500, 7000 };
	check_periods(two, 5,
		      "\"stages\": [{\"kind\": \"schedule\"}], \"schedule\": [{\"time_ms\": 2000, \"delay_ms\": 0}, "
		      "{\"time_ms\": 2000, \"delay_ms\": 50}, {\"time_ms\": 3000, \"delay_ms\": 50}, "
		      "{\"time_ms\": 3000, \"delay_ms\": 0}, {\"time_ms\": 5000, \"delay_ms\": 0}, "
		      "{\"time_ms\": 5000, \"delay_ms\": 0, \"loss_rate\": 0.5}, {\"time_ms\": 6000, "
		      "\"delay_ms\": 0, \"loss_rate\": 0.5}, {\"time_ms\": 6000, \"delay_ms\": 0}]",
		      2, (const int64_t[]){ t_ms(2500), t_ms(5500) }, (const int64_t[]){ t_ms(2000), t_ms(5000) },
		      (const int64_t[]){ 1000000, 1000000 });
}

int main(void)
{
	periods_reach_the_trace();
	kato_figure_2();
	hold_adds_to_the_propagation_delay();
	loss_step();
	schedules_are_checked();
	return t_report("stage_schedule");
}
