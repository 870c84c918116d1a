/* path.c — one pipeline per direction, built from composable stages:
 *
 *   [sender NIC] -> stages (loss, ...) -> drop-tail bottleneck (rate, buffer) -> propagation -> endpoint
 *
 * With sender_rate_bps > 0 the direction's packets first cross the sending
 * host's NIC: a FIFO serialiser at that rate with a queue that never drops
 * (the host's qdisc), before the emulator's stages and bottleneck.  Source:
 * the mobile-recovery paper's testbed (shared/papers/opportunistic-
 * retransmission-sndbuf.txt, §VII.A): "The sender host, emulation host and
 * receiver host ... 1Gbps NICs. The peak sending throughput can reach 950
 * Mbps."  Interpretations (numbered):
 *   N1. Store and forward: a packet reaches the stages and the bottleneck
 *       when its last bit leaves the NIC, ceil(wire_bits * 1e9 / rate) ns
 *       after the NIC began sending it (the bottleneck's own rule); the cable
 *       between the hosts has no propagation delay (the path's delay_ms is
 *       the emulator's).
 *   N2. The NIC's queue never drops: Linux's qdisc and TCP Small Queues hold
 *       the sender back instead (the paper's 950 Mb/s peak is a sending rate,
 *       not a loss); the engine's sender is limited by its window, so the
 *       queue holds at most a window.
 *   N3. One NIC per direction, shared by every flow of that direction (one
 *       sending host, as in the paper's testbed); the reverse direction's is
 *       the receiver host's NIC sending the ACKs.
 *   N4. Wire bytes as at the bottleneck (IP and TCP headers and options, no
 *       Ethernet framing: the bottleneck counts none either); the paper's
 *       950 Mb/s peak is not a separate parameter: set the rate to it.
 * A design note: the NIC is a property of the direction, not a stage,
 * because a stage acts on a packet at one instant (stage.h) and has no way
 * to let it enter the bottleneck later while keeping FIFO order.
 *
 * With link_buffer_bytes > 0 the bottleneck is a link with its own send
 * buffer behind the router queue, as in the GPRS-like link of Sarolahti,
 * Kojo and Raatikainen, "F-RTO", SIGCOMM CCR 2003, §5.1 ("the emulated
 * wireless link uses a link send buffer and a link receive buffer ... The
 * link send buffer holds packets that have not yet been acknowledged as
 * received ... The link buffers have a size of 1776 bytes"): a packet moves
 * from the router queue into the link buffer when its bytes fit there, is
 * serialised from it FIFO and holds its bytes until it is delivered at the
 * far end (the link-layer ACK's way back is not modelled).  The router
 * queue (buffer_pkts, buffer_bytes) then counts only the packets that wait
 * for room in the link buffer.  The paper's link receive buffer reorders
 * frames of a link-layer ARQ; the engine's link delivers in order, so it
 * would never hold a packet and has no parameter.
 *
 * The bottleneck serves packets FIFO at rate_bps (serialization time is
 * ceil(wire_bits * 1e9 / rate) ns); the propagation line is FIFO too, so each
 * stage keeps a single live heap entry.  A 'delay' action of the positioned
 * loss model takes its packet off the FIFO line (it may be overtaken), which
 * is what spurious-timeout demonstrations need; a stage's hold (p->hold_ns,
 * the schedule stage) keeps it on the line, so later packets wait behind it.  The stages themselves live in
 * src/path/ (include/rexsim/stage.h).
 */
#include <stdlib.h>
#include <string.h>
#include "rexsim/registry.h"
#include "sim.h"

