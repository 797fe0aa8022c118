"""Ablations of a compiled program: its stream IR with every command of one kind recorded twice.

A fixture's call time mixes the host's recording, its submissions and waits, and the device's work; the
calibration suite prices each in isolation, but a program whose prediction misses does not say which
of them it misses on. Recording each ``stream.cmd.copy`` (or ``fill``, or ``dispatch``) of the program
twice, in place, and compiling the result with ``iree-compile --compile-from=stream`` gives a program
that differs from the original by exactly one more of those commands at every execution of each (a
command of a loop body once per trip, with the execution barrier IREE puts after it in a serial
region): the measured difference of the two call times, against the simulated difference, is the
model's error on that kind of command in the program's own context (benchmarks/ablate.py).

The repeated command reads and writes what the original does, so a dispatch that updates a buffer in
place may compute other values: the ablated program is for timing, not for its outputs. Commands of
initializers are left alone (they run once, before the call that is timed).
"""

from __future__ import annotations

KINDS = ("copy", "fill", "dispatch")

_FUNCTION_HEADS = ("util.func ", "func.func ")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def duplicate_commands(text: str, kind: str) -> tuple[str, int]:
    """``text`` (IREE's pretty-printed stream IR, as ``iree-compile --compile-to=stream`` writes it) with
    every ``stream.cmd.<kind>`` op of its functions (not its initializers) repeated right after itself,
    and the number of ops repeated. A dispatch's op runs to the closing brace of its binding list.

    Examples
    --------
    >>> src = '''module {
    ...   util.func public @main() {
    ...     %0 = stream.cmd.execute with(%a as %b: !stream.resource<transient>{%c8}) {
    ...       stream.cmd.copy %b[%c0], %b[%c4], %c4 : !stream.resource<transient>{%c8} -> !stream.resource<transient>{%c8}
    ...     } => !stream.timepoint
    ...   }
    ... }'''
    >>> out, n = duplicate_commands(src, "copy")
    >>> n, out.count("stream.cmd.copy")
    (1, 2)
    """
    if kind not in KINDS:
        raise ValueError(f"unknown command kind {kind!r}: one of {', '.join(KINDS)}")
    op = f"stream.cmd.{kind} "
    lines = text.split("\n")
    out: list[str] = []
    in_function = False
    count = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip(" ")
        if _indent(line) == 2 and stripped.startswith(("util.func", "func.func", "util.initializer")):
            in_function = stripped.startswith(_FUNCTION_HEADS)
        if not (in_function and stripped.startswith(op)):
            out.append(line)
            i += 1
            continue
        end = i
        if stripped.rstrip().endswith("{"):
            # A multi-line op (a dispatch's binding list): up to the brace that closes it.
            while end + 1 < len(lines) and not (
                lines[end + 1].strip().startswith("}") and _indent(lines[end + 1]) == _indent(line)
            ):
                end += 1
            end += 1
            if end >= len(lines):
                raise ValueError(f"line {i + 1}: {kind} op without its closing brace")
        block = lines[i : end + 1]
        out.extend(block)
        out.extend(block)
        count += 1
        i = end + 1
    return "\n".join(out), count
