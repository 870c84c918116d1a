/* test_stages.c — path.<dir>.stages, a tagged list: stages after the loss
 * model, each {kind, that stage's own parameters}.
 *
 * Derivations (one 10-segment object, MSS 1448, unlimited rate, 25 ms each
 * way, no handshake, quick ACKs, timer rto, rfc6298 profile):
 *  - a listed tail stage (count 1) drops what loss.model tail (count 1)
 *    drops: segment 10 on its first transmission; the two runs are the same
 *    event for event, drops named by the same stage;
 *  - loss.model positioned (segment 3) and a listed tail stage: segment 3 is
 *    dropped by the positioned stage, segment 10 by the tail stage, both at
 *    t = 0 (unlimited rate: every segment leaves at once);
 *  - a listed bernoulli stage with p = 1 on the reverse path drops every
 *    ACK, so the sender hears nothing and retransmits segment 1 at the
 *    initial RTO, 1 s.
 */
#include <stdlib.h>
#include <string.h>

#include "rexsim/config.h"
#include "rexsim/registry.h"
#include "scenarios.h"
#include "tjson.h"

#define BASE \
	"\"duration_s\": 5, \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10}, \"tcp\": {\"handshake\": " \
	"false, \"timer\": \"rto\"}, \"receiver\": {\"ack_policy\": \"quick\"}}]"

static void run(const struct rx_scenario *sc, struct rx_result *res)
{
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, res, &err), 0);
}

static void listed_tail_is_the_tail_model(void)
{
	struct rx_errors es;
	struct rx_scenario *model =
		t_from_json("{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 25, \"loss\": "
			    "{\"model\": \"tail\", \"count\": 1}}, \"reverse\": {\"rate_bps\": 0, "
			    "\"delay_ms\": 25}}, " BASE "}",
			    &es, true);
	struct rx_scenario *listed = t_from_json("{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 25, "
						 "\"stages\": [{\"kind\": \"tail\", \"count\": 1}]}, \"reverse\": "
						 "{\"rate_bps\": 0, \"delay_ms\": 25}}, " BASE "}",
						 &es, true);
	CHECK(model && listed);
	if (!model || !listed)
		return;
	CHECK_EQ_I64(listed->fwd.n_stages, 1);
	struct rx_result a, b;
	run(model, &a);
	run(listed, &b);
	CHECK_EQ_I64(a.trace.n, b.trace.n);
	bool same = a.trace.n == b.trace.n;
	for (size_t i = 0; same && i < a.trace.n; i++)
		same = a.trace.t_ns[i] == b.trace.t_ns[i] && a.trace.kind[i] == b.trace.kind[i] &&
			a.trace.seq[i] == b.trace.seq[i] && a.trace.cause[i] == b.trace.cause[i];
	CHECK(same);
	long d = t_find(&b.trace, RX_EV_DROP, 0);
	CHECK(d >= 0 && b.trace.seq[d] == 9 * 1448);
	rx_result_free(&a);
	rx_result_free(&b);
	free(model);
	free(listed);
}

static void positioned_then_tail(void)
{
	struct rx_errors es;
	struct rx_scenario *sc = t_from_json(
		"{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 25, \"loss\": {\"model\": \"positioned\", "
		"\"rules\": [{\"segment\": 3}]}, \"stages\": [{\"kind\": \"tail\"}]}, \"reverse\": {\"rate_bps\": 0, "
		"\"delay_ms\": 25}}, " BASE "}",
		&es, true);
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result r;
	run(sc, &r);
	/* the drop stage is 1 + the stage's index in its family: positioned 1, tail 2 */
	long d0 = t_find(&r.trace, RX_EV_DROP, 0), d1 = t_find(&r.trace, RX_EV_DROP, 1);
	CHECK(d0 >= 0 && d1 >= 0);
	if (d0 >= 0 && d1 >= 0) {
		CHECK_EQ_I64(r.trace.t_ns[d0], 0);
		CHECK_EQ_I64(r.trace.seq[d0], 2 * 1448);
		CHECK_EQ_I64(r.trace.cause[d0], rx_member_index(RX_FAM_STAGE, "positioned") + 1);
		CHECK_EQ_I64(r.trace.t_ns[d1], 0);
		CHECK_EQ_I64(r.trace.seq[d1], 9 * 1448);
		CHECK_EQ_I64(r.trace.cause[d1], rx_member_index(RX_FAM_STAGE, "tail") + 1);
	}
	rx_result_free(&r);
	free(sc);
}

static void reverse_bernoulli_drops_every_ack(void)
{
	struct rx_errors es;
	struct rx_scenario *sc = t_from_json("{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 25}, "
					     "\"reverse\": {\"rate_bps\": 0, \"delay_ms\": 25, \"stages\": [{\"kind\": "
					     "\"bernoulli\", \"p\": 1}]}}, " BASE "}",
					     &es, true);
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result r;
	run(sc, &r);
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_ACK_RECV), 0);
	long rtx = t_find(&r.trace, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0 && r.trace.t_ns[rtx] == RX_NS_PER_S && r.trace.seq[rtx] == 0);
	rx_result_free(&r);
	free(sc);
}

static void listed_stages_are_checked(void)
{
	t_expect_error("{\"path\": {\"forward\": {\"stages\": [{\"kind\": \"positioned\"}]}}}",
		       "path.forward.stages[0].kind", "choose it as path.forward.loss.model");
	t_expect_error("{\"path\": {\"reverse\": {\"stages\": [{\"kind\": \"tail\"}]}}}", "path.reverse.stages[0].kind",
		       "path.forward only");
	t_expect_error("{\"path\": {\"forward\": {\"stages\": [{\"kind\": \"teleport\"}]}}}",
		       "path.forward.stages[0].kind", "must name a stage");
	t_expect_error("{\"path\": {\"forward\": {\"stages\": [{\"kind\": \"bernoulli\", \"q\": 1}]}}}",
		       "path.forward.stages[0].q", "not a parameter of stage 'bernoulli'");
	t_expect_error("{\"path\": {\"forward\": {\"stages\": [{\"kind\": \"bernoulli\", \"p\": 2}]}}}",
		       "path.forward.stages[0].p", "between 0 and 1");
	t_expect_error("{\"path\": {\"forward\": {\"stages\": [{}, {}, {}, {}, {}, {}, {}, {}, {}]}}}",
		       "path.forward.stages", "between 0 and 8 items (got 9)");
}

int main(void)
{
	listed_tail_is_the_tail_model();
	positioned_then_tail();
	reverse_bernoulli_drops_every_ack();
	listed_stages_are_checked();
	return t_report("stages");
}
