/* test_link_buffer.c — the link's own send buffer (path.<dir>.link_buffer_bytes),
 * the F-RTO paper's GPRS-like link (Sarolahti, Kojo and Raatikainen, SIGCOMM
 * CCR 2003, §5.1: 28.8 kb/s, 200 ms, a 7-packet router buffer and 1776-byte
 * link buffers), driven through whole runs.
 *
 * Setup: one flow of 10 segments, no handshake, IW 10 (all ten sent at 0),
 * MSS 256 without timestamps, so every data segment is 20 + 20 + 256 = 296
 * bytes on the wire (path.c rx_wire_bytes) and takes
 * T = ceil(296 * 8 * 1e9 / 28800) = ceil(82,222,222.2) = 82,222,223 ns to
 * serialise at 28.8 kb/s; forward delay 200 ms; quick ACKs; the reverse path
 * unlimited with 25 ms.  The router queue holds 2 packets (buffer_pkts).
 *
 *  A. link_buffer_bytes 1776 = 6 x 296: segments 1-6 enter the link buffer at
 *     0 (segment 1 straight into service), 7 and 8 wait in the router queue,
 *     9 and 10 overflow it at 0 (bottleneck drops, cause 0).  Segment 1 is
 *     delivered at T + 200 ms and frees its 296 bytes: segment 7 enters the
 *     link buffer behind 6; segment 2's delivery lets 8 in.  The serialiser
 *     never idles, so segment k (1-8) is delivered at k T + 200 ms.  Later
 *     packets (the sender's answers to the ACKs) queue behind and do not
 *     move these times.
 *  B. the same without a link buffer (0, the default): one segment in service
 *     and two in the router queue, so seven (segments 4-10) are dropped at 0
 *     and segment k (1-3) is delivered at k T + 200 ms.
 *  C. link_buffer_bytes 100, smaller than a segment: a packet enters only an
 *     empty link buffer and holds it until it is delivered, a stop-and-wait
 *     link.  Segment 1 is in service at 0, 2 and 3 wait in the router queue
 *     (4-10 dropped at 0); segment 2 enters at 1's delivery T + 200 ms, and
 *     so on: segment k (1-3) is delivered at k (T + 200 ms).
 */
#include <stdlib.h>
#include <string.h>

#include "scenarios.h"
#include "tjson.h"

static const int64_t T = 82222223; /* ns to serialise 296 bytes at 28.8 kb/s */

#define SCENARIO(lbuf) \
	"{\"seed\": 1, \"duration_s\": 30, \"path\": {\"forward\": {\"rate_bps\": 28800, \"delay_ms\": 200, " \
	"\"buffer_pkts\": 2, \"link_buffer_bytes\": " lbuf "}, \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 25}}, " \
	"\"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10}, \"tcp\": {\"handshake\": false, " \
	"\"timer\": \"rto\", \"mss\": 256, \"iw\": 10, \"timestamps\": false}, " \
	"\"receiver\": {\"ack_policy\": \"quick\"}}]}"

/* the first n_deliver data deliveries at deliver_ns(k), and exactly n_drop
 * bottleneck drops at 0: segments n_kept + 1 .. 10 */
static void check_run(const char *text, int n_deliver, int64_t (*deliver_ns)(int k), int n_kept)
{
	struct rx_scenario *sc = t_scenario_json(text);
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result r;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &r, &err), 0);
	for (int k = 1; k <= n_deliver; k++) {
		long d = t_find(&r.trace, RX_EV_DELIVER, k - 1);
		CHECK(d >= 0);
		if (d >= 0) {
			CHECK_EQ_I64(r.trace.seq[d], (uint64_t)(k - 1) * 256);
			CHECK_EQ_I64(r.trace.t_ns[d], deliver_ns(k));
		}
	}
	for (int k = n_kept + 1; k <= 10; k++) {
		long d = t_find(&r.trace, RX_EV_DROP, k - n_kept - 1);
		CHECK(d >= 0);
		if (d >= 0) {
			CHECK_EQ_I64(r.trace.t_ns[d], 0);
			CHECK_EQ_I64(r.trace.seq[d], (uint64_t)(k - 1) * 256);
			CHECK_EQ_I64(r.trace.cause[d], 0); /* the router queue */
		}
	}
	long next = t_find(&r.trace, RX_EV_DROP, 10 - n_kept);
	CHECK(next < 0 || r.trace.t_ns[next] > 0);
	CHECK_EQ_I64(r.invariant_violations, 0);
	rx_result_free(&r);
	free(sc);
}

static int64_t back_to_back(int k)
{
	return k * T + t_ms(200);
}

static int64_t stop_and_wait(int k)
{
	return k * (T + t_ms(200));
}

int main(void)
{
	check_run(SCENARIO("1776"), 8, back_to_back, 8); /* A */
	check_run(SCENARIO("0"), 3, back_to_back, 3); /* B */
	check_run(SCENARIO("100"), 3, stop_and_wait, 3); /* C */
	return t_report("link_buffer");
}