static void add_stage(struct rx_link *l, const struct rx_dir_cfg *dir_cfg, const struct rx_stage_ops *ops,
		      const void *cfg, uint64_t seed, uint64_t run_seed)
{
	struct rx_stage *st = &l->stages[l->n_stages++];
	st->ops = ops;
	for (int i = 0; rx_member(RX_FAM_STAGE, i); i++)
		if (rx_member(RX_FAM_STAGE, i) == ops)
			l->stage_cause[l->n_stages - 1] = (uint8_t)(i + 1);
	st->cfg = cfg;
	st->seed = seed;
	st->run_seed = run_seed;
	st->clock_ns = &l->sim->now_ns;
	st->dir = dir_cfg;
	st->link = l;
	if (ops->init)
		ops->init(st, l->dir);
}

int rx_link_init(struct rx_link *l, struct rx_sim *sim, int dir, const struct rx_dir_cfg *cfg, uint64_t seed)
{
	memset(l, 0, sizeof(*l));
	l->sim = sim;
	l->dir = dir;
	l->rate_bps = cfg->rate_bps > 0 ? (uint64_t)(cfg->rate_bps + 0.5) : 0;
	l->nic_rate_bps = cfg->sender_rate_bps > 0 ? (uint64_t)(cfg->sender_rate_bps + 0.5) : 0;
	l->prop_ns = rx_ms_to_ns(cfg->delay_ms);
	l->buf_pkts = cfg->buffer_pkts;
	l->buf_bytes = cfg->buffer_bytes;
	l->lbuf_bytes = l->rate_bps > 0 ? cfg->link_buffer_bytes : 0; /* no link without a rate (validated) */
	/* the stage list: the loss model, then path.<dir>.stages; every stage
	 * gets its own PRNG stream (the loss model keeps the one it always had) */
	const struct rx_stage_ops *ops = rx_stage_for_loss_model((int)cfg->loss.model);
	if (ops)
		add_stage(l, cfg, ops, &cfg->loss, seed, seed);
	if (cfg->n_stages <= 0)
		return 0;
	/* a listed stage reads its own parameters through a struct rx_loss_cfg
	 * without rules (stage.h) */
	l->list_cfg = calloc((size_t)cfg->n_stages, sizeof(*l->list_cfg));
	if (!l->list_cfg)
		return -1;
	for (int64_t k = 0; k < cfg->n_stages; k++) {
		const struct rx_tagged_item *it = &cfg->stages[k];
		const struct rx_stage_ops *ops_k = rx_member(RX_FAM_STAGE, (int)it->kind);
		uint64_t seed_k = seed ^ (UINT64_C(0x9E3779B97F4A7C15) * (uint64_t)(k + 1));
		if (ops_k->own_cfg) {
			add_stage(l, cfg, ops_k, it->cfg, seed_k, seed);
			continue;
		}
		struct rx_loss_cfg *c = &l->list_cfg[k];
		size_t cfg_size;
		rx_member_params(RX_FAM_STAGE, (int)it->kind, NULL, &cfg_size);
		memcpy(c, it->cfg, cfg_size);
		c->model = it->kind + 1; /* the stage family lists the loss models after "none" */
		c->n_rules = 0;
		add_stage(l, cfg, ops_k, c, seed_k, seed);
	}
	return 0;
}

void rx_link_free(struct rx_link *l)
{
	free(l->list_cfg);
	l->list_cfg = NULL;
}

/* cause: 1 + the dropping stage's index in its family, 0 for the bottleneck queue */
static void trace_drop(struct rx_link *l, struct rx_pkt *p, int reason, uint8_t cause)
{
	struct rx_sim *sim = l->sim;
	sim->res->flows[p->flow].drops++;
	if (l->dir == 0 && (p->flags & RX_PF_DATA) && !p->is_dup_copy) { /* for the probe_repairs metric */
		rx_snd_on_data_dropped(&sim->flows[p->flow].snd, p);
		if (p->from_end >= 0 && p->from_end < RX_TAIL_SEGS)
			sim->res->flows[p->flow].tail_drops++;
	}
	rx_trace_add_cause(sim, RX_EV_DROP, p->flow, (p->flags & RX_PF_DATA) ? p->seq : p->ack, p->len_bytes,
			   (uint8_t)(reason | (l->dir << 4)), (uint8_t)cause);
	rx_pkt_free(sim, p);
}

