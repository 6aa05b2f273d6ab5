#!/usr/bin/env bash
# The local-feed measurement of issue 5: 2,000 real 1–3 megapixel JPEG and PNG images in JSON
# pages of 50, served on 127.0.0.1 by `python3 -m http.server`, scrolled by
# `waterfall-harness --feed … --scroll-test` under a virtual X server; prints its JSON line.
#
#   scripts/feed-bench.sh [--frames N] [--image-cache-mb N] [other waterfall-harness options]
#   FEED_BENCH_IMAGES=file scripts/feed-bench.sh    a local feed: pages and images read from disk
#
# The images are generated once into .build/feed-bench/ (seeded, so every machine gets the same
# ones); each run starts with an empty disk cache of its own, so every image is downloaded.
# With FEED_BENCH_IMAGES=file the feed is the local pages beside img/ (file: URLs, no URLSession
# at all): an http page may not name file: images (the origin rules of docs/NETWORK.md), so the
# pages are read from disk too.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
. scripts/gtk4-flags.sh

data=.build/feed-bench
mode=${FEED_BENCH_IMAGES:-http}
case "$mode" in
  http|file) ;;
  *) echo "feed-bench: FEED_BENCH_IMAGES must be http or file" >&2; exit 2 ;;
esac
count=2000
per=50
echo "feed-bench: images in $data (generated on the first run)" >&2
/usr/bin/python3 scripts/feed-bench-data.py "$data" "$count" "$per"

swift build -c release --product waterfall-harness >&2

port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
/usr/bin/python3 -m http.server "$port" --bind 127.0.0.1 --directory "$data" >/dev/null 2>&1 &
server=$!
cache=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$cache"' EXIT
for _ in $(seq 50); do
  /usr/bin/python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/page/1.json')" 2>/dev/null && break
  sleep 0.1
done

if [ "$mode" = file ]; then
  feed="file://$PWD/$data/local-{page}.json"
else
  feed="http://127.0.0.1:$port/page/{page}.json"
fi
export GSK_RENDERER="${GSK_RENDERER:-cairo}" GTK_A11Y="${GTK_A11Y:-none}" XDG_CACHE_HOME="$cache"
xvfb-run -a -s "-screen 0 1920x1080x24" swift run -c release --skip-build waterfall-harness \
  --feed "$feed" --scroll-test "$@"
