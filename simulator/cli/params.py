"""``streamsim params``: inspect and create parameter archives.

``streamsim params show [--json] [SCOPE=]FILE...`` lists each archive's entries (key, kind, file offsets or
splat pattern, size, dtype/shape where the format records them) and totals. ``SCOPE=FILE`` binds a
scope the way IREE's ``--parameters=SCOPE=FILE`` does; files themselves carry no scope.

``streamsim params create -o OUT.irpa [SPEC...]`` writes a new .irpa archive, in the manner of IREE's
``iree-create-parameters``. Specs:

- ``KEY=@file.npy``: a data entry with the array's bytes (any other suffix: the file's raw bytes);
- ``@file.npz``: one data entry per array of the .npz, keyed by its name;
- ``KEY=splat:VALUE:DTYPE:COUNT``: a splat of COUNT elements of VALUE (no storage in the file);
- ``--splat=KEY=SHAPExTYPE=VALUE`` and ``--data=KEY=SHAPExTYPE[=VALUE]``: IREE's own spellings
  (``--data`` without a value reserves zeroed storage), e.g. ``--splat=w=2x4096xf16=1.5``.

``--alignment`` sets the storage alignment (IREE's default 64). ``--scope`` only names the scope the
archive is meant for in the printed summary, since .irpa files hold no scope.

Errors (bad spec, unreadable input, corrupt archive) are InputErrors: one line on stderr, exit code 2.
"""

from __future__ import annotations

import argparse
import cmath
import json
import math
import pathlib
import sys
from typing import Any

import numpy as np

from simulator.archives import Archive, EntryKind, IrpaWriter, open_archive, parse_dtype, split_scope_spec
from simulator.errors import InputError