void rx_stage_period(struct rx_stage *st, int flow, int64_t start_ns, int64_t end_ns)
{
	struct rx_link *l = st->link;
	if (!l) /* a stage driven on its own (a unit test's probe) reports nowhere */
		return;
	/* the length in µs, rounded up so the band covers the whole period */
	uint32_t len_us = UINT32_MAX;
	if (end_ns != INT64_MAX && end_ns > start_ns) {
		int64_t us = (end_ns - start_ns + RX_NS_PER_US - 1) / RX_NS_PER_US;
		len_us = us >= UINT32_MAX ? UINT32_MAX - 1 : (uint32_t)us;
	} else if (end_ns != INT64_MAX)
		len_us = 0;
	rx_trace_add_cause(l->sim, RX_EV_PATH_PERIOD, flow, (uint64_t)start_ns, len_us, (uint8_t)(l->dir << 4),
			   l->stage_cause[st - l->stages]);
}

static void lbuf_admit_waiting(struct rx_link *l);

/* the packet reaches the link's far end: it leaves the link buffer, making room for the router queue's head */
static void leave_link(struct rx_link *l, struct rx_pkt *p)
{
	if (l->lbuf_bytes > 0 && !p->left_link) {
		l->lbuf_held_bytes -= p->wire_bytes;
		lbuf_admit_waiting(l);
	}
	p->left_link = 1;
}

static void deliver(struct rx_link *l, struct rx_pkt *p)
{
	struct rx_sim *sim = l->sim;
	leave_link(l, p);
	if (l->dir == 0)
		rx_rcv_on_pkt(&sim->flows[p->flow].rcv, p);
	else
		rx_snd_on_ack(&sim->flows[p->flow].snd, p);
	rx_pkt_free(sim, p);
}

static void to_line(struct rx_link *l, struct rx_pkt *p)
{
	struct rx_sim *sim = l->sim;
	/* without a rate limit a stall holds the packet at the link's ingress
	 * (arrival times stay non-decreasing: the line stays FIFO) */
	int64_t start_ns = sim->now_ns > l->stall_until_ns ? sim->now_ns : l->stall_until_ns;
	p->arrive_ns = start_ns + l->prop_ns + p->hold_ns + p->extra_ns;
	if (p->extra_ns > 0) {
		/* off the line (it may be overtaken), and then over the flow's own access link */
		p->arrive_ns += sim->flows[p->flow].access_ns;
		rx_sched(sim, p->arrive_ns, RX_HEV_PKT_DELAYED, p, (uint32_t)l->dir);
		return;
	}
	p->next = NULL;
	if (l->line_tail) {
		/* a held packet keeps the ones behind it waiting (FIFO) */
		if (p->arrive_ns < l->line_tail->arrive_ns)
			p->arrive_ns = l->line_tail->arrive_ns;
		l->line_tail->next = p;
		l->line_tail = p;
	} else {
		l->line_head = l->line_tail = p;
		rx_tslot_arm(sim, &l->arrive, p->arrive_ns, RX_HEV_LINK_ARRIVE, l);
	}
}

/* serialisation time at rate_bps (the bottleneck's and the NIC's), rounded up */
static int64_t ser_time_ns(uint64_t rate_bps, uint32_t wire_bytes)
{
	/* wire_bytes <= 65535 + 60, so bits * 1e9 < 2^63 */
	int64_t bits_e9 = (int64_t)wire_bytes * 8 * 1000000000LL;
	return (bits_e9 + (int64_t)rate_bps - 1) / (int64_t)rate_bps;
}

static int64_t tx_time_ns(const struct rx_link *l, uint32_t wire_bytes)
{
	return ser_time_ns(l->rate_bps, wire_bytes);
}

