"""What ``benchmarks/scale.py`` prints from its children's figures: each size's block and the growth rows.

Loaded by scale.py by its path (as ``benchmarks/paired.py`` is); split from it along the seam between
running the children and printing what they measured.
"""

from __future__ import annotations

import statistics

STEPS = ("parse", "verify", "schedule", "simulate", "trace write", "trace read")
#: The figures an instruction-counting child gives: each step's, and the sum of issue 20's three.
COUNTED_STEPS = (*STEPS, "parse+schedule+simulate")


def fmt(values: list[float], unit: str) -> str:
    lo, hi = min(values), max(values)
    if unit == "MiB":
        return f"{lo:8.0f} MiB ±{hi - lo:<5.0f}"
    return f"{lo:8.2f} s ±{hi - lo:<5.2f}"


def print_size(
    size: int,
    runs: dict[str, list[float]],
    repeats: int,
    size_bytes: int,
    raw: float,
    load: tuple[float, float],
    order: str = "",
) -> None:
    """One size's block, up to the event rate (the paired lines are benchmarks/paired.py's). ``order``:
    how its children were ordered among the other sizes' (text for the first line)."""
    dispatches = int(runs["dispatches"][0])
    print(
        f"{dispatches} dispatches ({size_bytes / 2**20:.1f} MiB of text, "
        f"{int(runs['trace events'][0])} trace events), min of {repeats} runs ± spread (max - min){order}; "
        f"load average {load[0]:.1f} before, {load[1]:.1f} after:"
    )
    for step in STEPS:
        print(
            f"  {step:12} {fmt(runs[step], 's')} CPU, {fmt(runs[step + ' wall'], 's')} wall"
            f"  (collector {min(runs[step + ' gc']):.2f} s)"
        )
    fresh = "trace read, fresh process"
    print(f"  {fresh} {fmt(runs[fresh], 's')} CPU, {fmt(runs[fresh + ' wall'], 's')} wall (the trace alone)")
    pss = "parse+schedule+simulate"
    print(
        f"  {pss} {fmt(runs[pss], 's')} CPU, {fmt(runs[pss + ' wall'], 's')} wall (sum of the three; "
        f"collector {min(runs[pss + ' gc']):.2f} s)"
    )
    print(
        f"  {'wall':12} {fmt(runs['wall'], 's')}  (child process, interpreter start to end; "
        f"collector {min(runs['collector total']):.2f} s in all)"
    )
    print(
        f"  {'peak RSS':12} {fmt(runs['peak MiB'], 'MiB')} (whole child; "
        f"{min(runs['peak MiB to simulate']):.0f} MiB up to the end of simulate)"
    )
    # Each child's probes: before its first step and after each; the fresh reader's before and after.
    taken = [f"{STEPS[0]} host before"] + [f"{step} host after" for step in STEPS] + [f"{fresh} host before"]
    probes = [v for k in (*taken, f"{fresh} host after") for v in runs.get(k, ())]
    if probes:
        print(
            f"  {'host':12} {min(probes):8,.0f}-{max(probes):,.0f} events/s raw simpy in the children's "
            f"{len(probes)} probes (x{max(probes) / min(probes):.2f}; before the first step and after each)"
        )
    if "parse calls" in runs:
        counted = ", ".join(f"{step} {int(runs[step + ' calls'][0]):,}" for step in STEPS)
        print(f"  {'calls':12} {counted} (function calls, cProfile, one run)")
    if "parse instructions" in runs:
        counted = ", ".join(f"{step} {runs[step + ' instructions'][0] / 1e6:,.0f}M" for step in COUNTED_STEPS)
        print(f"  {'instructions':12} {counted} (callgrind, one run)")
    events, event_s = runs["events"], runs["event seconds"]
    if events[0] and min(event_s) > 0:
        rates = [e / s for e, s in zip(events, event_s)]
        rate = max(rates)
        # Each child's rate over raw simpy's in the same child right after its simulate: the ratio of issue
        # 20, both rates measured at one time in one process (the parent's raw figure is from before).
        ratios = [r / s for r, s in zip(rates, runs["raw simpy"])]
        print(
            f"  {'event rate':12} {rate:8,.0f} events/s ({int(events[0])} simpy events stepped by the engine), "
            f"{max(ratios):.2f} of raw simpy (±{max(ratios) - min(ratios):.2f}; each child's rate over raw "
            f"simpy's in that child right after its simulate, {min(runs['raw simpy']):,.0f}-"
            f"{max(runs['raw simpy']):,.0f} events/s; {rate / raw:.2f} of the parent's raw simpy above)"
        )


