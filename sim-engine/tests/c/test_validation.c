/* test_validation.c — invalid scenarios are refused with the field path and
 * the limit, and nothing runs. */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "scenarios.h"
#include "rexsim/registry.h"

static void expect(struct rx_scenario *sc, const char *path, const char *needle)
{
	struct rx_error err;
	struct rx_result res;
	int rc = rx_run(sc, &res, &err);
	CHECK_EQ_I64(rc, -1);
	if (strcmp(err.path, path) != 0 || !strstr(err.msg, needle))
		fprintf(stderr, "  got '%s: %s', expected path '%s' with '%s'\n", err.path, err.msg, path, needle);
	CHECK(strcmp(err.path, path) == 0);
	CHECK(strstr(err.msg, needle) != NULL);
	rx_scenario_init(sc);
}

int main(void)
{
	struct rx_scenario *sc = malloc(sizeof(*sc));
	rx_scenario_init(sc);
	sc->flows[0].mss = 20;
	expect(sc, "flows[0].tcp.mss", "between 64 and 65495");
	sc->duration_s = NAN;
	expect(sc, "duration_s", "between 0.001 and 3600");
	sc->fwd.delay_ms = -1;
	expect(sc, "path.forward.delay_ms", "between 0 and 10000");
	sc->rev.loss.p = 1.5;
	expect(sc, "path.reverse.loss.p", "between 0 and 1");
	sc->n_flows = 0;
	expect(sc, "flows", "between 1 and 64");
	sc->flows[0].timer = 99;
	expect(sc, "flows[0].tcp.timer", "choices");
	/* a set names only existing choices: a bit past the spurious family's members */
	sc->flows[0].spurious_mask = INT64_C(1) << rx_member_count(RX_FAM_SPURIOUS);
	expect(sc, "flows[0].tcp.spurious", "does not exist");
	sc->rev.loss.model = RX_LOSS_TAIL;
	expect(sc, "path.reverse.loss.model", "path.forward only");
	sc->fwd.loss.model = RX_LOSS_TAIL;
	sc->flows[0].app_kind = t_enum("app.kind", "bulk");
	expect(sc, "path.forward.loss.model", "bulk");
	sc->fwd.loss.model = RX_LOSS_POSITIONED;
	sc->fwd.loss.n_rules = 1;
	rx_pos_rule_init(&sc->fwd.loss.rules[0]);
	sc->fwd.loss.rules[0].flow = 3;
	expect(sc, "path.forward.loss.rules[0].flow", "below the number of flows");
	sc->flows[0].rwnd_bytes = 100;
	expect(sc, "flows[0].receiver.rwnd_bytes", "at least tcp.mss");
	/* receiver.rwnd_bdp (receiver.c W0): defaults C = 1e9 bit/s, U = 20 + 20 ms,
	 * so C x U / 8 = 5,000,000 bytes */
	sc->flows[0].rwnd_bdp = 0.0002; /* 1000 bytes < MSS 1448 */
	expect(sc, "flows[0].receiver.rwnd_bdp", "window of 1000 bytes");
	sc->flows[0].rwnd_bdp = 0.0002;
	sc->flows[0].mss = 1000; /* 1000 bytes: valid, and rwnd_bytes' own check is not made */
	sc->flows[0].rwnd_bytes = 100;
	{
		struct rx_error err;
		CHECK_EQ_I64(rx_scenario_validate(sc, &err), 0);
		rx_scenario_init(sc);
	}
	sc->flows[0].rwnd_bdp = 1;
	sc->fwd.rate_bps = 0;
	expect(sc, "flows[0].receiver.rwnd_bdp", "path.forward.rate_bps must be at least 1 bps");
	sc->flows[0].rwnd_bdp = 1;
	sc->flows[0].wscale = 6; /* 65535 << 6 = 4,194,240 < 5,000,000 */
	expect(sc, "flows[0].receiver.rwnd_bdp", "65535 << receiver.wscale = 4194240");
	sc->flows[0].dupthresh = 9;
	expect(sc, "flows[0].tcp.dupthresh", "between 1 and 8");
	free(sc);
	return t_report("validation");
}
