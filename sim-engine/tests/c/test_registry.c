/* test_registry.c — every ops table has its required members and a unique
 * name; every parameter's default lies in its range; the default scenario
 * validates; each enum default names a real choice. */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"

int main(void)
{
	char why[200] = "";
	CHECK_EQ_I64(rx_registry_validate(why, sizeof(why)), 0);
	if (*why)
		fprintf(stderr, "registry: %s\n", why);
	CHECK(rx_registry_count_cc() >= 2);
	CHECK(rx_registry_count_timer() == 5);
	CHECK(rx_registry_count_recovery() >= 1);
	/* the names the scenario shape promises */
	CHECK(t_enum("tcp.cc", "reno") >= 0 && t_enum("tcp.cc", "cubic") >= 0);
	const char *timers[] = { "rto", "rtor", "tlp", "tlpr", "tlp_rfc8985" };
	for (int i = 0; i < 5; i++)
		CHECK(t_enum("tcp.timer", timers[i]) >= 0);

	size_t n;
	const struct rx_param *p = rx_params(&n);
	CHECK(n > 40);
	for (size_t i = 0; i < n; i++) {
		CHECK(p[i].doc && strlen(p[i].doc) > 20);
		CHECK(p[i].min <= p[i].max || p[i].type == RX_PT_ENUM);
		if (p[i].type != RX_PT_ENUM)
			CHECK(p[i].def >= p[i].min && p[i].def <= p[i].max);
		else
			CHECK(p[i].choice && p[i].choice(0));
		for (size_t j = i + 1; j < n; j++)
			CHECK(!(p[i].section == p[j].section && strcmp(p[i].key, p[j].key) == 0));
	}
	struct rx_scenario *sc = malloc(sizeof(*sc));
	rx_scenario_init(sc);
	struct rx_error err;
	CHECK_EQ_I64(rx_scenario_validate(sc, &err), 0);
	CHECK_EQ_I64(sc->flows[0].cc, t_enum("tcp.cc", "reno"));
	CHECK_EQ_I64(sc->flows[0].timer, t_enum("tcp.timer", "rto"));
	CHECK_EQ_I64(sc->flows[0].mss, 1448);
	free(sc);
	return t_report("registry");
}
