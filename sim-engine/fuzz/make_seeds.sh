#!/bin/sh
# make_seeds.sh — (re)write the hand-made seeds of fuzz/corpus/ (files seed-*).
#
#   fuzz/make_seeds.sh [BUILD_DIR]     (default /tmp/rexsim-fuzz; needs seed_encode,
#                                       built by ONLY=seeds fuzz/build.sh)
# Check what a seed decodes to with:
#   REXSIM_FUZZ_DUMP=1 BUILD_DIR/replay fuzz/corpus/seed-NAME
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/rexsim-fuzz}
enc="$out/seed_encode"
dir="$here/corpus"
mkdir -p "$dir"

s() { name=$1; shift; "$enc" "$dir/seed-$name" "$@"; }

# unlimited-rate path with a 50 ms RTT, one 10-segment object (paper §3.1)
paper="fwd.rate_bps=0 rev.rate_bps=0 fwd.delay_ms=25 rev.delay_ms=25 flows[0].app.segments=10"

# the tail-loss scenarios of the paper, one per timer
s tail-rto      $paper fwd.loss.model=tail fwd.loss.count=1 flows[0].tcp.timer=rto
s tail-rtor     $paper fwd.loss.model=tail fwd.loss.count=1 flows[0].tcp.timer=rtor flows[0].receiver.ack_policy=quick
s tail-tlp      $paper fwd.loss.model=tail fwd.loss.count=2 flows[0].tcp.timer=tlp
s tail-tlpr-fack $paper fwd.loss.model=tail fwd.loss.count=4 flows[0].tcp.timer=tlpr flows[0].tcp.fack=true flows[0].tcp.er_variant=linux
s tail-rfc8985  $paper fwd.loss.model=tail fwd.loss.count=3 flows[0].tcp.timer=tlp_rfc8985 flows[0].tcp.cc=cubic flows[0].tcp.er_delayed=true
# Linux's immediate-ACK trigger on the delayed receiver (receiver.c D1): a full segment and a runt, the reader
# blocked at first so that the window clause is taken too
s delack-bytes  $paper fwd.loss.model=tail fwd.loss.count=1 flows[0].app.bytes=9500 flows[0].tcp.timer=tlp \
	flows[0].receiver.ack_trigger=more_than_one_segment flows[0].blocked=0,300
s tail-newreno  $paper fwd.loss.model=tail fwd.loss.count=2 flows[0].tcp.sack=false flows[0].tcp.timestamps=false flows[0].tcp.timer=rtor

# random loss
s bernoulli-bulk duration_s=3 fwd.rate_bps=10e6 fwd.buffer_pkts=50 fwd.loss.model=bernoulli fwd.loss.p=0.03 \
	flows[0].app.kind=bulk flows[0].app.duration_s=1 flows[0].tcp.cc=cubic flows[0].tcp.timer=tlp
s gilbert-elliott fwd.rate_bps=20e6 fwd.loss.model=gilbert_elliott fwd.loss.p=0.02 fwd.loss.r=0.3 \
	fwd.loss.loss_good=0.001 fwd.loss.loss_bad=0.5 rev.loss.model=bernoulli rev.loss.p=0.05 \
	flows[0].app.segments=200 flows[0].tcp.timer=tlpr
s bernoulli-linux fwd.loss.model=bernoulli fwd.loss.p=0.1 flows[0].app.segments=80 \
	flows[0].tcp.rtt_profile=linux flows[0].tcp.ssthresh_from_cwnd=true flows[0].tcp.min_rto_ms=200 \
	flows[0].tcp.limited_transmit=false flows[0].tcp.dupthresh=2

# positioned actions
s pos-drop $paper fwd.loss.model=positioned fwd.rules=3 \
	fwd.rules[0].segment=3 fwd.rules[1].segment=5 fwd.rules[2].segment=5 fwd.rules[2].transmission=2
s pos-delay $paper fwd.loss.model=positioned fwd.rules=1 fwd.rules[0].segment=2 \
	fwd.rules[0].action=delay fwd.rules[0].delay_ms=1500
s pos-duplicate $paper fwd.loss.model=positioned fwd.rules=2 fwd.rules[0].segment=4 \
	fwd.rules[0].action=duplicate fwd.rules[1].segment=9 fwd.rules[1].action=duplicate \
	rev.loss.model=positioned rev.rules=1 rev.rules[0].segment=2 flows[0].tcp.timer=tlp
