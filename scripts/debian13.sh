#!/usr/bin/env bash
# The suite against GTK 4.18 and Debian's own Swift: builds and tests the working tree in a
# Debian 13 (trixie) root made with debootstrap inside the clone (.debian13/, ignored by git).
#
#   scripts/debian13.sh                 # the whole leg: scripts/test.sh, then scripts/gi-check.sh
#   scripts/debian13.sh --build-only    # only `swift build --build-tests` with Debian's swiftlang
#   scripts/debian13.sh --tests-only [ARGS…]   # only scripts/test.sh (ARGS go to `swift test`)
#   scripts/debian13.sh --gi-only       # only scripts/gi-check.sh
#   scripts/debian13.sh --shell         # a shell in the root, the tree at /work/waterfall
#   scripts/debian13.sh --bootstrap-only   # only make the root and install the packages
#   scripts/debian13.sh --fresh …       # delete the root first and bootstrap it again
#
# WATERFALL_DEBIAN13_DIR names another folder for the root (default: .debian13 in the clone).
#
# Needs root on a Debian host (debootstrap is installed with apt-get when missing). Packages
# come from the Debian mirror the host's apt already uses (/etc/apt/sources.list*). The root is
# made once (about a minute) and reused; the tree is copied into it on every run (tracked and
# untracked files, not ignored ones), and its .build stays in the root between runs. /proc, /sys,
# /dev, /dev/pts and /dev/shm are mounted into the root for the run and unmounted on every exit.
# Inside, the Swift toolchain is Debian's `swiftlang` (6.0.3), not the host's; scripts/setup.sh
# installs the project's packages under their Debian 13 names.
set -euo pipefail
cd "$(dirname "$0")/.."
clone=$PWD
base=${WATERFALL_DEBIAN13_DIR:-$clone/.debian13}
root=$base/root
inner=/work/waterfall           # where the tree is inside the root
mode=all
fresh=
while [ $# -gt 0 ]; do
  case $1 in
    --build-only) mode=build ;;
    --tests-only) mode=tests ;;
    --gi-only) mode=gi ;;
    --shell) mode=shell ;;
    --bootstrap-only) mode=bootstrap ;;
    --fresh) fresh=1 ;;
    --) shift; break ;;
    -*) if [ "$mode" = tests ]; then break; fi
        echo "debian13.sh: unknown option $1 (see the comment at the top of the script)" >&2; exit 2 ;;
    *) break ;;
  esac
  shift
done
[ "$(id -u)" = 0 ] || { echo "debian13.sh: needs root (debootstrap, chroot, mount)" >&2; exit 1; }

phase_start=$SECONDS
phase() {   # phase NAME: prints how long the previous phase took and starts NAME
  local now=$SECONDS
  [ -z "${phase_name:-}" ] || echo "debian13: ${phase_name} took $((now - phase_start)) s" >&2
  phase_name=$1 phase_start=$now
  [ -z "$phase_name" ] || echo "debian13: ${phase_name}…" >&2
}

