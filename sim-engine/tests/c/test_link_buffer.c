/* test_link_buffer.c — the link's own send buffer (path.<dir>.link_buffer_bytes),
 * the F-RTO paper's GPRS-like link (Sarolahti, Kojo and Raatikainen, SIGCOMM
 * CCR 2003, §5.1: 28.8 kb/s, 200 ms, a 7-packet router buffer and 1776-byte
 * link buffers), driven through whole runs.
 *
 * Setup: one flow of 10 segments, no handshake, IW 10 (all ten sent at 0),
 * MSS 256 without timestamps, so every data segment is 20 + 20 + 256 = 296
 * bytes on the wire (sim.h rx_wire_bytes) and takes
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
#include "scenarios.h"
#include "tjson.h"

static const int64_t T = 82222223; /* ns to serialise 296 bytes at 28.8 kb/s */

#define SCENARIO(lbuf) \
	"{\"seed\": 1, \"duration_s\": 30, \"path\": {\"forward\": {\"rate_bps\": 28800, \"delay_ms\": 200, " \
	"\"buffer_pkts\": 2, \"link_buffer_bytes\": " lbuf "}, \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 25}}, " \
	"\"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10}, \"tcp\": {\"handshake\": false, " \
	"\"timer\": \"rto\", \"mss\": 256, \"iw\": 10, \"timestamps\": false}, " \
	"\"receiver\": {\"ack_policy\": \"quick\"}}]}"

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
	t_check_burst(SCENARIO("1776"), 256, 8, back_to_back, 8); /* A */
	t_check_burst(SCENARIO("0"), 256, 3, back_to_back, 3); /* B */
	t_check_burst(SCENARIO("100"), 256, 3, stop_and_wait, 3); /* C */
	return t_report("link_buffer");
}