s pos-syn $paper fwd.loss.model=positioned fwd.rules=1 fwd.rules[0].segment=0 \
	rev.loss.model=positioned rev.rules=1 rev.rules[0].segment=0 rev.rules[0].transmission=2
s pos-ack-delay $paper rev.loss.model=positioned rev.rules=2 rev.rules[0].segment=1 \
	rev.rules[0].action=delay rev.rules[0].delay_ms=2000 rev.rules[1].segment=3 rev.rules[1].action=duplicate \
	flows[0].tcp.timer=rtor flows[0].receiver.ack_policy=quick

# applications
s requests fwd.loss.model=bernoulli fwd.loss.p=0.02 flows[0].app.kind=requests flows[0].app.requests=5 \
	flows[0].app.object_bytes=20000 flows[0].app.gap_ms=50 flows[0].tcp.timer=tlp
s requests-sizes fwd.loss.model=tail fwd.loss.count=1 flows[0].app.kind=requests \
	flows[0].sizes=1000,50000,3000,1448,1 flows[0].app.gap_ms=0 flows[0].tcp.timer=tlp_rfc8985 \
	flows[0].tcp.slow_start_after_idle=false
s bulk-2flows fwd.rate_bps=20e6 fwd.buffer_pkts=20 flows=2 flows[0].app.kind=bulk flows[0].app.duration_s=2 \
	flows[1].app.kind=bulk flows[1].app.duration_s=1 flows[1].start_ms=300 flows[1].tcp.cc=cubic
s multiflow-4 flows=4 fwd.rate_bps=5e6 fwd.buffer_bytes=30000 rev.delay_ms=5 \
	flows[0].app.kind=fixed flows[0].app.bytes=100000 \
	flows[1].app.kind=requests flows[1].app.requests=3 flows[1].app.object_bytes=5000 flows[1].tcp.timer=tlp \
	flows[2].app.kind=bulk flows[2].app.duration_s=0.5 flows[2].start_ms=100 \
	flows[3].app.segments=3 flows[3].tcp.handshake=false flows[3].tcp.timer=rtor
s cross-traffic flows=3 fwd.rate_bps=10e6 fwd.buffer_pkts=15 fwd.delay_ms=1 rev.delay_ms=1 \
	flows[0].app.segments=4 flows[0].start_ms=200 flows[0].start_jitter_ms=300 flows[0].access_delay_ms=40 \
	flows[1].app.kind=requests flows[1].app.requests=20 flows[1].app.object_bytes=30000 flows[1].app.gap_ms=20 \
	flows[1].app.until_ms=400 flows[1].start_jitter_ms=100 flows[1].access_delay_ms=7.5 \
	flows[2].app.kind=bulk flows[2].app.duration_s=0.5 flows[2].access_delay_ms=2.25 flows[2].tcp.timer=tlpr
s sampled trace=sampled sample_ms=5 fwd.loss.model=bernoulli fwd.loss.p=0.01 \
	flows[0].app.kind=bulk flows[0].app.duration_s=1
s trace-none trace=none flows[0].app.segments=50 fwd.loss.model=bernoulli fwd.loss.p=0.05
s nohandshake-smallwin fwd.rate_bps=0 rev.rate_bps=0 fwd.delay_ms=25 rev.delay_ms=25 flows[0].tcp.handshake=false flows[0].tcp.mss=536 \
	flows[0].receiver.rwnd_bytes=3000 flows[0].app.segments=40 flows[0].tcp.iw=1 flows[0].tcp.initial_rto_ms=300
s twice flags=56 fwd.loss.model=gilbert_elliott fwd.loss.p=0.1 flows=2 \
	flows[1].app.kind=requests flows[1].app.requests=4 flows[1].app.object_bytes=3000

# members' own parameters and the options of the fidelity work
s members-vegas-prr fwd.rate_bps=20e6 fwd.buffer_pkts=30 fwd.loss.model=bernoulli fwd.loss.p=0.02 \
	flows[0].app.segments=150 flows[0].tcp.cc=vegas flows[0].tcp.cc_params.alpha=3 \
	flows[0].tcp.recovery=prr flows[0].tcp.recovery_params.variant=crb
s rtor-simplified $paper fwd.loss.model=tail fwd.loss.count=2 flows[0].tcp.timer=rtor \
	flows[0].tcp.timer_params.rule=simplified flows[0].receiver.ack_policy=quick
