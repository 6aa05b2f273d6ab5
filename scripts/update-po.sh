#!/usr/bin/env bash
# Extracts the translatable strings of po/POTFILES into po/waterfall.pot (xgettext: the
# library's Localized(...) and PluralText(...), the demo's tr(...)) and merges it into every
# catalog of po/LINGUAS (msgmerge). Translate what is new, then run scripts/build-locale.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
xgettext --language=C --from-code=UTF-8 --keyword=Localized --keyword=PluralText:1,2 --keyword=tr \
  --add-comments=TRANSLATORS: --package-name=waterfall --no-wrap -D . -f po/POTFILES -o po/waterfall.pot
for lang in $(cat po/LINGUAS); do
  msgmerge --quiet --update --backup=none --no-wrap "po/$lang.po" po/waterfall.pot
done
