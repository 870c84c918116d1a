/* sim.c — the discrete-event loop: a binary min-heap ordered by
 * (time, class, insertion order).  At one instant, packet events run before
 * application events, and those before timers (delayed ACK, then the
 * retransmission timer): an ACK that arrives exactly when a timer would
 * expire is processed first and may restart it, as a real stack whose timer
 * had not yet run would.  Within a class, events run in the order they were
 * scheduled, so a scenario + seed gives one trace, byte for byte. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "rexsim/vocab.h"
#include "rexsim/registry.h"
#include "rng.h"
#include "sim.h"

/* the stream tag of flow i's start jitter: "start" in ASCII, plus i */
#define START_STREAM UINT64_C(0x7374617274000000)

/* ------------------------------------------------------------------ heap */
static inline bool hent_less(const struct rx_hent *a, const struct rx_hent *b)
{
	return a->t_ns < b->t_ns || (a->t_ns == b->t_ns && a->order < b->order);
}

/* the class occupies the top bits of `order` */
static uint64_t event_class(int type)
{
	switch (type) {
	case RX_HEV_LINK_DEPART:
	case RX_HEV_LINK_ARRIVE:
	case RX_HEV_PKT_DELAYED:
	case RX_HEV_NIC_DEPART:
		return 0;
	case RX_HEV_START:
	case RX_HEV_APP:
	case RX_HEV_APP_STOP:
		return 1;
	case RX_HEV_DELACK:
	case RX_HEV_READ:
		return 2;
	case RX_HEV_RTX_TIMER:
		return 3;
	default:
		return 4;
	}
}

/* Move e down from the hole at the top of h's first n entries to its place. */
static void sift_down(struct rx_hent *h, size_t n, struct rx_hent e)
{
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && hent_less(&h[c + 1], &h[c]))
			c++;
		if (!hent_less(&h[c], &e))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = e;
}

/* The event being run stays at the heap's top until the first event it
 * schedules takes its place there (one sift down, where a pop and a push
 * cost a sift down and a sift up) or, if it schedules none, the run loop
 * removes it (heap_drop_top).  Most events schedule one: a packet's arrival
 * arms the next one's, its departure the next departure.  Keys (t_ns,
 * order) are unique, so every valid heap pops the same sequence. */
void rx_sched(struct rx_sim *sim, int64_t t_ns, int type, void *obj, uint32_t gen)
{
	struct rx_hent e = { .t_ns = t_ns,
			     .order = (event_class(type) << 60) | sim->order++,
			     .obj = obj,
			     .gen = gen,
			     .type = (uint32_t)type };
	if (sim->top_running) {
		sim->top_running = false;
		sift_down(sim->heap, sim->n_heap, e);
		return;
	}
	if (sim->n_heap == sim->cap_heap) {
		size_t cap = sim->cap_heap ? sim->cap_heap * 2 : 256;
		struct rx_hent *h = realloc(sim->heap, cap * sizeof(*h));
		if (!h) {
			sim->oom = true;
			return;
		}
		sim->heap = h;
		sim->cap_heap = cap;
	}
	size_t i = sim->n_heap++;
	while (i > 0) {
		size_t parent = (i - 1) / 2;
		if (!hent_less(&e, &sim->heap[parent]))
			break;
		sim->heap[i] = sim->heap[parent];
		i = parent;
	}
	sim->heap[i] = e;
}

/* The event that ran scheduled nothing: remove it from the top. */
static void heap_drop_top(struct rx_sim *sim)
{
	sim->top_running = false;
	size_t n = --sim->n_heap;
	if (n)
		sift_down(sim->heap, n, sim->heap[n]);
}

/* ------------------------------------------------------------------ timer slots */
void rx_tslot_arm(struct rx_sim *sim, struct rx_tslot *ts, int64_t t_ns, int type, void *obj)
{
	ts->expires_ns = t_ns;
	ts->armed = true;
	if (!ts->queued || ts->queued_ns > t_ns) {
		ts->gen++;
		ts->queued = true;
		ts->queued_ns = t_ns;
		rx_sched(sim, t_ns, type, obj, ts->gen);
	}
}

void rx_tslot_cancel(struct rx_tslot *ts)
{
	ts->armed = false;
}