s newreno-linux-exit fwd.rate_bps=8e6 rev.rate_bps=0 fwd.delay_ms=50 rev.delay_ms=50 fwd.loss.model=positioned fwd.rules=2 fwd.rules[0].segment=1 fwd.rules[1].segment=6 \
	flows[0].app.segments=12 flows[0].tcp.sack=false flows[0].tcp.lossdet_params.recovery_exit=linux \
	flows[0].receiver.ack_policy=quick
s slow-start-bytes fwd.rate_bps=10e6 fwd.buffer_pkts=40 flows[0].app.kind=bulk flows[0].app.duration_s=1 \
	flows[0].tcp.slow_start=byte_counting flows[0].tcp.abc_limit_segs=2 flows[0].tcp.cc=cubic

# spurious-timeout detectors: a delay spike past the RTO on the whole window
# (the originals late, not lost), each F-RTO variant and each response
spike="fwd.loss.model=positioned fwd.rules=3 fwd.rules[0].segment=1 fwd.rules[0].action=delay fwd.rules[0].delay_ms=1200 \
	fwd.rules[1].segment=5 fwd.rules[1].action=delay fwd.rules[1].delay_ms=1200 fwd.rules[2].segment=9 fwd.rules[2].action=drop"
s frto-basic $paper $spike flows[0].tcp.sack=false flows[0].tcp.spurious=frto \
	flows[0].tcp.frto_variant=basic flows[0].receiver.ack_policy=quick
s frto-linux-eifel $paper $spike flows[0].tcp.timestamps=true \
	flows[0].tcp.spurious=frto+eifel flows[0].tcp.frto_variant=linux flows[0].tcp.spurious_response=rfc4015
s dsack-spike $paper $spike flows[0].tcp.spurious=eifel+dsack flows[0].tcp.timestamps=false
s eifel-linux-nosack $paper $spike flows[0].tcp.sack=false flows[0].tcp.timestamps=true \
	flows[0].tcp.spurious=eifel flows[0].tcp.eifel_variant=linux flows[0].receiver.ack_policy=quick
s eifel-none $paper fwd.loss.model=bernoulli fwd.loss.p=0.05 flows[0].tcp.timestamps=true flows[0].tcp.spurious=eifel \
	flows[0].tcp.spurious_response=none

# the F-RTO paper's GPRS-like link (§5.1): 28.8 kb/s, 200 ms, a 7-packet router
# queue in front of 1776-byte link send buffers, MSS 256; a delayed segment
# makes an RTO spurious while the link buffer holds the window.  And a link
# buffer smaller than one packet: a stop-and-wait link.
gprs="fwd.rate_bps=28800 rev.rate_bps=28800 fwd.delay_ms=200 rev.delay_ms=200 fwd.buffer_pkts=7 rev.buffer_pkts=7 \
	fwd.link_buffer_bytes=1776 rev.link_buffer_bytes=1776"
s gprs-link-frto duration_s=60 $gprs fwd.loss.model=positioned fwd.rules=1 fwd.rules[0].segment=6 \
	fwd.rules[0].action=delay fwd.rules[0].delay_ms=4000 flows[0].app.bytes=20000 flows[0].tcp.mss=256 \
	flows[0].tcp.sack=false flows[0].tcp.timestamps=false flows[0].tcp.spurious=frto
s gprs-link-loss duration_s=60 $gprs fwd.loss.model=bernoulli fwd.loss.p=0.05 rev.loss.model=bernoulli \
	rev.loss.p=0.05 flows[0].app.bytes=20000 flows[0].tcp.mss=256 flows[0].tcp.spurious=eifel
s link-buffer-tiny fwd.rate_bps=1e6 fwd.buffer_pkts=3 fwd.link_buffer_bytes=100 flows[0].app.segments=20 \
	flows[0].tcp.iw=10

# the schedule stage (Kato et al. §3.1): a handover spike (a step up, a ramp, a step
# down) with loss on the data, Eifel and D-SACK; a table on the ACKs of a bulk flow
# whose rows come out of time order (fix_up sorts them); a table with a rate of 1
s schedule-handover fwd.rate_bps=10e6 fwd.buffer_pkts=100 fwd.delay_ms=5 rev.delay_ms=5 flows[0].app.segments=200 \
	flows[0].tcp.spurious=eifel+dsack flows[0].tcp.timestamps=true fwd.stages=schedule fwd.schedule=5 \
	fwd.schedule[0].time_ms=60 fwd.schedule[1].time_ms=60 fwd.schedule[1].delay_ms=1500 \
	fwd.schedule[1].loss_rate=0.05 fwd.schedule[2].time_ms=150 fwd.schedule[2].delay_ms=1400 \
	fwd.schedule[2].loss_rate=0.05 fwd.schedule[3].time_ms=150 fwd.schedule[3].loss_rate=0.01 \
	fwd.schedule[4].time_ms=800
