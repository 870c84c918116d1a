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
 */
#include <math.h>
#include "../core/rng.h"
#include "../core/sim.h"
#include "rexsim/stage.h"

struct sched {
	struct rx_rng rng;
	int64_t i; /* the last row at or before the latest arrival (-1: none yet) */
};
_Static_assert(sizeof(struct sched) <= RX_STAGE_PRIV_SIZE, "schedule state too large");

static void sched_init(struct rx_stage *st, int dir)
{
	struct sched *s = (struct sched *)st->priv;
	rx_rng_seed(&s->rng, st->seed, (uint64_t)dir + 1);
	s->i = -1;
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