/* Returns true if the popped entry means "the timer fires now". */
static bool tslot_pop(struct rx_sim *sim, struct rx_tslot *ts, const struct rx_hent *e)
{
	if (e->gen != ts->gen)
		return false; /* superseded by an earlier entry */
	ts->queued = false;
	if (!ts->armed)
		return false;
	if (ts->expires_ns > sim->now_ns) { /* moved later: re-queue */
		ts->gen++;
		ts->queued = true;
		ts->queued_ns = ts->expires_ns;
		rx_sched(sim, ts->expires_ns, (int)e->type, e->obj, ts->gen);
		return false;
	}
	ts->armed = false;
	return true;
}

/* ------------------------------------------------------------------ packets */
#define PKT_BLOCK 1024

/* The free list is empty: a new block of packets onto it (rx_pkt_alloc, sim.h);
 * false when memory runs out. */
bool rx_pkt_refill(struct rx_sim *sim)
{
	if (sim->n_pkt_blocks == sim->cap_pkt_blocks) {
		size_t cap = sim->cap_pkt_blocks ? sim->cap_pkt_blocks * 2 : 16;
		struct rx_pkt **b = realloc(sim->pkt_blocks, cap * sizeof(*b));
		if (!b) {
			sim->oom = true;
			return false;
		}
		sim->pkt_blocks = b;
		sim->cap_pkt_blocks = cap;
	}
	struct rx_pkt *blk = malloc(PKT_BLOCK * sizeof(*blk));
	if (!blk) {
		sim->oom = true;
		return false;
	}
	sim->pkt_blocks[sim->n_pkt_blocks++] = blk;
	for (int i = PKT_BLOCK - 1; i >= 0; i--) {
		blk[i].next = sim->free_pkts;
		sim->free_pkts = &blk[i];
	}
	return true;
}

/* ------------------------------------------------------------------ flows */
static int flow_setup(struct rx_sim *sim, int i)
{
	const struct rx_flow_cfg *cfg = &sim->sc->flows[i];
	struct rx_flow *f = &sim->flows[i];
	f->m = &sim->res->flows[i];
	f->m->fct_ms = -1;

	const struct rx_app_ops *app = rx_member(RX_FAM_APP, (int)cfg->app_kind);
	f->app = app;
	f->n_obj = app->n_objects(cfg);
	if (f->n_obj && !app->object_bytes)
		return -1; /* rx_registry_validate's contract: objects have sizes */
	if (f->n_obj) {
		f->obj_end = calloc((size_t)f->n_obj, sizeof(uint64_t));
		f->obj_issue_ns = calloc((size_t)f->n_obj, sizeof(int64_t));
		f->m->request_ms = calloc((size_t)f->n_obj, sizeof(double));
		if (!f->obj_end || !f->obj_issue_ns || !f->m->request_ms)
			return -1;
		f->m->n_requests = f->n_obj;
		uint64_t off = 0;
		for (int64_t j = 0; j < f->n_obj; j++) {
			off += app->object_bytes(cfg, j);
			f->obj_end[j] = off;
			f->m->request_ms[j] = -1;
			f->obj_issue_ns[j] = -1;
		}
		f->total_bytes = off;
		f->n_req = f->n_obj;
	} else {
		f->total_bytes = UINT64_MAX;
	}
	if (rx_snd_init(&f->snd, sim, i, cfg))
		return -1;
	rx_rcv_init(&f->rcv, sim, i, cfg);
	f->snd.start_ns = rx_ms_to_ns(cfg->start_ms);
	if (cfg->start_jitter_ms > 0) {
		/* one stream per flow index, so adding a flow never moves another's start */
		struct rx_rng r;
		rx_rng_seed(&r, sim->sc->seed, START_STREAM + (uint64_t)i);
		f->snd.start_ns += (int64_t)(rx_rng_unit(&r) * cfg->start_jitter_ms * 1e6);
	}
	f->m->started_ms = (double)f->snd.start_ns / 1e6;
	f->access_ns = rx_ms_to_ns(cfg->access_delay_ms);
	rx_tslot_arm(sim, &f->start_timer, f->snd.start_ns, RX_HEV_START, f);
	return 0;
}