s schedule-acks-bulk fwd.rate_bps=20e6 flows[0].app.kind=bulk flows[0].app.duration_s=1 \
	rev.stages=schedule+bernoulli rev.stages[1].p=0.01 rev.schedule=3 rev.schedule[0].time_ms=900 \
	rev.schedule[0].delay_ms=300 rev.schedule[1].time_ms=200 rev.schedule[2].time_ms=400 rev.schedule[2].delay_ms=50
s schedule-all-lost $paper fwd.stages=delay_spike+schedule fwd.stages[0].p=0.1 fwd.stages[0].mean_ms=300 \
	fwd.schedule=2 fwd.schedule[0].time_ms=0 fwd.schedule[1].time_ms=30 fwd.schedule[1].loss_rate=1

# the receiving application and the receive window (app_reader.c, receiver.c), the
# persist timer, opportunistic retransmission (the opportunistic-retransmission paper §IV)
unl="fwd.rate_bps=0 rev.rate_bps=0 fwd.delay_ms=25 rev.delay_ms=25"
s reader-rate-wscale $unl flows[0].app.segments=60 flows[0].receiver.rwnd_bytes=10000 \
	flows[0].receiver.read_bytes_per_s=100000 flows[0].receiver.wscale=3 flows[0].receiver.ack_policy=quick
s reader-blocked $unl flows[0].app.segments=40 flows[0].receiver.rwnd_bytes=10000 flows[0].blocked=0,1500,2000,2500
s opportunistic $unl flows[0].app.segments=40 flows[0].receiver.rwnd_bytes=10000 flows[0].tcp.opportunistic_rtx=true \
	fwd.loss.model=positioned fwd.rules=2 fwd.rules[0].segment=1 fwd.rules[1].segment=1 fwd.rules[1].transmission=2
s invalid-reader flags=7 flows[0].receiver.wscale=1 flows[0].receiver.rwnd_bytes=1000000
# the receive buffer as a multiple of the path's bandwidth-delay product (receiver.c W0, the paper's
# Table 3 AW = C x U): 20 Mb/s, U = 50 ms, a burst of losses in recovery with opportunistic retransmission
s rwnd-bdp duration_s=3 fwd.rate_bps=20e6 fwd.delay_ms=25 rev.delay_ms=25 flows[0].app.kind=bulk \
	flows[0].app.duration_s=1 flows[0].receiver.rwnd_bdp=1 flows[0].receiver.ack_policy=quick \
	flows[0].tcp.opportunistic_rtx=true fwd.loss.model=positioned fwd.rules=3 fwd.rules[0].segment=150 \
	fwd.rules[1].segment=151 fwd.rules[2].segment=152
# a burst as one positioned rule over consecutive segments (stage_positioned.c count), an ACK burst too
s rules-count duration_s=3 fwd.rate_bps=20e6 flows[0].app.segments=400 flows[0].receiver.rwnd_bdp=2 \
	fwd.loss.model=positioned fwd.rules=2 fwd.rules[0].segment=100 fwd.rules[0].count=40 \
	fwd.rules[1].segment=100 fwd.rules[1].count=5 fwd.rules[1].transmission=2 \
	rev.loss.model=positioned rev.rules=1 rev.rules[0].segment=20 rev.rules[0].count=6
s invalid-rwnd-bdp flags=7 fwd.rate_bps=0 flows[0].receiver.rwnd_bdp=1
# the send buffer and application stall (sndbuf.c, opportunistic-retransmission paper §V): a fixed
# 64 KB buffer whose recovery stalls the writer; Linux's 2 x cwnd growth and the paper's 3 x with a
# limit, under random loss; Hack 1 (§VIII) with a lost retransmission; a two-segment buffer under
# objects of odd sizes
s sndbuf-stall $paper flows[0].app.kind=bulk flows[0].app.duration_s=0.5 flows[0].tcp.mss=1024 \
	flows[0].tcp.iw=48 flows[0].tcp.sndbuf_bytes=65536 fwd.loss.model=positioned fwd.rules=1 fwd.rules[0].segment=1
