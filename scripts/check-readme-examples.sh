#!/usr/bin/env bash
# The README's example code is the examples' code: every block between
#   <!-- example: PATH -->  and  <!-- end example -->
# must be a fenced block holding exactly the file PATH (relative to the repository). CI runs
# this check; `scripts/check-readme-examples.sh --write` copies the files into the README.
set -euo pipefail
cd "$(dirname "$0")/.."
exec /usr/bin/python3 - "$@" <<'PY'
import re
import sys

write = "--write" in sys.argv[1:]
readme = open("README.md", encoding="utf-8").read()
pattern = re.compile(r"(<!-- example: (\S+) -->\n```(\w+)\n)(.*?)(```\n<!-- end example -->)", re.S)
stale, blocks = [], 0


def fill(match):
    global blocks
    blocks += 1
    head, path, _, body, tail = match.groups()
    with open(path, encoding="utf-8") as source:
        code = source.read()
    if body != code:
        stale.append(path)
    return head + code + tail


updated = pattern.sub(fill, readme)
if blocks == 0:
    sys.exit("check-readme-examples: README.md has no <!-- example: PATH --> blocks")
if write:
    open("README.md", "w", encoding="utf-8").write(updated)
    print(f"check-readme-examples: wrote {len(stale)} of {blocks} blocks")
elif stale:
    sys.exit("check-readme-examples: README.md differs from " + ", ".join(stale)
             + " (run scripts/check-readme-examples.sh --write)")
else:
    print(f"check-readme-examples: {blocks} README blocks match the examples")
PY
