#!/usr/bin/env bash
# Builds and installs the local MongoDB-compatible database, DocumentDB (MIT: PostgreSQL 15 from
# Debian + the pg_documentdb_core and pg_documentdb extensions + its Rust gateway that speaks the
# MongoDB wire protocol), from source archives pinned by ./SHA256SUMS. Run as root, on Debian 12.
# Called by infra/local/lib/documentdb.mjs (npm start, npm test) the first time it is needed, and by
# `npm run db:install`. Adapted from the measured recipe beside the archive mirror
# (shared/vendor/documentdb/recipe/build.sh); docs/decisions/0010-documentdb-locally.md says why.
#
#   DOCUMENTDB_ARCHIVES  folder holding the archives (default: the mirror beside the project,
#                        <project>/../shared/vendor/documentdb)
#   DOCUMENTDB_WORK      build folder (default: /tmp/pupitre-documentdb-build), removed on success
#   CARGO                cargo 1.85+ (default: Debian's cargo-web, /usr/bin/cargo)
# Installs /usr/lib/postgresql/15/lib/{pg_documentdb*,pg_cron,vector}.so and their SQL files,
# /usr/local/lib/libbson-static-1.0.a, /usr/local/bin/documentdb_gateway, and the stamp
# /usr/local/share/pupitre/documentdb.stamp (the pins it was built from: a later run with the same
# pins does nothing).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/../../.." && pwd)
SRC=${DOCUMENTDB_ARCHIVES:-$PROJECT/../shared/vendor/documentdb}
WORK=${DOCUMENTDB_WORK:-/tmp/pupitre-documentdb-build}
STAMP=/usr/local/share/pupitre/documentdb.stamp
PGV=15
JOBS=$(nproc)
export PATH=/usr/lib/postgresql/$PGV/bin:$PATH
export PKG_CONFIG_PATH=/usr/local/lib/pkgconfig      # libbson 1.28 before anything in /usr

