#!/usr/bin/env bash
# Writes a behaviour snapshot of the code on PYTHONPATH (or cwd) into DIR: for every fixture, the
# traces and outputs of data runs of cmd and async form on two machines, timing-only runs, and the
# scheduled text under each favor. Compare two snapshots with `diff -r A B`.
# usage: bash tools/snapshot_fixtures.sh DIR   (from the project root; with PYTHONPATH set to a
# checkout, it snapshots that checkout: take one before a change and one after, then diff -r them)
# The commands run in one Python process (tools/snapshot_fixtures.py): the same files as a loop of
# `streamsim` commands, in seconds instead of an interpreter start per command.
set -u
exec python "$(dirname "$0")/snapshot_fixtures.py" "${1:?usage: snapshot_fixtures.sh DIR}"
