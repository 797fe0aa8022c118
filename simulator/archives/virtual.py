"""Virtual archives: parameter sizes without parameter bytes, for timing-only simulation.

A 70B-class model is ~140 GB of bf16 weights in ~700 tensors. Simulating how long loading or gathering
them takes needs only each parameter's key and size (and, for storage models that care about
sequential access, where it would sit in a file). A virtual archive gives exactly that: entries of kind
``VIRTUAL`` laid out back to back at the .irpa data alignment, as if written to one archive, with no file
behind them. Building one is a loop over the sizes, so it costs microseconds per entry.

:func:`transformer_parameter_sizes` produces the (key, size) list of a Llama-style decoder (defaults:
Llama-3-70B's shapes in bf16), so studies need not hand-write 700 entries.

Raises :class:`~simulator.errors.ArchiveError` for a duplicate key or a negative size.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from simulator.archives.archive import Archive
from simulator.archives.entries import ParameterEntry
from simulator.archives.irpa import DEFAULT_DATA_ALIGNMENT_BYTES, align_up
from simulator.errors import ArchiveError


def virtual_archive(
    sizes: Iterable[tuple[str, int]],
    *,
    alignment_bytes: int = DEFAULT_DATA_ALIGNMENT_BYTES,
    name: str = "virtual",
) -> Archive:
    """An archive of virtual entries, one per ``(key, size_bytes)``, at aligned notional offsets.

    Examples
    --------
    >>> a = virtual_archive([("w0", 100), ("w1", 28)])
    >>> [(e.key, e.offset_bytes, e.size_bytes) for e in a.entries], a.file_size_bytes
    ([('w0', 0, 100), ('w1', 128, 28)], 156)
    """
    entries = []
    seen: set[str] = set()
    cursor = 0
    for key, size_bytes in sizes:
        if key in seen:
            raise ArchiveError(f"{name}: duplicate parameter key {key!r}")
        seen.add(key)
        cursor = align_up(cursor, alignment_bytes)
        entries.append(ParameterEntry.virtual(key, int(size_bytes), offset_bytes=cursor))
        cursor += int(size_bytes)
    return Archive(path=None, format="virtual", entries=tuple(entries), file_size_bytes=cursor,
                   metadata={"name": name})  # fmt: skip


def transformer_parameter_sizes(
    *,
    layers: int = 80,
    hidden: int = 8192,
    intermediate: int = 28672,
    vocab: int = 128256,
    heads: int = 64,
    kv_heads: int = 8,
    element_size_bytes: int = 2,
) -> Iterator[tuple[str, int]]:
    """(key, size_bytes) for a Llama-style decoder, in the order its weights are usually stored.

    Defaults give Llama-3-70B in bf16: 723 parameters, about 141 GB.

    Examples
    --------
    >>> sizes = list(transformer_parameter_sizes())
    >>> len(sizes), round(sum(s for _, s in sizes) / 1e9, 1)
    (723, 141.1)
    """
    head_dim = hidden // heads
    kv_dim = kv_heads * head_dim
    e = element_size_bytes
    yield "token_embd.weight", vocab * hidden * e
    for i in range(layers):
        p = f"blk.{i}."
        yield p + "attn_norm.weight", hidden * e
        yield p + "attn_q.weight", hidden * hidden * e
        yield p + "attn_k.weight", kv_dim * hidden * e
        yield p + "attn_v.weight", kv_dim * hidden * e
        yield p + "attn_output.weight", hidden * hidden * e
        yield p + "ffn_norm.weight", hidden * e
        yield p + "ffn_gate.weight", intermediate * hidden * e
        yield p + "ffn_up.weight", intermediate * hidden * e
        yield p + "ffn_down.weight", hidden * intermediate * e
    yield "output_norm.weight", hidden * e
    yield "output.weight", vocab * hidden * e