GLOBAL_SCOPE_LABEL = "<global>"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "params",
        help="inspect and create parameter archives (.irpa, .safetensors, .gguf)",
        description="Inspect and create parameter archives (.irpa, .safetensors, .gguf).",
    )
    actions = parser.add_subparsers(dest="params_command", metavar="ACTION")

    show = actions.add_parser("show", help="list an archive's parameters, sizes, offsets and totals")
    show.add_argument("files", nargs="+", metavar="[SCOPE=]FILE", help="archive to list, optionally scoped")
    show.add_argument("--scope", default=None, help="scope for files given without SCOPE= (default: global)")
    show.add_argument("--json", action="store_true", help="print JSON instead of a table")
    show.set_defaults(func=run_show)

    create = actions.add_parser(
        "create",
        help="write a new .irpa archive from .npy/.npz files, splats and reservations",
        epilog="SPEC is KEY=@file.npy, @file.npz or KEY=splat:VALUE:DTYPE:COUNT.",
    )
    create.add_argument("specs", nargs="*", metavar="SPEC", help="parameter to add (see below)")
    create.add_argument("-o", "--output", required=True, help="output .irpa file")
    create.add_argument("--scope", default=None, help="scope the archive is meant for (shown in the summary)")
    create.add_argument(
        "--splat", action="append", default=[], metavar="KEY=SHAPExTYPE=VALUE", help="splat entry"
    )
    create.add_argument(
        "--data", action="append", default=[], metavar="KEY=SHAPExTYPE[=VALUE]", help="filled data entry"
    )
    create.add_argument("--alignment", type=int, default=64, help="storage alignment in bytes (default 64)")
    create.add_argument("--quiet", action="store_true", help="print nothing on success")
    create.add_argument("--json", action="store_true", help="print the summary as JSON")
    create.set_defaults(func=run_create)

    parser.set_defaults(func=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


# -- show ------------------------------------------------------------------------------------------


def archive_summary(archive: Archive, scope: str) -> dict[str, Any]:
    """A JSON-ready description of an archive: its entries and totals."""
    entries = []
    for e in archive.entries:
        item: dict[str, Any] = {"key": e.key, "kind": e.kind.value, "size_bytes": e.size_bytes}
        if e.offset_bytes is not None:
            item["offset_bytes"] = e.offset_bytes
            item["end_bytes"] = e.end_bytes
        if e.splat_pattern is not None:
            item["splat_pattern"] = e.splat_pattern.hex()
        if e.dtype is not None:
            item["dtype"] = e.dtype
        if e.shape is not None:
            item["shape"] = list(e.shape)
        if e.metadata:
            try:
                item["metadata"] = e.metadata.decode("utf-8")
            except UnicodeDecodeError:
                item["metadata_hex"] = e.metadata.hex()
        entries.append(item)
    by_kind = {kind.value: 0 for kind in EntryKind}
    for e in archive.entries:
        by_kind[e.kind.value] += e.size_bytes
    return {
        "path": str(archive.path) if archive.path else None,
        "format": archive.format,
        "scope": scope,
        "file_size_bytes": archive.file_size_bytes,
        "metadata": dict(archive.metadata),
        "entries": entries,
        "entry_count": len(entries),
        "skipped_entries": list(archive.skipped),
        "total_bytes": archive.total_bytes,
        "data_bytes": by_kind["data"],
        "splat_bytes": by_kind["splat"],
        "virtual_bytes": by_kind["virtual"],
    }


def _format_table(summary: dict[str, Any]) -> str:
    scope = summary["scope"] or GLOBAL_SCOPE_LABEL
    lines = [
        f"{summary['path']} ({summary['format']}, {summary['file_size_bytes']} bytes), scope {scope}: "
        f"{summary['entry_count']} parameters"
    ]
    rows = [("KEY", "KIND", "START", "END", "SIZE_BYTES", "TYPE")]
    for e in summary["entries"]:
        if e["kind"] == "splat":
            start, end = "-", "-"
            # IREE's docs write splat patterns as little-endian integers.
            what = "pattern 0x" + bytes.fromhex(e["splat_pattern"])[::-1].hex()
        else:
            start, end = str(e.get("offset_bytes", "-")), str(e.get("end_bytes", "-"))
            what = ""
        if "dtype" in e:
            what = f"{e['dtype']}{e.get('shape', '')}"
        key = e["key"] if e["key"].isprintable() and e["key"] else repr(e["key"])
        rows.append((key, e["kind"], start, end, str(e["size_bytes"]), what))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        cells = [r[0].ljust(widths[0]), r[1].ljust(widths[1])]
        cells += [r[i].rjust(widths[i]) for i in (2, 3, 4)]
        lines.append(("  " + "  ".join(cells) + "  " + r[5]).rstrip())
    lines.append(
        f"total: {summary['total_bytes']} bytes ({summary['data_bytes']} data, {summary['splat_bytes']} "
        f"splat, {summary['virtual_bytes']} virtual)"
    )
    skipped = summary.get("skipped_entries") or []
    if skipped:
        names = ", ".join(repr(k) for k in skipped)
        lines.append(
            f"note: {len(skipped)} entr{'y' if len(skipped) == 1 else 'ies'} of type skip ignored, as IREE's "
            f"runtime ignores them: {names}"
        )
    return "\n".join(lines)


def run_show(args: argparse.Namespace) -> int:
    summaries = []
    for spec in args.files:
        scope, path = split_scope_spec(spec, default_scope=args.scope or "")
        summaries.append(archive_summary(open_archive(path), scope))
    if args.json:
        total = sum(s["total_bytes"] for s in summaries)
        print(json.dumps({"archives": summaries, "total_bytes": total}, indent=2))
    else:
        print("\n\n".join(_format_table(s) for s in summaries))
        if len(summaries) > 1:
            print(f"\nall archives: {sum(s['total_bytes'] for s in summaries)} bytes")
    return 0


# -- create ----------------------------------------------------------------------------------------


def _element_pattern(value: str, dtype: np.dtype, spec: str) -> bytes:
    try:
        if dtype.kind in "iu":
            scalar = np.array(int(value, 0)).astype(dtype)
            if int(scalar) != int(value, 0):
                raise ValueError(f"{value} does not fit in {dtype}")
        elif dtype.kind == "b":
            scalar = np.array(value.lower() in ("1", "true"), dtype=dtype)
        else:
            number = float(value)
            with np.errstate(over="ignore"):
                scalar = np.array(number).astype(dtype)
            # Past the largest finite value a type rounds to inf, or to NaN where it has no inf (fp8 FN
            # formats); only a value written as inf or nan may become one.
            landed = complex(scalar.item()) if dtype.kind == "c" else float(scalar.astype(np.float64))
            special = value.strip().lstrip("+-").lower() in ("inf", "infinity", "nan")
            if not special and not cmath.isfinite(landed):
                raise ValueError(f"{value} overflows {dtype} (largest finite {float(_finfo_max(dtype)):g})")
    except (ValueError, OverflowError) as exc:
        raise InputError(f"parameter spec {spec!r}: bad value {value!r} for {dtype}: {exc}") from None
    return scalar.tobytes()


def _finfo_max(dtype: np.dtype) -> float:
    try:
        return float(np.finfo(dtype).max)
    except (TypeError, ValueError):  # ml_dtypes' fp8 formats: their own finfo
        import ml_dtypes

        return float(ml_dtypes.finfo(dtype).max)  # type: ignore[no-untyped-call]


def _parse_shape_type(text: str, spec: str) -> tuple[int, np.dtype]:
    """``2x4096xf16`` -> (8192 elements, float16)."""
    *dims, type_name = text.split("x")
    try:
        count = math.prod(int(d) for d in dims)
    except ValueError:
        raise InputError(f"parameter spec {spec!r}: shape {text!r} is not DIMxDIMx...xTYPE") from None
    if count < 0:
        raise InputError(f"parameter spec {spec!r}: negative dimension in {text!r}")
    return count, parse_dtype(type_name)


def _add_iree_style(writer: IrpaWriter, spec: str, *, splat: bool) -> None:
    key, sep, rest = spec.partition("=")
    shape_type, _, value = rest.partition("=")
    if not key or not sep or not shape_type or (splat and not value):
        form = "KEY=SHAPExTYPE=VALUE" if splat else "KEY=SHAPExTYPE[=VALUE]"
        raise InputError(f"parameter spec {spec!r}: expected {form}")
    count, dtype = _parse_shape_type(shape_type, spec)
    size_bytes = count * dtype.itemsize
    if splat:
        writer.add_splat(key, _element_pattern(value, dtype, spec), size_bytes)
    elif value:
        writer.add_filled(key, size_bytes, _element_pattern(value, dtype, spec))
    else:
        writer.add_filled(key, size_bytes)


def _load_file(path: pathlib.Path, spec: str) -> np.ndarray:
    if not path.is_file():
        raise InputError(f"parameter spec {spec!r}: no such file {path}")
    try:
        if path.suffix == ".npy":
            # Memory-mapped, so large arrays stream from disk into the archive.
            return np.load(path, mmap_mode="r", allow_pickle=False)
        return np.memmap(path, dtype=np.uint8, mode="r") if path.stat().st_size else np.zeros(0, np.uint8)
    except (ValueError, OSError) as exc:
        raise InputError(f"parameter spec {spec!r}: cannot read {path}: {exc}") from None


def _add_spec(writer: IrpaWriter, spec: str) -> None:
    if spec.startswith("@"):
        path = pathlib.Path(spec[1:])
        if path.suffix != ".npz":
            raise InputError(f"parameter spec {spec!r}: only .npz files may omit KEY= (use KEY=@{path})")
        try:
            with np.load(path, allow_pickle=False) as npz:
                for name in npz.files:
                    writer.add_data(name, npz[name])
        except FileNotFoundError:
            raise InputError(f"parameter spec {spec!r}: no such file {path}") from None
        except (ValueError, OSError) as exc:
            raise InputError(f"parameter spec {spec!r}: cannot read {path}: {exc}") from None
        return
    key, sep, source = spec.partition("=")
    if not key or not sep:
        raise InputError(
            f"parameter spec {spec!r}: expected KEY=@file.npy, @file.npz or KEY=splat:VALUE:DTYPE:COUNT"
        )
    if source.startswith("@"):
        writer.add_data(key, _load_file(pathlib.Path(source[1:]), spec))
    elif source.startswith("splat:"):
        parts = source.split(":")
        if len(parts) != 4:
            raise InputError(f"parameter spec {spec!r}: expected KEY=splat:VALUE:DTYPE:COUNT")
        _, value, type_name, count_text = parts
        dtype = parse_dtype(type_name)
        try:
            count = int(count_text)
        except ValueError:
            raise InputError(f"parameter spec {spec!r}: COUNT {count_text!r} is not an integer") from None
        if count < 0:
            raise InputError(f"parameter spec {spec!r}: negative COUNT {count}")
        writer.add_splat(key, _element_pattern(value, dtype, spec), count * dtype.itemsize)
    else:
        raise InputError(f"parameter spec {spec!r}: the value must be @FILE or splat:VALUE:DTYPE:COUNT")


def run_create(args: argparse.Namespace) -> int:
    output = pathlib.Path(args.output)
    if output.suffix != ".irpa":
        raise InputError(f"output {output}: params create writes .irpa archives; use a .irpa suffix")
    writer = IrpaWriter(alignment_bytes=args.alignment)
    for spec in args.specs:
        _add_spec(writer, spec)
    for spec in args.splat:
        _add_iree_style(writer, spec, splat=True)
    for spec in args.data:
        _add_iree_style(writer, spec, splat=False)
    archive = writer.write(output)
    summary = archive_summary(archive, args.scope or "")
    if args.json:
        print(json.dumps(summary, indent=2))
    elif not args.quiet:
        print(_format_table(summary))
        scope = f"{args.scope}=" if args.scope else ""
        print(f"load with: --parameters={scope}{output}")
    return 0
