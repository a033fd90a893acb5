#!/usr/bin/env bash
# Lighthouse 12 (mobile: its default slow 4G and 4x CPU emulation) on the built dist/, served
# gzip-compressed by scripts/serve-gzip.mjs; prints each run's scores.
#
#   bash scripts/lighthouse.sh [RUNS] [LIGHTHOUSE FLAGS...]   (RUNS default 2; after trunk build --release;
#                                                              DIST=dir for another build than dist/)
#
# Each run also prints the machine's benchmark index, as Lighthouse measured it, and the
# warnings of its report. Lighthouse's 4x CPU emulation assumes a fast desktop (index 1500-2000);
# on a slower machine it warns, and its documentation (its page on throttling, "Calibrating the CPU
# slowdown") has the multiplier lowered to stay at a mid-range phone: 2x for an index of
# 1000-1500 (and for 800-1200), e.g. `bash scripts/lighthouse.sh 2 --throttling.cpuSlowdownMultiplier=2`.
#
# Lighthouse comes from npm, pinned (12.2.3 runs on Node 20; 13 needs Node 22), through npx
# unless LIGHTHOUSE names an installed one. Reports land in target/lighthouse/.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
RUNS="${1:-2}"
shift || true
LIGHTHOUSE="${LIGHTHOUSE:-npx --yes lighthouse@12.2.3}"
export CHROME_PATH="${CHROME_PATH:-$CHROMIUM}"
OUT="$ROOT/target/lighthouse"
mkdir -p "$OUT"

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
node scripts/serve-gzip.mjs "${DIST:-dist}" "$PORT" >"$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    grep -q serving "$OUT/server.log" && break
    sleep 0.1
done

for run in $(seq "$RUNS"); do
    $LIGHTHOUSE "http://127.0.0.1:$PORT/" --quiet --output=json --output-path="$OUT/run-$run.json" \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
        --only-categories=performance,accessibility,best-practices,seo "$@" >/dev/null
    node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const a = r.audits, c = r.categories;
      const ms = (k) => `${Math.round(a[k].numericValue)} ms`;
      console.log(`run ${process.argv[2]}: performance ${Math.round(c.performance.score * 100)}, ` +
        `accessibility ${Math.round(c.accessibility.score * 100)}, best practices ${Math.round(c["best-practices"].score * 100)}, ` +
        `SEO ${Math.round(c.seo.score * 100)}; FCP ${ms("first-contentful-paint")}, LCP ${ms("largest-contentful-paint")}, ` +
        `TBT ${ms("total-blocking-time")}, SI ${ms("speed-index")}, TTI ${ms("interactive")}, CLS ${a["cumulative-layout-shift"].numericValue.toFixed(3)}; ` +
        `CPU ${r.configSettings.throttling.cpuSlowdownMultiplier}x, benchmark index ${Math.round(r.environment.benchmarkIndex)}`);
      for (const w of r.runWarnings) console.log(`  warning: ${w}`);
    ' "$OUT/run-$run.json" "$run"
done