/* Called by the receiver when in-order data reaches `rcv_nxt`. */
void rx_flow_delivered(struct rx_sim *sim, int flow, uint64_t rcv_nxt)
{
	struct rx_flow *f = &sim->flows[flow];
	struct rx_flow_metrics *m = f->m;
	m->bytes_delivered = (int64_t)rcv_nxt;
	struct rx_receiver *r = &f->rcv;
	while (r->objects_done < f->n_req && rcv_nxt >= f->obj_end[r->objects_done]) {
		int64_t j = r->objects_done++;
		m->request_ms[j] = (double)(sim->now_ns - f->obj_issue_ns[j]) / 1e6;
		if (j + 1 < f->n_req) {
			/* The client issues the next request after its think time; it
			 * reaches the sender one reverse one-way delay (the path's and
			 * the flow's access link's) later. */
			const struct rx_flow_cfg *cfg = &sim->sc->flows[flow];
			int64_t think_ns = f->app->think_ns ? f->app->think_ns(cfg, j) : 0;
			int64_t issue = sim->now_ns + think_ns;
			int64_t until_ns = f->app->requests_until_ns ? f->app->requests_until_ns(cfg) : 0;
			if (until_ns > 0 && issue - f->snd.start_ns > until_ns) {
				f->n_req = j + 1; /* the client's session ends: no more requests */
				m->n_requests = f->n_req;
				break;
			}
			f->obj_issue_ns[j + 1] = issue;
			rx_tslot_arm(sim, &f->app_timer, issue + sim->link[1].prop_ns + f->access_ns, RX_HEV_APP, f);
		}
	}
	bool done = f->n_obj ? r->objects_done == f->n_req : (f->snd.app_done && rcv_nxt >= f->snd.app_end);
	if (!m->completed && done) {
		m->completed = true;
		m->fct_ms = (double)(sim->now_ns - f->snd.start_ns) / 1e6;
		sim->flows_done++;
	}
}

static void flow_start(struct rx_sim *sim, struct rx_flow *f)
{
	if (f->n_obj)
		f->obj_issue_ns[0] = sim->now_ns;
	if (f->app->stop_after_ns) {
		f->app_stop_ns = sim->now_ns + f->app->stop_after_ns(&sim->sc->flows[f->snd.flow]);
		rx_sched(sim, f->app_stop_ns, RX_HEV_APP_STOP, f, 0);
	}
	rx_rcv_start(&f->rcv); /* the rwnd_bytes series starts with the flow */
	rx_snd_start(&f->snd);
}

/* The sender calls this once the connection is established (or at start
 * without a handshake): the app writes its first object. */
void rx_flow_app_begin(struct rx_sim *sim, int flow)
{
	struct rx_flow *f = &sim->flows[flow];
	if (f->snd.app_done)
		return; /* a bulk app that stopped before the handshake completed */
	if (f->n_obj) {
		f->snd.obj_next = 1;
		rx_snd_app_write(&f->snd, f->obj_end[0]);
	} else {
		rx_snd_app_write(&f->snd, UINT64_MAX);
	}
}

/* rx_flow_obj_end_at (sim.h) for a flow with objects */
uint64_t rx_flow_obj_search(const struct rx_flow *f, uint64_t seq, int64_t *obj_index)
{
	/* objects are written in order; the one containing seq is found by a
	 * binary search over cumulative ends */
	int64_t lo = 0, hi = f->n_obj - 1;
	while (lo < hi) {
		int64_t mid = (lo + hi) / 2;
		if (f->obj_end[mid] > seq)
			hi = mid;
		else
			lo = mid + 1;
	}
	*obj_index = lo;
	return f->obj_end[lo];
}

/* ------------------------------------------------------------------ run */
static void sim_free(struct rx_sim *sim)
{
	if (sim->flows) {
		for (int i = 0; i < sim->n_flows; i++) {
			rx_snd_free(&sim->flows[i].snd);
			rx_rcv_free(&sim->flows[i].rcv);
			free(sim->flows[i].obj_end);
			free(sim->flows[i].obj_issue_ns);
		}
		free(sim->flows);
	}
	rx_link_free(&sim->link[0]);
	rx_link_free(&sim->link[1]);
	for (size_t i = 0; i < sim->n_pkt_blocks; i++)
		free(sim->pkt_blocks[i]);
	free(sim->pkt_blocks);
	free(sim->heap);
}

static void sample_all(struct rx_sim *sim)
{
	for (int i = 0; i < sim->n_flows; i++) {
		struct rx_sender *s = &sim->flows[i].snd;
		if (s->started && !sim->res->flows[i].completed)
			rx_trace_add(sim, RX_EV_SAMPLE, i, s->snd_una, (uint32_t)rx_umin64(s->out_bytes, UINT32_MAX),
				     0);
	}
}

void rx_result_free(struct rx_result *res)
{
	if (!res)
		return;
	for (int i = 0; i < RX_MAX_FLOWS; i++) {
		free(res->flows[i].request_ms);
		res->flows[i].request_ms = NULL;
		free(res->flows[i].rec_episodes);
		res->flows[i].rec_episodes = NULL;
	}
	rx_trace_free(&res->trace);
}

