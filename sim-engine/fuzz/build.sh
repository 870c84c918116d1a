#!/bin/sh
# build.sh — build the Rexmit fuzzing harness.
#
#   fuzz/build.sh [BUILD_DIR]        (default /tmp/rexsim-fuzz)
#
# Produces in BUILD_DIR:
#   fuzz_scenario  libFuzzer binary (clang-14, -fsanitize=fuzzer,address,undefined)
#   replay         plain driver over files/dirs (cc, -fsanitize=address,undefined)
#   seed_encode    writes inputs that decode to chosen scenarios (make_seeds.sh)
# ONLY=fuzz, ONLY=replay or ONLY=seeds builds just one of them.
# CLANG and CC override the compilers (defaults: clang-14 and cc).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=${1:-/tmp/rexsim-fuzz}
CLANG=${CLANG:-clang-14}
CC=${CC:-cc}
ONLY=${ONLY:-all}

mkdir -p "$out"

# every engine source: src/<family or core>/*.c (a family folder without sources is skipped)
srcs=$(ls "$root"/src/*/*.c)

common="-std=c11 -g -O1 -fno-omit-frame-pointer -I$root/include -I$root/src"

if [ "$ONLY" = all ] || [ "$ONLY" = fuzz ]; then
	echo "building $out/fuzz_scenario with $CLANG"
	# shellcheck disable=SC2086
	"$CLANG" $common -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-o "$out/fuzz_scenario" "$here/fuzz_scenario.c" $srcs -lm
fi

if [ "$ONLY" = all ] || [ "$ONLY" = replay ]; then
	echo "building $out/replay with $CC"
	# shellcheck disable=SC2086
	"$CC" $common -fsanitize=address,undefined -fno-sanitize-recover=undefined \
		-o "$out/replay" "$here/replay_main.c" "$here/fuzz_scenario.c" $srcs -lm
fi
if [ "$ONLY" = all ] || [ "$ONLY" = seeds ]; then
	echo "building $out/seed_encode with $CC"
	# shellcheck disable=SC2086
	"$CC" $common -o "$out/seed_encode" "$here/seed_encode.c" $srcs -lm
fi
echo "done: $out"
