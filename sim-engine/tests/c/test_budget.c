/* test_budget.c — budgets stop a run cleanly with a truncated flag, and the
 * trace modes change the trace but never the metrics. */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"

int main(void)
{
	struct rx_result res;
	struct rx_error err;
	struct rx_scenario *sc = t_tail_scenario(20, 0, "rto", "delayed");

	/* a bulk flow that would write for 10 s, stopped at 1 s of simulated time */
	sc->flows[0].app_kind = t_enum("app.kind", "bulk");
	sc->flows[0].app_duration_s = 10;
	sc->fwd.rate_bps = 10e6;
	sc->duration_s = 1;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	CHECK(res.truncated);
	CHECK(strcmp(res.truncated_reason, "duration_s") == 0);
	CHECK(res.sim_end_ns <= 1000000000LL);
	CHECK(!res.flows[0].completed);
	CHECK(res.flows[0].bytes_delivered > 0);
	rx_result_free(&res);

	/* an event budget of 100 */
	sc->duration_s = 60;
	sc->max_events = 100;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	CHECK(res.truncated);
	CHECK(strcmp(res.truncated_reason, "max_events") == 0);
	CHECK_EQ_I64(res.events, 100);
	rx_result_free(&res);

	/* trace modes: same metrics, fewer (or no) events */
	struct rx_result full, none, sampled;
	free(sc);
	sc = t_tail_scenario(40, 3, "tlp", "delayed");
	sc->flows[0].app_segments = 200;
	CHECK_EQ_I64(rx_run(sc, &full, &err), 0);
	sc->trace_mode = RX_TRACE_NONE;
	CHECK_EQ_I64(rx_run(sc, &none, &err), 0);
	sc->trace_mode = RX_TRACE_SAMPLED;
	CHECK_EQ_I64(rx_run(sc, &sampled, &err), 0);
	CHECK(!full.truncated);
	CHECK_EQ_I64(none.trace.n, 0);
	CHECK(sampled.trace.n > 0 && sampled.trace.n < full.trace.n);
	CHECK(memcmp(&full.flows[0].fct_ms, &none.flows[0].fct_ms, sizeof(double)) == 0);
	CHECK(memcmp(&full.flows[0].fct_ms, &sampled.flows[0].fct_ms, sizeof(double)) == 0);
	CHECK_EQ_I64(full.flows[0].retransmissions, none.flows[0].retransmissions);
	CHECK_EQ_I64(t_count(&full.trace, RX_EV_RETRANSMIT), t_count(&sampled.trace, RX_EV_RETRANSMIT));
	CHECK_EQ_I64(t_count(&full.trace, RX_EV_TIMER_FIRED), t_count(&sampled.trace, RX_EV_TIMER_FIRED));
	rx_result_free(&full);
	rx_result_free(&none);
	rx_result_free(&sampled);
	free(sc);
	return t_report("budget");
}