# The mounts, innermost last; unmounted in reverse order on every exit.
mounted=()
cleanup() {
  local status=$? i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" || status=1
  done
  mounted=()
  # Anything still mounted under the root (a mount the suite made and left) is a failure too.
  if findmnt -rn -o TARGET | grep -q "^$root\(/\|$\)"; then
    echo "debian13.sh: still mounted under $root:" >&2
    findmnt -rn -o TARGET | grep "^$root\(/\|$\)" >&2
    status=1
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
mount_into() {   # mount_into TARGET MOUNT-ARGS…
  local target=$root$1; shift
  mkdir -p "$target"
  mount "$@" "$target"
  mounted+=("$target")
}

# Refuse to delete or bootstrap a root that still has something mounted (an earlier run killed).
if findmnt -rn -o TARGET | grep -q "^$root/"; then
  echo "debian13.sh: something is still mounted under $root; unmount it first:" >&2
  findmnt -rn -o TARGET | grep "^$root/" >&2
  exit 1
fi

# The Debian archive the host's apt uses (one-line and deb822 sources), not the security one.
mirror() {
  local uri
  uri=$( { grep -hsE '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
             sed -E 's/^[[:space:]]*deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]+).*/\2/'
           grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources | sed -E 's/^URIs:[[:space:]]*//' | tr ' ' '\n'
         } | grep -E '/debian/?$' | head -1)
  echo "${uri:-http://deb.debian.org/debian}"
}

if [ -n "$fresh" ] && [ -d "$base" ]; then
  phase "deleting the old root"
  rm -rf --one-file-system "$base"
fi
if [ ! -f "$base/bootstrapped" ]; then
  rm -rf --one-file-system "$root"
  mkdir -p "$base"
  command -v debootstrap >/dev/null || {
    echo "debian13.sh: installing debootstrap" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
  }
  url=$(mirror)
  phase "debootstrap trixie from $url"
  debootstrap --variant=minbase trixie "$root" "$url" >"$base/debootstrap.log" 2>&1 ||
    { tail -20 "$base/debootstrap.log" >&2; exit 1; }
  security=${url%/debian}/debian-security
  security=${security%/}
  printf 'deb %s trixie main\ndeb %s trixie-updates main\ndeb %s trixie-security main\n' \
    "${url%/}" "${url%/}" "$security" > "$root/etc/apt/sources.list"
  # No daemon starts inside the root when a package is installed.
  printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d" && chmod +x "$root/usr/sbin/policy-rc.d"
  touch "$base/bootstrapped"
fi

phase "mounting /proc, /sys, /dev"
# The root bound onto itself, private: inside, / is then a mount point, so `unshare --mount` (the
# trusted-CA TLS test, gi-check.sh) can make its namespace private, and no mount made in the
# root propagates to the host.
mount_into "" --bind "$root"
mount --make-private "$root"
mount_into /proc -t proc proc
mount_into /sys --bind /sys
mount_into /dev --bind /dev
mount_into /dev/pts --bind /dev/pts
mount_into /dev/shm --bind /dev/shm
cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

# Runs a command in the root with a clean environment (the host's PATH names the host toolchain).
in_root() {
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

# The working tree, copied (a bind mount would share .build, whose products are the host
# toolchain's); the root's own .build and .build-* are kept between runs.
phase "copying the tree"
mkdir -p "$root$inner"
find "$root$inner" -mindepth 1 -maxdepth 1 ! -name '.build' ! -name '.build-*' -exec rm -rf {} +
git -C "$clone" ls-files -z -co --exclude-standard |
  (cd "$clone" && tar --null --no-recursion --ignore-failed-read -T - -cf -) | tar -C "$root$inner" -xf -

# Debian's Swift (swiftlang) and the project's packages: scripts/setup.sh knows trixie's names.
phase "apt: swiftlang and the project's packages (scripts/setup.sh)"
in_root bash -c "cd $inner && scripts/setup.sh"
in_root swift --version 2>&1 | head -1 >&2

status=0
case $mode in
  bootstrap) ;;
  shell)
    phase ""
    in_root bash -c "cd $inner && exec bash -i" || status=$?
    ;;
  build)
    phase "swift build --build-tests (Debian's Swift)"
    in_root bash -c "cd $inner && . scripts/gtk4-flags.sh && swift build --build-tests" || status=$?
    ;;
  tests|all)
    phase "scripts/test.sh (Debian's Swift, GTK 4.18)"
    in_root bash -c 'cd "$0" && exec scripts/test.sh "$@"' "$inner" "$@" || status=$?
    ;;&
  gi|all)
    if [ "$status" -eq 0 ]; then
      phase "scripts/gi-check.sh"
      in_root bash -c "cd $inner && exec scripts/gi-check.sh" || status=$?
    fi
    ;;
esac
phase ""
[ "$status" -eq 0 ] && echo "debian13: green" >&2 || echo "debian13: failed ($status)" >&2
exit "$status"