int rx_run(const struct rx_scenario *sc, struct rx_result *res, struct rx_error *err)
{
	return rx_run_progress(sc, res, err, NULL);
}

/* A fresh result for n_flows flows.  Only those flows' metrics are zeroed:
 * zeroing all RX_MAX_FLOWS of them (19 KB) was the largest single cost of a
 * ten-segment run.  The other flows' pointers are cleared for
 * rx_result_free(); nothing reads their metrics (the binding stops at
 * n_flows). */
static void result_reset(struct rx_result *res, int64_t n_flows)
{
	int64_t n = n_flows < 0 ? 0 : n_flows > RX_MAX_FLOWS ? RX_MAX_FLOWS : n_flows;
	memset(res, 0, offsetof(struct rx_result, flows));
	memset(res->flows, 0, (size_t)n * sizeof(res->flows[0]));
	for (int64_t i = n; i < RX_MAX_FLOWS; i++) {
		res->flows[i].request_ms = NULL;
		res->flows[i].rec_episodes = NULL;
	}
	memset(&res->trace, 0, sizeof(res->trace));
}

int rx_run_progress(const struct rx_scenario *sc, struct rx_result *res, struct rx_error *err,
		    volatile int64_t *progress_ns)
{
	result_reset(res, sc->n_flows);
	if (rx_scenario_validate(sc, err))
		return -1;
	struct rx_sim sim;
	memset(&sim, 0, sizeof(sim));
	sim.sc = sc;
	sim.res = res;
	sim.trace_mode = (int)sc->trace_mode;
	/* what a sampled trace keeps: the vocabulary's rare kinds and the samples */
	for (int k = 0; k < RX_EV__COUNT; k++)
		if (k == RX_EV_SAMPLE || rx_event_is_rare(k))
			sim.sampled_keep_mask |= UINT32_C(1) << k;
	sim.end_ns = rx_ms_to_ns(sc->duration_s * 1000.0);
	sim.n_flows = (int)sc->n_flows;
	res->n_flows = sc->n_flows;
	int rc = rx_link_init(&sim.link[0], &sim, 0, &sc->fwd, sc->seed);
	rc |= rx_link_init(&sim.link[1], &sim, 1, &sc->rev, sc->seed);
	sim.flows = calloc((size_t)sim.n_flows, sizeof(struct rx_flow));
	rc |= sim.flows ? 0 : -1;
	for (int i = 0; rc == 0 && i < sim.n_flows; i++)
		rc = flow_setup(&sim, i);
	if (rc == 0 && sim.trace_mode == RX_TRACE_SAMPLED) {
		sim.sample_ns = rx_max64(rx_ms_to_ns(sc->sample_ms), RX_NS_PER_US);
		rx_tslot_arm(&sim, &sim.sample_timer, 0, RX_HEV_SAMPLE, NULL);
	}
	if (rc) {
		sim_free(&sim);
		rx_result_free(res);
		snprintf(err->path, sizeof(err->path), "%s", "");
		snprintf(err->msg, sizeof(err->msg), "%s", "out of memory while setting up the run");
		return -1;
	}

	int64_t max_events = sc->max_events;
	while (sim.n_heap && !sim.oom) {
		if (sim.heap[0].t_ns > sim.end_ns) {
			/* Reaching the time budget is a truncation only if a flow still
			 * has work to do; idle timers alone are not. */
			for (int i = 0; i < sim.n_flows; i++) {
				if (!sim.flows[i].m->completed) {
					res->truncated = true;
					snprintf(res->truncated_reason, sizeof(res->truncated_reason), "duration_s");
				}
			}
			break;
		}
		if (res->events >= max_events) {
			res->truncated = true;
			snprintf(res->truncated_reason, sizeof(res->truncated_reason), "max_events");
			break;
		}
		struct rx_hent e = sim.heap[0]; /* it stays there while it runs (rx_sched) */
		sim.top_running = true;
		sim.now_ns = e.t_ns;
		if (progress_ns && (res->events & 4095) == 0)
			*progress_ns = sim.now_ns;
		int64_t events_before = res->events;
		switch (e.type) {
		case RX_HEV_LINK_DEPART: {
			struct rx_link *l = e.obj;
			if (tslot_pop(&sim, &l->depart, &e)) {
				res->events++;
				rx_link_on_depart(l);
			}
			break;
		}
		case RX_HEV_LINK_ARRIVE: {
			struct rx_link *l = e.obj;
			if (tslot_pop(&sim, &l->arrive, &e)) {
				res->events++;
				rx_link_on_arrive(l);
			}
			break;
		}
		case RX_HEV_NIC_DEPART: {
			struct rx_link *l = e.obj;
			if (tslot_pop(&sim, &l->nic_depart, &e)) {
				res->events++;
				rx_link_on_nic_depart(l);
			}
			break;
		}
		case RX_HEV_PKT_DELAYED:
			res->events++;
			rx_link_on_delayed(&sim, e.obj, (int)e.gen);
			break;
		case RX_HEV_RTX_TIMER: {
			struct rx_sender *s = e.obj;
			if (tslot_pop(&sim, &s->rtx, &e)) {
				res->events++;
				rx_snd_on_timer(s);
			}
			break;
		}
		case RX_HEV_DELACK: {
			struct rx_receiver *r = e.obj;
			if (tslot_pop(&sim, &r->delack, &e)) {
				res->events++;
				rx_rcv_on_delack(r);
			}
			break;
		}
		case RX_HEV_READ: {
			struct rx_receiver *r = e.obj;
			if (tslot_pop(&sim, &r->read_timer, &e)) {
				res->events++;
				rx_rcv_on_read(r);
			}
			break;
		}
		case RX_HEV_APP: {
			struct rx_flow *f = e.obj;
			if (tslot_pop(&sim, &f->app_timer, &e)) {
				res->events++;
				int64_t j = f->snd.obj_next++;
				rx_snd_app_write(&f->snd, f->obj_end[j]);
			}
			break;
		}
		case RX_HEV_START: {
			struct rx_flow *f = e.obj;
			if (tslot_pop(&sim, &f->start_timer, &e)) {
				res->events++;
				flow_start(&sim, f);
			}
			break;
		}
		case RX_HEV_APP_STOP: {
			struct rx_flow *f = e.obj;
			res->events++;
			rx_snd_app_stop(&f->snd);
			break;
		}
		case RX_HEV_SAMPLE:
			if (tslot_pop(&sim, &sim.sample_timer, &e)) {
				/* Samples are not simulation events (no trace mode changes
				 * the simulation), but they are bounded by the same budget
				 * and count towards the time reached, so no trace row lies
				 * beyond sim_end_ns (fuzz/crashes/sampled-trace-after-sim-end). */
				if (res->samples >= max_events) {
					res->trace_truncated = true;
					break;
				}
				res->samples++;
				sample_all(&sim);
				res->sim_end_ns = sim.now_ns;
				if (sim.flows_done < sim.n_flows)
					rx_tslot_arm(&sim, &sim.sample_timer, sim.now_ns + sim.sample_ns, RX_HEV_SAMPLE,
						     NULL);
			}
			break;
		}
		if (sim.top_running)
			heap_drop_top(&sim);
		if (res->events != events_before)
			res->sim_end_ns = sim.now_ns; /* stale timer entries do not count */
	}

	/* metrics */
	for (int i = 0; i < sim.n_flows; i++) {
		struct rx_flow *f = &sim.flows[i];
		struct rx_flow_metrics *m = f->m;
		if (f->snd.ca_state == RX_CA_RECOVERY)
			m->time_in_recovery_ms += (double)(sim.now_ns - f->snd.recovery_start_ns) / 1e6;
		int64_t span_ns = m->completed ? (int64_t)(m->fct_ms * 1e6) : sim.now_ns - f->snd.start_ns;
		m->goodput_bps = span_ns > 0 ? (double)m->bytes_delivered * 8.0 * 1e9 / (double)span_ns : 0.0;
		/* the F-RTO paper's tables: retransmissions minus packets lost */
		int64_t extra = m->retransmissions - f->snd.data_losses;
		m->unnecessary_retransmissions = extra > 0 ? extra : 0;
		rx_sndbuf_finish(&f->snd); /* application stall (sndbuf.c) */
		rx_rm_finish(&f->snd);
	}
	if (progress_ns)
		*progress_ns = sim.now_ns;
	bool oom = sim.oom;
	sim_free(&sim);
	if (oom) {
		rx_result_free(res);
		snprintf(err->path, sizeof(err->path), "%s", "");
		snprintf(err->msg, sizeof(err->msg), "%s",
			 "out of memory during the run (lower duration_s or use trace 'sampled')");
		return -1;
	}
	return 0;
}