s sndbuf-growth2 duration_s=5 fwd.rate_bps=20e6 fwd.buffer_pkts=100 fwd.loss.model=bernoulli fwd.loss.p=0.01 \
	flows[0].app.kind=bulk flows[0].app.duration_s=2 flows[0].tcp.cc=cubic flows[0].tcp.recovery=prr \
	flows[0].tcp.sndbuf_bytes=16384 flows[0].tcp.sndbuf_growth=2
s sndbuf-growth3-limit duration_s=5 fwd.rate_bps=20e6 fwd.loss.model=bernoulli fwd.loss.p=0.02 \
	flows[0].app.kind=bulk flows[0].app.duration_s=2 flows[0].tcp.sndbuf_bytes=16384 flows[0].tcp.sndbuf_growth=3 \
	flows[0].tcp.sndbuf_limit_bytes=100000 flows[0].receiver.rwnd_bytes=50000
s hack1-lost-rtx fwd.rate_bps=0 rev.rate_bps=0 fwd.delay_ms=25 rev.delay_ms=25 flows[0].app.segments=30 \
	flows[0].tcp.mss=1024 flows[0].tcp.hack1_dupack_rtx=true flows[0].receiver.ack_policy=quick \
	fwd.loss.model=positioned fwd.rules=4 fwd.rules[0].segment=1 fwd.rules[1].segment=1 \
	fwd.rules[1].transmission=2 fwd.rules[2].segment=11 fwd.rules[2].action=duplicate \
	fwd.rules[3].segment=12 fwd.rules[3].action=duplicate
# issue #11's parameters together: QARR (its own QT) and BARR (its own M) with
# opportunistic retransmission, Hack 1, a growing send buffer and a slow or blocked
# reader, on a paced link with a burst of losses and a lost retransmission
paced="fwd.rate_bps=8.32e6 rev.rate_bps=0 fwd.delay_ms=25 rev.delay_ms=25 fwd.buffer_pkts=200"
s qarr-opportunistic-hack1 $paced flows[0].app.segments=120 flows[0].tcp.recovery=qarr \
	flows[0].tcp.recovery_params.qt_segs=1 flows[0].tcp.opportunistic_rtx=true flows[0].tcp.hack1_dupack_rtx=true \
	flows[0].tcp.iw=20 flows[0].receiver.rwnd_bytes=15000 flows[0].receiver.ack_policy=quick \
	fwd.loss.model=positioned fwd.rules=5 fwd.rules[0].segment=3 fwd.rules[1].segment=4 fwd.rules[2].segment=5 \
	fwd.rules[3].segment=3 fwd.rules[3].transmission=2 fwd.rules[4].segment=30 fwd.rules[4].action=duplicate
s barr-sndbuf-reader duration_s=5 $paced fwd.loss.model=bernoulli fwd.loss.p=0.02 flows[0].app.kind=bulk \
	flows[0].app.duration_s=2 flows[0].tcp.recovery=barr flows[0].tcp.recovery_params.window_acks=3 \
	flows[0].tcp.opportunistic_rtx=true flows[0].tcp.hack1_dupack_rtx=true flows[0].tcp.sndbuf_bytes=8192 \
	flows[0].tcp.sndbuf_growth=3 flows[0].tcp.sndbuf_limit_bytes=60000 flows[0].receiver.rwnd_bytes=30000 \
	flows[0].receiver.read_bytes_per_s=400000 flows[0].receiver.wscale=2
s qarr-blocked-nosack $paced fwd.loss.model=bernoulli fwd.loss.p=0.05 flows[0].app.segments=80 \
	flows[0].tcp.sack=false flows[0].tcp.recovery=qarr flows[0].tcp.recovery_params.qt_segs=0 \
	flows[0].tcp.opportunistic_rtx=true flows[0].tcp.hack1_dupack_rtx=true flows[0].tcp.sndbuf_bytes=4096 \
	flows[0].tcp.sndbuf_growth=2 flows[0].blocked=100,400,600,900 flows[0].receiver.rwnd_bytes=9500
# QARR's and BARR's skip_cc_loss_response (ssthresh = cwnd, no congestion-control loss response; issue #11)
s qarr-skip-cc-cubic $paced fwd.loss.model=bernoulli fwd.loss.p=0.03 flows[0].app.segments=150 flows[0].tcp.cc=cubic \
	flows[0].tcp.recovery=qarr flows[0].tcp.recovery_params.skip_cc_loss_response=true flows[0].tcp.iw=10