static void start_service(struct rx_link *l, struct rx_pkt *p)
{
	/* a stalled link starts sending when the stall ends */
	int64_t start_ns = l->sim->now_ns > l->stall_until_ns ? l->sim->now_ns : l->stall_until_ns;
	l->in_service = p;
	l->service_ns = tx_time_ns(l, p->wire_bytes);
	rx_tslot_arm(l->sim, &l->depart, start_ns + l->service_ns, RX_HEV_LINK_DEPART, l);
}

/* the link buffer takes a packet when its bytes fit, or any packet when it is
 * empty (a packet larger than the buffer still passes, alone) */
static bool lbuf_fits(const struct rx_link *l, const struct rx_pkt *p)
{
	return l->lbuf_held_bytes == 0 || l->lbuf_held_bytes + p->wire_bytes <= l->lbuf_bytes;
}

static void fifo_push(struct rx_pkt **head, struct rx_pkt **tail, struct rx_pkt *p)
{
	p->next = NULL;
	if (*tail)
		(*tail)->next = p;
	else
		*head = p;
	*tail = p;
}

static void lbuf_admit(struct rx_link *l, struct rx_pkt *p)
{
	l->lbuf_held_bytes += p->wire_bytes;
	if (!l->in_service)
		start_service(l, p);
	else
		fifo_push(&l->lq_head, &l->lq_tail, p);
}

static struct rx_pkt *queue_pop(struct rx_link *l)
{
	struct rx_pkt *n = l->q_head;
	if (n) {
		l->q_head = n->next;
		if (!l->q_head)
			l->q_tail = NULL;
		l->q_pkts--;
		l->q_bytes -= n->wire_bytes;
	}
	return n;
}

/* move the router queue's head packets into the link buffer while they fit */
static void lbuf_admit_waiting(struct rx_link *l)
{
	while (l->q_head && lbuf_fits(l, l->q_head))
		lbuf_admit(l, queue_pop(l));
}

static void enqueue(struct rx_link *l, struct rx_pkt *p)
{
	if (l->rate_bps == 0) {
		to_line(l, p);
		return;
	}
	if (l->lbuf_bytes > 0 && !l->q_head && lbuf_fits(l, p)) {
		lbuf_admit(l, p);
		return;
	}
	if (l->lbuf_bytes == 0 && !l->in_service) {
		start_service(l, p);
		return;
	}
	if ((l->buf_pkts > 0 && l->q_pkts >= l->buf_pkts) ||
	    (l->buf_bytes > 0 && l->q_bytes + p->wire_bytes > l->buf_bytes)) {
		trace_drop(l, p, RX_DROP_QUEUE, 0);
		return;
	}
	fifo_push(&l->q_head, &l->q_tail, p);
	l->q_pkts++;
	l->q_bytes += p->wire_bytes;
}

void rx_link_on_depart(struct rx_link *l)
{
	struct rx_pkt *p = l->in_service;
	l->in_service = NULL;
	l->busy_ns += l->service_ns;
	if (l->rm_open) { /* a recovery period is measured: did the link idle before this packet's first bit? */
		int64_t first_bit_ns = l->sim->now_ns - l->service_ns;
		if (first_bit_ns > l->last_depart_ns)
			rx_rm_link_idle(l->sim, l->last_depart_ns, first_bit_ns);
		l->last_depart_ns = l->sim->now_ns;
	}
	if (l->dir == 0 && l->sim->flows[p->flow].snd.rm_state)
		rx_rm_on_depart(&l->sim->flows[p->flow].snd, l, p);
	to_line(l, p);
	if (l->lbuf_bytes > 0) { /* the serialiser takes the link buffer's next packet */
		struct rx_pkt *n = l->lq_head;
		if (n) {
			l->lq_head = n->next;
			if (!l->lq_head)
				l->lq_tail = NULL;
			start_service(l, n);
		}
		return;
	}
	struct rx_pkt *n = queue_pop(l);
	if (n)
		start_service(l, n);
}

