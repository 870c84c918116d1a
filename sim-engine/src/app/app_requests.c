/* app_requests.c — request/response objects on one persistent connection:
 * the server writes object j + 1 once object j has reached the client and
 * the client's think time (app.gap_ms) has passed and its request has
 * arrived, as in the tail-loss paper's web-like workload (§3.3). */
#include "../core/sim.h"
#include "rexsim/app.h"

static int64_t requests_n_objects(const struct rx_flow_cfg *cfg)
{
	return cfg->app_n_sizes > 0 ? cfg->app_n_sizes : cfg->app_requests;
}

static uint64_t requests_object_bytes(const struct rx_flow_cfg *cfg, int64_t j)
{
	return cfg->app_n_sizes > 0 ? (uint64_t)cfg->app_sizes[j] : (uint64_t)cfg->app_object_bytes;
}

static int64_t requests_think_ns(const struct rx_flow_cfg *cfg, int64_t j)
{
	return rx_ms_to_ns(cfg->app_gap_ms);
}

static int64_t requests_until_ns(const struct rx_flow_cfg *cfg)
{
	return rx_ms_to_ns(cfg->app_until_ms);
}

const struct rx_app_ops rx_app_requests = {
	.name = "requests",
	.label = "Requests",
	.doc = "Request/response objects on one persistent connection (app.requests objects of "
	       "app.object_bytes, or the sizes in app.sizes): after each response the client thinks for "
	       "app.gap_ms, and its next request reaches the server one reverse one-way delay later; idle "
	       "gaps expose slow start after idle and timer restarts (tail-loss paper §3.3). With app.until_ms the "
	       "client stops asking after that time, as a traffic generator's session ends (the flow completes with "
	       "the objects it asked for).",
	.n_objects = requests_n_objects,
	.object_bytes = requests_object_bytes,
	.think_ns = requests_think_ns,
	.requests_until_ns = requests_until_ns,
};