# QARR's readings of eq. (2) (rec_qarr.c interpretations 10-12; issue #11)
s qarr-eq2-symmetric-scaled $paced fwd.loss.model=bernoulli fwd.loss.p=0.03 flows[0].app.segments=150 \
	flows[0].tcp.recovery=qarr flows[0].tcp.recovery_params.eq2_form=symmetric \
	flows[0].tcp.recovery_params.eq2_step=scaled flows[0].tcp.recovery_params.qt_segs=1 flows[0].tcp.iw=10
s qarr-eq2-per-ack-cc-loss $paced fwd.loss.model=bernoulli fwd.loss.p=0.03 flows[0].app.segments=150 \
	flows[0].tcp.cc=westwood flows[0].tcp.recovery=qarr flows[0].tcp.recovery_params.eq2_step=per_ack \
	flows[0].tcp.recovery_params.skip_cc_loss_response=false
s barr-skip-cc-westwood $paced fwd.loss.model=bernoulli fwd.loss.p=0.03 flows[0].app.segments=150 \
	flows[0].tcp.cc=westwood flows[0].tcp.recovery=barr flows[0].tcp.recovery_params.skip_cc_loss_response=true \
	flows[0].tcp.recovery_params.window_acks=8
# BARR's RTTi from the timestamp echo (rec_barr.c interpretation 9; issue #11)
s barr-rtt-tsecr $paced fwd.loss.model=bernoulli fwd.loss.p=0.03 flows[0].app.segments=150 \
	flows[0].tcp.recovery=barr flows[0].tcp.recovery_params.rtt_source=tsecr flows[0].tcp.recovery_params.window_acks=5 \
	flows[0].tcp.timestamps=true flows[0].tcp.opportunistic_rtx=true
s sndbuf-tiny-requests fwd.loss.model=bernoulli fwd.loss.p=0.05 flows[0].app.kind=requests \
	flows[0].sizes=1000,50000,3000,1448,1 flows[0].app.gap_ms=0 flows[0].tcp.sndbuf_bytes=2896 flows[0].tcp.timer=tlp
# the §VIII emulator and testbed (issue #11): random loss that spares retransmissions
# (the 'Optimal' rows; a listed gilbert_elliott stage spares too) and the sender's NIC
# in front of a slower bottleneck (Table 15's 1 Gb/s NIC), both directions
s spare-rtx-nic duration_s=3 fwd.rate_bps=8e8 fwd.sender_rate_bps=1e9 rev.sender_rate_bps=1e9 fwd.delay_ms=25 \
	rev.delay_ms=25 fwd.loss.model=bernoulli fwd.loss.p=0.05 fwd.loss.spare_retransmissions=true \
	fwd.stages=gilbert_elliott fwd.stages[0].p=0.01 fwd.stages[0].r=0.5 fwd.stages[0].spare_retransmissions=true \
	flows[0].app.kind=bulk flows[0].app.duration_s=1 flows[0].tcp.cc=cubic flows[0].tcp.recovery=barr \
	flows[0].tcp.opportunistic_rtx=true flows[0].receiver.rwnd_bytes=200000
s nic-slow fwd.rate_bps=20e6 fwd.sender_rate_bps=2e6 fwd.loss.model=gilbert_elliott fwd.loss.p=0.05 \
	fwd.loss.spare_retransmissions=true flows[0].app.segments=60 flows[0].tcp.timer=tlp

# validation mode: cross-field and out-of-range errors
s invalid-rwnd flags=7 flows[0].tcp.mss=1448 flows[0].receiver.rwnd_bytes=100
s invalid-rto flags=7 flows[0].tcp.min_rto_ms=500 flows[0].tcp.max_rto_ms=100
s invalid-tail-rev flags=7 rev.loss.model=tail
s invalid-nan flags=7 fwd.loss.p=!nan
s invalid-nic flags=7 fwd.sender_rate_bps=!nan rev.sender_rate_bps=!above
s invalid-above flags=7 flows[0].tcp.dupthresh=!above
s invalid-sndbuf flags=7 flows[0].tcp.mss=1448 flows[0].tcp.sndbuf_bytes=2000 flows[0].tcp.sndbuf_limit_bytes=1000
s invalid-schedule flags=7 fwd.stages=schedule fwd.schedule=3 fwd.schedule[0].time_ms=500 \
	fwd.schedule[1].time_ms=100 fwd.schedule[1].loss_rate=!above fwd.schedule[2].delay_ms=!nan \
	rev.schedule=1
echo "seeds written to $dir"
