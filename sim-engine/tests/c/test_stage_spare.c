/* test_stage_spare.c — spare_retransmissions on the random-loss stages
 * (src/path/spare.h): the mobile-recovery paper's "Optimized (Optimal)"
 * emulator, §VIII, "configure the emulator not to drop the retransmitted
 * packets".
 *
 *  A. Driven on its own (no run): bernoulli p = 0.5 and gilbert_elliott
 *     (p 0.1, r 0.3, loss_good 0.01, loss_bad 1), the same seed, the same
 *     3000 packets, with and without sparing.  Packet i is: a retransmitted
 *     data segment (tx_no 2) when i % 5 == 0; an opportunistic new segment
 *     (RX_PF_OPP, tx_no 1) when i % 5 == 1; a SYN retransmission (tx_no 2, no
 *     data) when i % 5 == 2; a zero-window probe (tx_no 3, no data) when
 *     i % 5 == 3; an original data segment otherwise.  With sparing every
 *     retransmitted data segment passes; every other packet meets exactly the
 *     fate it meets without sparing (spare.h interpretations 1-3, and 5: the
 *     spared packet still draws).  Without sparing some retransmissions are
 *     dropped (the check is not vacuous).
 *  B. A whole run, p = 1 on the forward path, one segment, no handshake,
 *     RFC 6298 RTO (initial 1 s, §2.1: "the sender SHOULD set RTO <- 1
 *     second"), unlimited rates, 25 ms each way.  The segment is dropped at 0
 *     (cause 1 + bernoulli's family index).  At 1 s the RTO retransmits it:
 *     with sparing it passes and is delivered at 1 s + 25 ms; without it is
 *     dropped again at 1 s and nothing is delivered before the next RTO
 *     (2 s later, backed off).
 */
#include <stdlib.h>
#include <string.h>

#include "core/sim.h"
#include "rexsim/config.h"
#include "rexsim/registry.h"
#include "scenarios.h"
#include "tjson.h"

struct probe {
	struct rx_stage st;
	int64_t now_ns;
	struct rx_loss_cfg cfg;
};

static void probe_init(struct probe *pr, const char *kind, bool spare)
{
	const struct rx_stage_ops *ops = rx_member(RX_FAM_STAGE, rx_member_index(RX_FAM_STAGE, kind));
	memset(pr, 0, sizeof(*pr));
	pr->cfg.p = strcmp(kind, "bernoulli") == 0 ? 0.5 : 0.1;
	pr->cfg.r = 0.3;
	pr->cfg.loss_good = 0.01;
	pr->cfg.loss_bad = 1;
	pr->cfg.spare_retransmissions = spare;
	pr->st.ops = ops;
	pr->st.cfg = &pr->cfg;
	pr->st.seed = 42;
	pr->st.run_seed = 42;
	pr->st.clock_ns = &pr->now_ns;
	ops->init(&pr->st, 0);
}

static void make_pkt(struct rx_pkt *p, int i)
{
	memset(p, 0, sizeof(*p));
	switch (i % 5) {
	case 0: /* a retransmitted data segment */
		p->flags = RX_PF_DATA | RX_PF_ACK;
		p->len_bytes = 1448;
		p->tx_no = 2;
		break;
	case 1: /* opportunistic new data */
		p->flags = RX_PF_DATA | RX_PF_ACK | RX_PF_OPP;
		p->len_bytes = 1448;
		p->tx_no = 1;
		break;
	case 2: /* a SYN retransmission */
		p->flags = RX_PF_SYN;
		p->tx_no = 2;
		break;
	case 3: /* a zero-window probe */
		p->flags = RX_PF_ACK | RX_PF_ZWP;
		p->tx_no = 3;
		break;
	default: /* an original */
		p->flags = RX_PF_DATA | RX_PF_ACK;
		p->len_bytes = 1448;
		p->tx_no = 1;
	}
}

static void same_fates_but_retransmissions(const char *kind)
{
	struct probe off, on;
	probe_init(&off, kind, false);
	probe_init(&on, kind, true);
	int rtx_dropped_off = 0, others_dropped = 0;
	for (int i = 0; i < 3000; i++) {
		struct rx_pkt p;
		bool dup = false;
		make_pkt(&p, i);
		int v_off = off.st.ops->apply(&off.st, 0, &p, &dup);
		int v_on = on.st.ops->apply(&on.st, 0, &p, &dup);
		if (i % 5 == 0) {
			CHECK_EQ_I64(v_on, RX_STAGE_PASS);
			rtx_dropped_off += v_off == RX_STAGE_DROP;
		} else {
			CHECK_EQ_I64(v_on, v_off);
			others_dropped += v_off == RX_STAGE_DROP;
		}
	}
	CHECK(rtx_dropped_off > 0);
	CHECK(others_dropped > 0);
}

#define RUN(spare) \
	"{\"seed\": 1, \"duration_s\": 2.5, \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 25, \"loss\": " \
	"{\"model\": \"bernoulli\", \"p\": 1, \"spare_retransmissions\": " spare "}}, \"reverse\": {\"rate_bps\": 0, " \
	"\"delay_ms\": 25}}, \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 1}, \"tcp\": {\"handshake\": " \
	"false, \"timer\": \"rto\", \"rtt_profile\": \"rfc6298\", \"timestamps\": false}}]}"

static void whole_run(bool spare)
{
	struct rx_scenario *sc = t_scenario_json(spare ? RUN("true") : RUN("false"));
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result r;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &r, &err), 0);
	int bern = rx_member_index(RX_FAM_STAGE, "bernoulli");
	long d0 = t_find(&r.trace, RX_EV_DROP, 0);
	CHECK(d0 >= 0);
	if (d0 >= 0) {
		CHECK_EQ_I64(r.trace.t_ns[d0], 0);
		CHECK_EQ_I64(r.trace.cause[d0], bern + 1);
	}
	long d1 = t_find(&r.trace, RX_EV_DROP, 1);
	long dl = t_find(&r.trace, RX_EV_DELIVER, 0);
	if (spare) {
		CHECK(d1 < 0);
		CHECK(dl >= 0);
		if (dl >= 0) {
			CHECK_EQ_I64(r.trace.t_ns[dl], t_ms(1025));
			CHECK_EQ_I64(r.trace.detail[dl], 2); /* tx_no: delivered as its retransmission */
		}
		CHECK(r.flows[0].completed);
	} else {
		CHECK(d1 >= 0);
		if (d1 >= 0)
			CHECK_EQ_I64(r.trace.t_ns[d1], t_ms(1000));
		CHECK(dl < 0);
		CHECK(!r.flows[0].completed);
	}
	CHECK_EQ_I64(r.invariant_violations, 0);
	rx_result_free(&r);
	free(sc);
}

int main(void)
{
	same_fates_but_retransmissions("bernoulli");
	same_fates_but_retransmissions("gilbert_elliott");
	whole_run(true);
	whole_run(false);
	t_expect_error(
		"{\"path\": {\"forward\": {\"loss\": {\"model\": \"bernoulli\", \"spare_retransmissions\": 1}}}}",
		"path.forward.loss.spare_retransmissions", "true or false");
	return t_report("stage_spare");
}
