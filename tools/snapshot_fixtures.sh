#!/usr/bin/env bash
# Writes a behaviour snapshot of the code on PYTHONPATH (or cwd) into DIR: for every fixture, the
# traces and outputs of data runs of cmd and async form on two machines, timing-only runs, and the
# scheduled text under each favor. Compare two snapshots with `diff -r A B`.
# usage: bash tools/snapshot_fixtures.sh DIR   (from the project root; with PYTHONPATH set to a
# checkout, it snapshots that checkout: take one before a change and one after, then diff -r them)
set -u
out=${1:?usage: snapshot.sh DIR}
mkdir -p "$out"
for F in tests/fixtures/iree/*/; do
  n=$(basename "$F")
  inputs=()
  for i in "$F"input*.npy; do inputs+=(--input "@$i"); done
  for form in cmd async; do
    for m in cpu discrete-gpu; do
      streamsim run "$F$form.generic.mlir" --parameters "model=$F/params.irpa" "${inputs[@]}" \
        --output "@$out/$n.$form.$m.out.npy" --machine $m --trace "$out/$n.$form.$m.trace.json" \
        > "$out/$n.$form.$m.stdout" 2> "$out/$n.$form.$m.stderr"
      echo "exit $?" >> "$out/$n.$form.$m.stdout"
    done
    streamsim run "$F$form.generic.mlir" --parameters "model=$F/params.irpa" "${inputs[@]}" \
      --timing-only --machine discrete-gpu --trace "$out/$n.$form.timing.trace.json" \
      > "$out/$n.$form.timing.stdout" 2>&1
  done
  for fav in min-peak-memory max-concurrency debug; do
    streamsim schedule "$F/async.generic.mlir" --favor $fav > "$out/$n.schedule.$fav.mlir" 2>&1
  done
done
echo "snapshot written to $out"
