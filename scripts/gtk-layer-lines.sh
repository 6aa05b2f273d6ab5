#!/usr/bin/env bash
# Issue 38's line count: the code lines of the GTK layer (Sources/WaterfallGTK and
# Sources/CWaterfallGtk), measured the same way at any commit so that a count now can be set
# against the count where #38 was filed (2030d48, the parent of its first commit 37bfcf9).
#
#   scripts/gtk-layer-lines.sh [--net] [COMMIT]     (no commit: the working tree)
#
# What counts: Swift, C and C header lines that are neither blank nor comment (cloc's
# --strip-comments) and are not a lone brace (`{`, `}`, `};`, `},`). Style-neutral: every
# C file is first formatted with the working tree's Sources/CWaterfallGtk/.clang-format (GTK's
# style), so the conversion to that style (85bdde7, 7e76cde: braces, `else` and return types on
# their own lines) counts neither for nor against a tree. Files that other issues added after
# 2030d48 are left out (`excluded` below, by issue). Prints the count per language and the total.
#
# --net also subtracts what the other issues' commits (`others` below, by issue) changed inside
# the counted files: each commit's count minus its parent's, summed per issue (a commit that
# removed lines gives them back). What is left is the tree as #38's own work and everything not
# listed made it. Needs cloc, clang-format and git.
set -euo pipefail
cd "$(dirname "$0")/.."

# Added after 2030d48 by other issues (git log --diff-filter=A 2030d48.. -- the two targets).
excluded=(
  # #37 (Foundation out of the GTK layer, 3dad0df)
  Sources/WaterfallGTK/Sandbox/ProcessEnvironment.swift
  Sources/WaterfallGTK/Sandbox/StandardError.swift
  # #43 (long feeds' bounded memory, branch endless, bfc50ef)
  Sources/WaterfallGTK/FeedWall/FeedWallSource+Items.swift
  # #40 item 1 (WaterfallImage, ca54a4e)
  Sources/CWaterfallGtk/include/waterfall/waterfall-image.h
  Sources/CWaterfallGtk/include/wf_image.h
  Sources/CWaterfallGtk/waterfall-image.c
  Sources/WaterfallGTK/Image/PaintableAnimation.swift
  Sources/WaterfallGTK/Image/PipelineImage.swift
  Sources/WaterfallGTK/Image/SharedImagePipeline.swift
  Sources/WaterfallGTK/Image/WaterfallImage+GObject.swift
  # #40 item 2 (WaterfallFeedModel and WaterfallFeedItem, 647cb0c)
  Sources/CWaterfallGtk/include/waterfall/waterfall-feed-item.h
  Sources/CWaterfallGtk/include/waterfall/waterfall-feed-model.h
  Sources/CWaterfallGtk/include/wf_feed_model.h
  Sources/CWaterfallGtk/waterfall-feed-item.c
  Sources/CWaterfallGtk/waterfall-feed-model.c
  Sources/WaterfallGTK/FeedModel/FeedModel+GObject.swift
  Sources/WaterfallGTK/FeedModel/FeedModel.swift
  Sources/WaterfallGTK/FeedModel/FeedRefusal.swift
  # #40 item 3 (WaterfallFeedItemFactory, the default factory of a feed model's wall)
  Sources/CWaterfallGtk/include/waterfall/waterfall-feed-item-factory.h
  Sources/CWaterfallGtk/waterfall-feed-item-factory.c
  Sources/CWaterfallGtk/include/wf_cell.h
  # #40 item 3 (the default factory's colour placeholders and wrapped captions, branch cells)
  Sources/CWaterfallGtk/include/wf_aspect_bin.h
  Sources/CWaterfallGtk/wf_aspect_bin.c
  # #40 item 3 (FeedModel owns the size corrections, 1828592)
  Sources/WaterfallGTK/FeedModel/FeedModel+Sizes.swift
  # #40 (list-model walls bind ahead, 2bcfab2)
  Sources/WaterfallGTK/ListModel/WaterfallListModelSource+BindingAhead.swift
  # #42 (sections from a GtkSectionModel, ce6b5dc)
  Sources/CWaterfallGtk/include/waterfall/waterfall-header.h
  Sources/CWaterfallGtk/waterfall-header.c
  Sources/WaterfallGTK/ListModel/WaterfallListModelSource+Sections.swift
  Sources/WaterfallGTK/View/WaterfallView+Sections.swift
)

# The other issues' commits since 2030d48 that change the counted files (git log --no-merges
# 2030d48.. -- the two targets, by the issue their message or branch names; for --net).
others=(
  "#37 169b5fc 29e6aa5 3dad0df 2f1b100"
  "#39 186bf45 fae7589 9c2184f 242831b 2bcab0a ce81f55"
  "#40 647cb0c ca54a4e b5b13a3 85b273d 96cf8c0 2bcfab2 df6bbd6 d3dbb84 1828592 df3b985 b11a47b b71bcfa a24e5d8"
  "#41 52b4970 4af7535 cdc6357 6701ba5"
  "#42 c1a8042 d7fa206 7a6a51f 13e075c 5166176 ce6b5dc 789f59c f24007f ff5a533 b0af39c 7c66957 6f8325e"
  "#43 f320ecf bfc50ef f9788bf 81e8e3f"
)

command -v cloc >/dev/null || { echo "gtk-layer-lines: needs cloc (apt-get install cloc)" >&2; exit 2; }
command -v clang-format >/dev/null || { echo "gtk-layer-lines: needs clang-format" >&2; exit 2; }
style="$(pwd)/Sources/CWaterfallGtk/.clang-format"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The counts of one tree (a commit, or "" for the working tree): "Swift N", "C N", "header N",
# "total N".
count() {
  local tree="$work/tree"
  rm -rf "$tree" && mkdir -p "$tree/Sources"
  if [ -n "$1" ]; then
    git archive "$1" Sources/WaterfallGTK Sources/CWaterfallGtk | tar -x -C "$tree"
  else
    cp -r Sources/WaterfallGTK Sources/CWaterfallGtk "$tree/Sources/"
  fi
  for f in "${excluded[@]}"; do rm -f "$tree/$f"; done
  cp "$style" "$tree/Sources/CWaterfallGtk/.clang-format"
  find "$tree/Sources/CWaterfallGtk" -name '*.[ch]' -exec clang-format -i --style=file {} +
  # cloc writes each file without its comments beside it (FILE.code); count what is left.
  (cd "$tree" && cloc --quiet --strip-comments=code --original-dir --include-lang=Swift,C,"C/C++ Header" Sources >/dev/null)
  find "$tree" -name '*.code' | while read -r f; do
    case $f in *.swift.code) lang=Swift ;; *.c.code) lang=C ;; *) lang=header ;; esac
    echo "$lang $(grep -cvE '^[[:space:]]*([{}];?|},)?[[:space:]]*$' "$f" || true)"
  done | awk '{ n[$1] += $2; total += $2 }
    END { printf "Swift %d\nC %d\nheader %d\ntotal %d\n", n["Swift"], n["C"], n["header"], total }'
}
total() { count "$1" | awk '$1 == "total" { print $2 }'; }

net=false
if [ "${1:-}" = "--net" ]; then net=true; shift; fi
count "${1:-}" | tee "$work/counts"
$net || exit 0

left=$(awk '$1 == "total" { print $2 }' "$work/counts")
for line in "${others[@]}"; do
  read -r issue commits <<<"$line"
  sum=0
  for c in $commits; do sum=$((sum + $(total "$c") - $(total "$c^"))); done
  echo "$issue's commits: $sum"
  left=$((left - sum))
done
echo "net of the other issues: $left"
