/* test_sender_nic.c — the sending host's NIC (path.<dir>.sender_rate_bps,
 * core/path.c N1-N4): a FIFO serialiser before the stages and the
 * bottleneck, whose queue never drops.
 *
 * Setup: one flow of 10 segments, no handshake, IW 10 (all ten written and
 * sent at 0), MSS 1448 without timestamps, so every data segment is
 * 20 + 20 + 1448 = 1488 bytes = 11,904 bits on the wire.  Forward delay
 * 10 ms, bottleneck 800 Mb/s with a 2-packet queue (buffer_pkts), quick
 * ACKs, the reverse path unlimited.  Serialisation times:
 *   NIC 1 Gb/s:        11,904 * 1e9 / 1e9   = 11,904 ns (exact)
 *   NIC 100 Mb/s:      11,904 * 1e9 / 1e8   = 119,040 ns (exact)
 *   bottleneck 800 Mb/s: 11,904 * 1e9 / 8e8 = 14,880 ns (exact)
 *
 *  A. No NIC (0, the default): the ten reach the bottleneck at 0; segment 1
 *     goes into service, 2 and 3 wait, 4-10 are dropped at 0 (cause 0, the
 *     queue); segment k (1-3) is delivered at 14,880 k + 10 ms.
 *  B. NIC 1 Gb/s: segment k leaves the NIC at a_k = 11,904 k (N1, FIFO)
 *     and reaches the bottleneck then.  Segment 1 is in service from 11,904
 *     to 26,784; every later one arrives before its predecessor leaves
 *     (a_k = 11,904 k < 11,904 + 14,880 (k - 1) for k >= 2), so the
 *     bottleneck never idles: segment k leaves it at d_k = 11,904 + 14,880 k
 *     and is delivered at d_k + 10 ms.  The bottleneck never holds more than
 *     one waiting packet: at a_k the ones in the system are j < k with
 *     d_j > a_k, i.e. j > 0.8 (k - 1): for k = 10, j = 8 (in service) and
 *     9 (waiting).  So nothing is dropped.
 *  C. NIC 100 Mb/s, slower than the bottleneck: segment k arrives at
 *     119,040 k, finds the bottleneck idle (its predecessor left at
 *     119,040 (k - 1) + 14,880) and leaves at 119,040 k + 14,880;
 *     delivered 10 ms later.
 *  D. Validation: a negative or too large rate is refused naming the field.
 */
#include "scenarios.h"
#include "tjson.h"

#define SCENARIO(nic) \
	"{\"seed\": 1, \"duration_s\": 10, \"path\": {\"forward\": {\"rate_bps\": 8e8, \"delay_ms\": 10, " \
	"\"buffer_pkts\": 2, \"sender_rate_bps\": " nic "}, \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 10}}, " \
	"\"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10}, \"tcp\": {\"handshake\": false, " \
	"\"timer\": \"rto\", \"mss\": 1448, \"iw\": 10, \"timestamps\": false}, " \
	"\"receiver\": {\"ack_policy\": \"quick\"}}]}"

static int64_t no_nic(int k)
{
	return 14880LL * k + t_ms(10);
}

static int64_t nic_1g(int k)
{
	return 11904 + 14880LL * k + t_ms(10);
}

static int64_t nic_100m(int k)
{
	return 119040LL * k + 14880 + t_ms(10);
}

int main(void)
{
	t_check_burst(SCENARIO("0"), 1448, 3, no_nic, 3); /* A */
	t_check_burst(SCENARIO("1e9"), 1448, 10, nic_1g, 10); /* B */
	t_check_burst(SCENARIO("1e8"), 1448, 10, nic_100m, 10); /* C */
	/* D */
	t_expect_error("{\"path\": {\"forward\": {\"sender_rate_bps\": -1}}}", "path.forward.sender_rate_bps",
		       "between 0 and");
	t_expect_error("{\"path\": {\"reverse\": {\"sender_rate_bps\": 1e12}}}", "path.reverse.sender_rate_bps",
		       "between 0 and");
	return t_report("sender_nic");
}
