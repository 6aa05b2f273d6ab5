#!/usr/bin/env bash
# Compiles the translations in po/ (po/LINGUAS) into .build/locale/<lang>/LC_MESSAGES/waterfall.mo
# with msgfmt --check, and links .build/debug/locale and .build/release/locale to it, where the
# library looks beside its binary (see Translation in Sources/WaterfallGTK/Localization).
# Prints the locale directory; scripts/test.sh and scripts/demo.sh export it as WATERFALL_LOCALEDIR.
#   --check  also fails when po/waterfall.pot is not what xgettext extracts from po/POTFILES
#            today (a new or changed string that was not put in the template and catalogs).
set -euo pipefail
cd "$(dirname "$0")/.."
extract() {
  xgettext --language=C --from-code=UTF-8 --keyword=Localized --keyword=PluralText:1,2 --keyword=tr \
    --add-comments=TRANSLATORS: --package-name=waterfall --no-wrap -D . -f po/POTFILES -o "$1"
}
if [ "${1:-}" = "--check" ]; then
  fresh=$(mktemp)
  trap 'rm -f "$fresh"' EXIT
  extract "$fresh"
  # Compare the messages only (not dates or line numbers).
  if ! diff <(msgcat --no-location --sort-output "$fresh" | grep -v '^"POT-Creation-Date') \
            <(msgcat --no-location --sort-output po/waterfall.pot | grep -v '^"POT-Creation-Date') >/dev/null; then
    echo "build-locale.sh: po/waterfall.pot is out of date: run scripts/update-po.sh" >&2
    exit 1
  fi
  for lang in $(cat po/LINGUAS); do
    untranslated=$(msgattrib --untranslated --no-obsolete "po/$lang.po" | grep -c '^msgid ' || true)
    if [ "$untranslated" -gt 1 ]; then  # the header's empty msgid is always there
      echo "build-locale.sh: po/$lang.po has $((untranslated - 1)) untranslated messages" >&2
      exit 1
    fi
  done
fi
out=.build/locale
for lang in $(cat po/LINGUAS); do
  mkdir -p "$out/$lang/LC_MESSAGES"
  msgfmt --check -o "$out/$lang/LC_MESSAGES/waterfall.mo" "po/$lang.po"
done
for configuration in debug release; do
  if [ -d ".build/$configuration" ] && [ ! -e ".build/$configuration/locale" ]; then
    ln -s "$(pwd)/$out" ".build/$configuration/locale"
  fi
done
echo "$(pwd)/$out"
