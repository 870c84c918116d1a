/* test_apps.c — the applications: fixed, bulk and request/response. */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"

/* Regression (fuzz/crashes/bulk-stop-before-handshake): a bulk app that
 * writes for 0.5 s while its SYN is lost.  The SYN is retransmitted after the
 * initial RTO (1 s), after the app stopped: the flow completes with nothing
 * sent, and no data may leave after the SYN-ACK arrives. */
static void bulk_stops_before_handshake(void)
{
	struct rx_scenario *sc = t_tail_scenario(20, 0, "rto", "delayed");
	sc->flows[0].app_kind = t_enum("app.kind", "bulk");
	sc->flows[0].app_duration_s = 0.5;
	sc->fwd.loss.model = RX_LOSS_POSITIONED;
	sc->fwd.loss.n_rules = 1;
	rx_pos_rule_init(&sc->fwd.loss.rules[0]);
	sc->fwd.loss.rules[0].segment = 0; /* the SYN */
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	CHECK_EQ_I64(t_count(&res.trace, RX_EV_SEND), 0);
	CHECK_EQ_I64(res.flows[0].syn_retransmits, 1);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(res.flows[0].bytes_delivered, 0);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(500));
	rx_result_free(&res);
	free(sc);
}

/* Request/response: three objects of 3 segments, RTT 20, quick ACKs, no loss,
 * think time 50 ms.  Object 1 is written at the handshake (20 ms) and fully
 * delivered at 30 ms (3 segments, unlimited rate): its completion time counts
 * from the flow start: 30 ms.  The next request is issued at 30 + 50 = 80 ms
 * and reaches the sender at 90 ms; its data arrives at 100 ms: 20 ms after
 * the request was issued.  Same for object 3: issued 150, done 170. */
static void requests_timeline(void)
{
	struct rx_scenario *sc = t_tail_scenario(20, 0, "rto", "quick");
	struct rx_flow_cfg *f = &sc->flows[0];
	f->app_kind = t_enum("app.kind", "requests");
	f->app_requests = 3;
	f->app_object_bytes = 3 * 1448;
	f->app_gap_ms = 50;
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_flow_metrics *m = &res.flows[0];
	CHECK_EQ_I64(m->n_requests, 3);
	CHECK_EQ_I64(t_ms(m->request_ms[0]), t_ms(30));
	CHECK_EQ_I64(t_ms(m->request_ms[1]), t_ms(20));
	CHECK_EQ_I64(t_ms(m->request_ms[2]), t_ms(20));
	CHECK_EQ_I64(t_ms(m->fct_ms), t_ms(170));
	CHECK_EQ_I64(m->bytes_delivered, 9 * 1448);
	rx_result_free(&res);
	free(sc);
}

/* Slow start after idle (RFC 5681 §4.1): objects of 40 segments with a 3 s
 * think time (> RTO 1 s): cwnd grows during the first object, and the second
 * object starts from the restart window min(IW, cwnd) = 10 segments again. */
static void restart_after_idle(void)
{
	struct rx_scenario *sc = t_tail_scenario(20, 0, "rto", "quick");
	struct rx_flow_cfg *f = &sc->flows[0];
	f->app_kind = t_enum("app.kind", "requests");
	f->app_requests = 2;
	f->app_object_bytes = 40 * 1448;
	f->app_gap_ms = 3000;
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	/* the first send of the second object: segment 41 */
	long first2 = -1;
	for (size_t i = 0; i < t->n && first2 < 0; i++)
		if (t->kind[i] == RX_EV_SEND && t->seq[i] == 40 * 1448)
			first2 = (long)i;
	CHECK(first2 >= 0);
	CHECK_EQ_I64(t->cwnd_bytes[first2], 10 * 1448);
	/* it leaves with nine more at once: ten segments in one instant */
	long same = 0;
	for (size_t i = (size_t)first2; i < t->n && t->t_ns[i] == t->t_ns[first2]; i++)
		same += t->kind[i] == RX_EV_SEND;
	CHECK_EQ_I64(same, 10);
	rx_result_free(&res);
	free(sc);
}

int main(void)
{
	bulk_stops_before_handshake();
	requests_timeline();
	restart_after_idle();
	return t_report("apps");
}
