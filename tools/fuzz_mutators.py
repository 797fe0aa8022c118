"""The seeded mutators of the fuzz campaign (tools/fuzz_campaign.py): one mutation of MLIR or other text,
or of a binary file, and its name. The same random state gives the same mutation."""

from __future__ import annotations

import random
import re
import struct


def mutate_text(text: str, rng: random.Random) -> tuple[str, str]:
    """One mutation of MLIR text, and its name."""
    lines = text.splitlines(keepends=True)
    kind = rng.choice(
        ["truncate", "flip", "delete", "duplicate", "swap-lines", "swap-ssa", "junk", "number", "type", "nest"]
    )
    if kind == "truncate":
        return text[: rng.randrange(len(text))], kind
    if kind == "flip":
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return data.decode("utf-8", "replace"), kind
    if kind == "delete" and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
        return "".join(lines), kind
    if kind == "duplicate":
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "".join(lines), kind
    if kind == "swap-lines" and len(lines) > 2:
        i, j = rng.sample(range(len(lines)), 2)
        lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines), kind
    if kind == "swap-ssa":
        names = sorted(set(re.findall(r"%[A-Za-z0-9_]+", text)))
        if len(names) >= 2:
            a, b = rng.sample(names, 2)
            pattern = re.compile(rf"({re.escape(a)}|{re.escape(b)})(?![A-Za-z0-9_])")
            return pattern.sub(lambda m: b if m.group(1) == a else a, text), kind
    if kind == "number":  # a size, offset, index or constant that still parses: reaches the verifier and run
        spots = list(re.finditer(r"(?<![%#@^A-Za-z0-9_.])-?[0-9]+(?![0-9A-Za-z_])", text))
        if spots:
            m = rng.choice(spots)
            value = int(m.group())
            new = rng.choice([0, 1, -1, value + 1, value - 1, value * 2, 2**31, 2**63 - 1, 2**64])
            return text[: m.start()] + str(new) + text[m.end() :], kind
    if kind == "type":  # an element type or a dimension changed: a well-formed but mistyped program
        spots = list(re.finditer(r"x(f32|f16|i32|i64|i8|i1|bf16|index)\b|(?<=[<x])([0-9]+)x", text))
        if spots:
            m = rng.choice(spots)
            if m.group(1):
                swap = "x" + rng.choice(["f32", "f16", "i32", "i64", "i8", "i1", "f64"])
            else:
                swap = f"{rng.choice([0, 1, 3, int(m.group(2)) + 1, 1 << 20])}x"
            return text[: m.start()] + swap + text[m.end() :], kind
    if kind == "nest":  # brackets nested past any recursive reader's depth, where a value is expected
        spots = [m.end() for m in re.finditer(r"= |\(|\[|: ", text)] or [rng.randrange(len(text) + 1)]
        at = rng.choice(spots)
        opening, closing = rng.choice([("[", "]"), ("(", ")"), ("{", "}"), ("<", ">"), ("{a = ", "}")])
        depth = rng.choice([600, 5000])
        return text[:at] + opening * depth + closing * depth + text[at:], kind
    i = rng.randrange(len(text) + 1)
    junk = rng.choice(['"', "}", "{", "%", "^bb9", "(", ")", "<", ">", ":", "\x00", "\ufeff", "-> !x"])
    return text[:i] + junk + text[i:], "junk"


def mutate_bytes(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """One mutation of a binary file: flipped bytes, a huge 64-bit field, or a truncation."""
    out = bytearray(data)
    kind = rng.choice(["flip", "huge-u64", "truncate"])
    if kind == "flip":
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(min(len(out), 4096))] ^= 1 << rng.randrange(8)
    elif kind == "huge-u64":
        at = rng.randrange(0, min(len(out), 1024) - 8, 4)
        struct.pack_into("<Q", out, at, rng.choice([2**62, 2**64 - 1, 2**40, 2**31]))
    else:
        out = out[: rng.randrange(len(out))]
    return bytes(out), kind