fail() { echo "✗ $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "building DocumentDB installs system packages and PostgreSQL extensions: run it as root (sudo npm run db:install), or set MONGODB_URI to a MongoDB 7+ server."
command -v apt-get >/dev/null || fail "DocumentDB is built on Debian 12 (apt-get not found). Set MONGODB_URI to a MongoDB 7+ server instead."

# The pins: the checksums of the archives, plus this script's revision (bump it when a step changes).
REVISION=1
WANT="revision $REVISION
$(cat "$HERE/SHA256SUMS")"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -x /usr/local/bin/documentdb_gateway ] && [ "${1:-}" != --force ]; then
  echo "DocumentDB is installed from these pins already ($STAMP)."
  exit 0
fi

[ -d "$SRC" ] || fail "the DocumentDB source archives are not in $SRC. Point DOCUMENTDB_ARCHIVES at the folder that holds $(awk '{print $2}' "$HERE/SHA256SUMS" | paste -sd' ')."
while read -r sum name; do
  [ -f "$SRC/$name" ] || fail "archive $name is missing from $SRC: copy it there (or set DOCUMENTDB_ARCHIVES to the folder that has it) and run again."
  got=$(sha256sum "$SRC/$name" | cut -d' ' -f1)
  [ "$got" = "$sum" ] || fail "archive $SRC/$name does not match its pinned checksum (infra/local/documentdb/SHA256SUMS): expected $sum, got $got. Replace it with the pinned archive."
done <"$HERE/SHA256SUMS"

mkdir -p "$WORK"
TOTAL=7
N=0
T0=$(date +%s)
step() { # label function — runs the function with errexit, its output in $WORK/<function>.log
  local label=$1 fn=$2 rc t0
  N=$((N + 1)); t0=$(date +%s)
  echo "  [$N/$TOTAL] $label… (log: $WORK/$fn.log)"
  set +e; ( set -e; "$fn" ) >"$WORK/$fn.log" 2>&1; rc=$?; set -e
  if [ $rc != 0 ]; then
    tail -25 "$WORK/$fn.log" >&2
    fail "building DocumentDB failed at step '$label' (whole log: $WORK/$fn.log). Fix what it names and run \`npm run db:install\` again."
  fi
  echo "        done in $(( $(date +%s) - t0 )) s (total $(( $(date +%s) - T0 )) s)"
}
unpack() { rm -rf "$2"; mkdir -p "$2"; tar xzf "$SRC/$1" -C "$2" --strip-components=1; }

APT_PACKAGES="build-essential pkg-config cmake ca-certificates openssl
  postgresql-$PGV postgresql-server-dev-$PGV postgresql-$PGV-postgis-3 postgresql-$PGV-rum
  libintelrdfpmath-dev libpcre2-dev libicu-dev libkrb5-dev libssl-dev rustc-web cargo-web"
apt_deps() {
  # Debian's pg_cron 1.4 would shadow ours; Debian's libbson-dev 1.23 lacks BSON_SUBTYPE_SENSITIVE (1.25+).
  apt-get remove -y postgresql-$PGV-cron libbson-dev || true
  # shellcheck disable=SC2086
  if ! dpkg-query -W -f='${Status}\n' $APT_PACKAGES 2>/dev/null | grep -vq 'install ok installed' \
     && [ "$(dpkg-query -W -f='${Status}\n' $APT_PACKAGES 2>/dev/null | wc -l)" = "$(echo $APT_PACKAGES | wc -w)" ]; then
    echo "all Debian packages present"; return 0
  fi
  apt-get update
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $APT_PACKAGES
}
libbson() {
  unpack mongo-c-driver-1.28.0.tar.gz "$WORK/mongo-c-driver"
  cmake -S "$WORK/mongo-c-driver" -B "$WORK/mongo-c-driver/_build" \
    -DENABLE_MONGOC=OFF -DENABLE_TESTS=OFF -DENABLE_EXAMPLES=OFF -DENABLE_STATIC=ON -DENABLE_ICU=OFF \
    -DCMAKE_C_FLAGS="-fPIC -g" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr/local
  make -C "$WORK/mongo-c-driver/_build" -j"$JOBS" install
}
pg_cron() {
  unpack pg_cron-1.6.3.tar.gz "$WORK/pg_cron"
  make -C "$WORK/pg_cron" -j"$JOBS" && make -C "$WORK/pg_cron" install
}
pgvector() {
  unpack pgvector-0.8.0.tar.gz "$WORK/pgvector"
  make -C "$WORK/pgvector" -j"$JOBS" OPTFLAGS="" && make -C "$WORK/pgvector" install   # no -march=native
}
documentdb() {
  # documentdb asks pkg-config for 'intelmathlib'; Debian's libintelrdfpmath-dev ships the same
  # library prebuilt as libbidgcc000.a (CALL_BY_REF=0 GLOBAL_RND=0 GLOBAL_FLAGS=0, as upstream builds it).
  mkdir -p /usr/local/lib/pkgconfig
  cat >/usr/local/lib/pkgconfig/intelmathlib.pc <<'PC'
prefix=/usr
libdir=${prefix}/lib/x86_64-linux-gnu
includedir=${prefix}/include
Name: intelmathlib
Description: Intel Decimal Floating-Point Math Library (Debian libintelrdfpmath-dev)
Version: 2.0 Update 2
Cflags: -I${includedir}
Libs: -L${libdir} -lbidgcc000
PC
  unpack documentdb-b2e220c.tar.gz "$WORK/documentdb"
  make -C "$WORK/documentdb/pg_documentdb_core" -j"$JOBS" && make -C "$WORK/documentdb/pg_documentdb_core" install
  make -C "$WORK/documentdb/pg_documentdb" -j"$JOBS" && make -C "$WORK/documentdb/pg_documentdb" install
}
gateway() {
  local cargo=${CARGO:-/usr/bin/cargo}
  "$cargo" --version
  # crates come from crates.io, pinned by the archive's Cargo.lock
  (cd "$WORK/documentdb/pg_documentdb_gw" && CARGO_TARGET_DIR="$WORK/gw-target" "$cargo" build --release --locked)
  install -m 755 "$WORK/gw-target/release/documentdb_gateway" /usr/local/bin/documentdb_gateway
}
stamp() {
  mkdir -p "$(dirname "$STAMP")"
  printf '%s' "$WANT" >"$STAMP"
}

echo "building DocumentDB from $SRC (first time on this machine: about 4 minutes on 2 cores)"
step "Debian packages" apt_deps
step libbson libbson
step pg_cron pg_cron
step pgvector pgvector
step "DocumentDB extensions (C)" documentdb
step "gateway (Rust)" gateway
step stamp stamp
rm -rf "$WORK"
echo "DocumentDB installed in $(( $(date +%s) - T0 )) s ($(grep default_version /usr/share/postgresql/$PGV/extension/documentdb.control | tr -d "'"))"