def print_growth(
    sizes: list[int], results: dict[int, dict[str, list[float]]], order: list[int] | None = None
) -> None:
    """Per pair of sizes, each figure's growth (the big size's minimum over the small size's), beside the
    host's speed in the child that gave each of the two minima and its ratio (a step's own probes; the sum
    of three steps, the mean of theirs; the whole child's wall, the mean of all its steps'); memory,
    counted calls and instructions have none (the host's speed does not move them).

    With ``order`` (the sizes' indices in the order their timed children ran, :func:`interleave`), each
    timed figure's row ends with its growth between neighbours (:func:`neighbour_growth`): the median and
    range over the big size's children, each over the small children run right before and after it. The
    minima's ratio pairs the small size's best of many children with the big size's best of a few, which
    on a host that changes state often met the fast state less often; neighbours met the same state."""
    for small, big in zip(sizes, sizes[1:]):
        print(
            f"growth {small} -> {big} ({big / small:g}x dispatches; beside each, the host's speed in the child "
            "that gave each minimum, raw simpy's events/s around the step, before..after when they differ by "
            "over 5%, and big over small):"
        )
        counted = [f"{step} calls" for step in STEPS if f"{step} calls" in results[small]]
        counted += [f"{step} instructions" for step in COUNTED_STEPS if f"{step} instructions" in results[small]]
        shown = (*STEPS, "trace read, fresh process", "parse+schedule+simulate", "wall", "peak MiB")
        for step in (*shown, *counted):
            if step not in results[big]:
                continue
            a, b = min(results[small][step]), min(results[big][step])
            row = f"  {step:26} {b / a:5.1f}x" if a > 0 else f"  {step:26}     -"
            before, after = host(results[small], step), host(results[big], step)
            if before is not None and after is not None:
                row += f"   host {before[1]} -> {after[1]} (x{after[0] / before[0]:.2f})"
            if order is not None and step in _TIMED:
                i = sizes.index(small)
                paired = neighbour_growth(order, i, i + 1, results[small][step], results[big][step])
                if paired:
                    row += (
                        f"   neighbours {statistics.median(paired):.1f}x ({min(paired):.1f}-{max(paired):.1f}, "
                        f"{len(paired)} of the big size's children)"
                    )
            print(row)


#: The figures every timed child gives once, in the order the children ran (neighbour_growth pairs them).
_TIMED = (*STEPS, "trace read, fresh process", "parse+schedule+simulate", "wall")


def neighbour_growth(
    order: list[int], small: int, big: int, small_values: list[float], big_values: list[float]
) -> list[float]:
    """Each child of size ``big`` over the mean of the children of size ``small`` run right before and right
    after it (the one there is, at either end of the run), their figures given in the order each size's
    children ran and ``order`` the sizes' indices in the order all the children ran. Neighbours ran within
    a child's time of each other, in the same stretch of the host's states.

    >>> neighbour_growth([0, 0, 1, 0, 0, 0, 1, 0], 0, 1, [1.0, 2.0, 3.0, 1.0, 1.0, 1.0], [20.0, 10.0])
    [8.0, 10.0]
    """
    at: dict[int, list[int]] = {}  # each size's children's positions in the run
    for position, size in enumerate(order):
        at.setdefault(size, []).append(position)
    smalls = at.get(small, [])[: len(small_values)]
    out = []
    for position, value in zip(at.get(big, []), big_values):
        before = [k for k, p in enumerate(smalls) if p < position][-1:]
        after = [k for k, p in enumerate(smalls) if p > position][:1]
        near = [small_values[k] for k in before + after]
        if near and sum(near) > 0:
            out.append(value / (sum(near) / len(near)))
    return out


#: The steps whose host speeds make a figure's (the rest have their own).
_HOST_OF = {"parse+schedule+simulate": ("parse", "schedule", "simulate"), "wall": STEPS}


def host(runs: dict[str, list[float]], figure: str) -> tuple[float, str] | None:
    """The host's speed in the child that gave ``figure``'s minimum (the first such child), and its text:
    k events/s, before..after the step when they differ by over 5%."""
    steps = _HOST_OF.get(figure, (figure,))
    if any(f"{step} host" not in runs for step in steps) or figure not in runs:
        return None
    values = runs[figure]
    child = values.index(min(values))
    before, after = runs[f"{steps[0]} host before"][child], runs[f"{steps[-1]} host after"][child]
    speed = sum(runs[f"{step} host"][child] for step in steps) / len(steps)
    if abs(after / before - 1) <= 0.05:
        return speed, f"{speed / 1000:.0f}k"
    return speed, f"{before / 1000:.0f}k..{after / 1000:.0f}k"


def interleave(counts: list[int]) -> list[int]:
    """The order to run ``counts[i]`` children of each size ``i`` in: each size's children spread evenly
    over the whole run (child ``k`` of ``n`` at ``(k + 1/2) / n`` of it; ties in the sizes' order), so the
    sizes' minima are drawn from the same stretch of the host's states rather than one size's after the
    other's.

    >>> interleave([6, 2])
    [0, 0, 1, 0, 0, 0, 1, 0]
    >>> interleave([1, 1, 1])
    [0, 1, 2]
    """
    slots = [((2 * k + 1) / (2 * n), i) for i, n in enumerate(counts) for k in range(n)]
    return [i for _, i in sorted(slots)]