/* take the head of a FIFO whose packets leave at their arrive_ns (the
 * propagation line, the NIC) and arm its slot for the next one */
static struct rx_pkt *timed_pop(struct rx_link *l, struct rx_pkt **head, struct rx_pkt **tail, struct rx_tslot *slot,
				int type)
{
	struct rx_pkt *p = *head;
	*head = p->next;
	if (!*head)
		*tail = NULL;
	else
		rx_tslot_arm(l->sim, slot, (*head)->arrive_ns, type, l);
	return p;
}

void rx_link_on_arrive(struct rx_link *l)
{
	struct rx_pkt *p = timed_pop(l, &l->line_head, &l->line_tail, &l->arrive, RX_HEV_LINK_ARRIVE);
	/* the flow's own access link (flow.access_delay_ms) after the shared line: one
	 * constant delay per flow keeps the flow's packets in the line's order */
	int64_t access_ns = l->sim->flows[p->flow].access_ns;
	if (access_ns > 0) {
		leave_link(l, p);
		p->arrive_ns = l->sim->now_ns + access_ns;
		rx_sched(l->sim, p->arrive_ns, RX_HEV_PKT_DELAYED, p, (uint32_t)l->dir);
		return;
	}
	deliver(l, p);
}

void rx_link_on_delayed(struct rx_sim *sim, struct rx_pkt *p, int dir)
{
	deliver(&sim->link[dir], p);
}

/* the packet enters the emulator: its stages, then the bottleneck */
static void ingress(struct rx_link *l, struct rx_pkt *p)
{
	bool dup = false;
	for (int i = 0; i < l->n_stages; i++) {
		struct rx_stage *st = &l->stages[i];
		int verdict = st->ops->apply(st, l->dir, p, &dup);
		if (st->stall_until_ns > l->stall_until_ns)
			l->stall_until_ns = st->stall_until_ns;
		if (verdict == RX_STAGE_DROP) {
			trace_drop(l, p, RX_DROP_LOSS_MODEL, l->stage_cause[i]);
			return;
		}
	}
	struct rx_pkt *copy = NULL;
	if (dup) {
		copy = rx_pkt_alloc(l->sim);
		if (copy) {
			struct rx_pkt *next = copy->next;
			*copy = *p;
			copy->next = next;
			copy->is_dup_copy = 1;
			copy->extra_ns = 0;
		}
	}
	enqueue(l, p);
	if (copy)
		enqueue(l, copy);
}

/* the NIC sends its queue's head packet's last bit now (N1): into the emulator */
void rx_link_on_nic_depart(struct rx_link *l)
{
	ingress(l, timed_pop(l, &l->nic_head, &l->nic_tail, &l->nic_depart, RX_HEV_NIC_DEPART));
}

void rx_link_send(struct rx_link *l, struct rx_pkt *p)
{
	if (l->nic_rate_bps == 0) {
		ingress(l, p);
		return;
	}
	/* the NIC serialises FIFO and never drops (N1, N2): the packet leaves it
	 * when the one before it has left and its own bits are sent */
	int64_t start_ns = l->sim->now_ns > l->nic_free_ns ? l->sim->now_ns : l->nic_free_ns;
	int64_t tx_ns = ser_time_ns(l->nic_rate_bps, p->wire_bytes);
	/* the queue is unbounded (N2): at 1 bps a packet takes up to 5.2e14 ns, so
	 * a long queue could pass INT64_MAX; it then never leaves (the run ends first) */
	l->nic_free_ns = start_ns > INT64_MAX - tx_ns ? INT64_MAX : start_ns + tx_ns;
	p->arrive_ns = l->nic_free_ns;
	bool idle = !l->nic_head;
	fifo_push(&l->nic_head, &l->nic_tail, p);
	if (idle)
		rx_tslot_arm(l->sim, &l->nic_depart, p->arrive_ns, RX_HEV_NIC_DEPART, l);
}
