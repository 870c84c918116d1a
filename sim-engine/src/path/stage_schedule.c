/* stage_schedule.c — a time-variant delay and loss table, as the LTE handover
 * emulator of Kato et al. ("Comparison of spurious timeout detection methods
 * under LTE handover", §3.1 "Network Emulator for LTE Handover"): "The delay
 * and packet loss rate are given by a table ... For the timing not specified
 * in the table, the delay and loss rate are interpolated linearly ... the
 * delay and loss rate can be changed sharply by specifying different values
 * for the same elapsed time."
 *
 * The table is the direction's path.<dir>.schedule: rows (time_ms, delay_ms,
 * loss_rate) in time order.  A packet reaching the stage at time t takes the
 * values of Eq. 1 (delay) and Eq. 2 (loss): with i the last row whose time is
 * at or before t and i+1 the next,
 *
 *   v(t) = v[i] + (v[i+1] - v[i]) * (t - time[i]) / (time[i+1] - time[i]),
 *
 * which is the paper's formula; at a time two rows share, the later row
 * applies from that instant (the step); before the first row the first row's
 * values hold, after the last row the last row's.  Times count from the start
 * of the run (the paper counts from the emulator's first packet, the SYN at
 * time 0 in a run whose flow starts at 0).
 *
 * The packet is lost with probability loss(t), one draw from the stage's own
 * stream per packet whose rate is above 0 (the paper draws
 * random32() % 10000 per packet); a lost packet is dropped here, at the
 * stage, where the paper discards it after the hold.  Otherwise it is held
 * delay(t) in order (p->hold_ns, stage.h): the hold is served after the
 * bottleneck, and no packet reaches the far end before one that entered the
 * line earlier, so packets held long keep those behind them waiting (§3.1:
 * "packets arriving at the emulator during 10,000 msec to 11,460 msec are
 * transmitted in a very short period during 15,000 msec and 15,010 msec").
 *
 * It reports the table's non-trivial periods, where delay or loss is above
 * 0, as path periods (rx_stage_period), each when the first packet at or
 * after its start reaches the stage.  The table is cut into pieces: before
 * the first row (the first row's values), between two rows of different
 * times (non-trivial when either row has delay or loss: the interpolation
 * is above 0 inside), after the last row (the last row's, to the end of the
 * run); a period is a run of consecutive non-trivial pieces.
 */
#include <math.h>
#include "../core/rng.h"
#include "../core/sim.h"
#include "rexsim/stage.h"

struct sched {
	struct rx_rng rng;
	int64_t i; /* the last row at or before the latest arrival (-1: none yet) */
	int64_t piece; /* the next piece of the table to look at for periods (-1: before the first row) */
};
_Static_assert(sizeof(struct sched) <= RX_STAGE_PRIV_SIZE, "schedule state too large");

static void sched_init(struct rx_stage *st, int dir)
{
	struct sched *s = (struct sched *)st->priv;
	rx_rng_seed(&s->rng, st->seed, (uint64_t)dir + 1);
	s->i = -1;
	s->piece = -1;
}

static bool row_active(const struct rx_sched_row *r)
{
	return r->delay_ms > 0 || r->loss_rate > 0;
}

/* piece k of n rows: [start, end) and whether delay or loss is above 0 in it
 * (k = -1 before the first row, k = n - 1 after the last) */
static bool piece(const struct rx_sched_row *row, int64_t n, int64_t k, int64_t *start_ns, int64_t *end_ns)
{
	*start_ns = k < 0 ? 0 : rx_ms_to_ns(row[k].time_ms);
	*end_ns = k + 1 < n ? rx_ms_to_ns(row[k + 1].time_ms) : INT64_MAX;
	if (*end_ns <= *start_ns)
		return false;
	if (k < 0)
		return row_active(&row[0]);
	return row_active(&row[k]) || (k + 1 < n && row_active(&row[k + 1]));
}

/* report the periods that start at or before t_ns and were not yet reported */
static void report_periods(struct rx_stage *st, struct sched *s, int flow, int64_t t_ns)
{
	const struct rx_sched_row *row = st->dir->schedule;
	int64_t n = st->dir->n_schedule, a_ns, b_ns;
	while (s->piece < n) {
		if (!piece(row, n, s->piece, &a_ns, &b_ns)) {
			if (a_ns > t_ns)
				return;
			s->piece++;
			continue;
		}
		if (a_ns > t_ns)
			return;
		int64_t end_ns = b_ns, c_ns, d_ns; /* extend over the following non-trivial pieces */
		while (++s->piece < n && (piece(row, n, s->piece, &c_ns, &d_ns) || c_ns == d_ns))
			if (c_ns != d_ns)
				end_ns = d_ns;
		rx_stage_period(st, flow, a_ns, end_ns);
	}
}

static int sched_apply(struct rx_stage *st, int dir, struct rx_pkt *p, bool *duplicate)
{
	(void)dir;
	(void)duplicate;
	struct sched *s = (struct sched *)st->priv;
	const struct rx_sched_row *row = st->dir->schedule;
	int64_t n = st->dir->n_schedule, t_ns = *st->clock_ns;
	if (n <= 0)
		return RX_STAGE_PASS;
	report_periods(st, s, p->flow, t_ns);
	/* arrivals come in time order: the row only moves forward */
	while (s->i + 1 < n && rx_ms_to_ns(row[s->i + 1].time_ms) <= t_ns)
		s->i++;
	int64_t a = s->i < 0 ? 0 : s->i, b = s->i + 1 < n ? s->i + 1 : a;
	int64_t a_ns = rx_ms_to_ns(row[a].time_ms), b_ns = rx_ms_to_ns(row[b].time_ms);
	int64_t delay_a_ns = rx_ms_to_ns(row[a].delay_ms), delay_b_ns = rx_ms_to_ns(row[b].delay_ms);
	int64_t delay_ns = delay_a_ns;
	double loss = row[a].loss_rate;
	if (s->i >= 0 && b != a) { /* a_ns <= t_ns < b_ns: Eq. 1 and 2 */
		double frac = (double)(t_ns - a_ns) / (double)(b_ns - a_ns);
		delay_ns += llround((double)(delay_b_ns - delay_a_ns) * frac);
		loss += (row[b].loss_rate - loss) * frac;
	}
	if (loss > 0 && rx_rng_bernoulli(&s->rng, rx_prob_threshold(loss)))
		return RX_STAGE_DROP;
	p->hold_ns += delay_ns;
	return RX_STAGE_PASS;
}

const struct rx_stage_ops rx_stage_schedule = {
	.uses_schedule = true,
	.own_cfg = true,
	.name = "schedule",
	.label = "Delay and loss schedule",
	.doc = "A time-variant delay and loss table, as Kato et al.'s LTE handover emulator (§3.1, Eq. 1 and 2): "
	       "the direction's path.<dir>.schedule rows (time_ms, delay_ms, loss_rate), linearly interpolated "
	       "by the time a packet reaches the stage, a step where two rows share a time, constant before the "
	       "first row and after the last.  A packet is lost with the rate, else held the delay in order: no "
	       "packet leaves before one that arrived earlier.",
	.init = sched_init,
	.apply = sched_apply,
};
