"""A small TOML writer for machine files (the standard library reads TOML but does not write it).

Handles what machine files hold: tables, arrays of tables, strings, booleans, integers, finite floats
and flat lists of those. Keys that are not bare (``matmul.i8``) are quoted. Output is deterministic:
keys in insertion order, scalars of a table before its sub-tables.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: str) -> str:
    return k if _BARE.match(k) else json.dumps(k)


def _value(v: Any, where: str) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"{where}: TOML has no {v!r} in machine files")
        text = repr(v)
        return text if any(c in text for c in ".en") else text + ".0"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list) and all(not isinstance(x, dict | list) for x in v):
        return "[" + ", ".join(_value(x, where) for x in v) + "]"
    raise ValueError(f"{where}: cannot write {type(v).__name__} {v!r:.60} as a TOML value")


def dumps(data: dict[str, Any]) -> str:
    """``data`` as TOML text.

    Examples
    --------
    >>> import tomllib
    >>> d = {"name": "m", "devices": [{"name": "d0", "dispatch_model": {"ns_per_flop": {"matmul.i8": 0.5}}}]}
    >>> tomllib.loads(dumps(d)) == d
    True
    """
    lines: list[str] = []
    _table(data, [], lines, array=False)
    return "\n".join(lines).lstrip("\n") + "\n"


def _table(table: dict[str, Any], path: list[str], lines: list[str], *, array: bool) -> None:
    if path:
        header = ".".join(_key(p) for p in path)
        lines += ["", f"[[{header}]]" if array else f"[{header}]"]
    subtables: list[tuple[str, Any, bool]] = []
    for k, v in table.items():
        if isinstance(v, dict):
            subtables.append((k, v, False))
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            subtables.append((k, v, True))
        else:
            lines.append(f"{_key(k)} = {_value(v, '.'.join([*path, k]))}")
    for k, v, is_array in subtables:
        if is_array:
            for item in v:
                _table(item, [*path, k], lines, array=True)
        else:
            _table(v, [*path, k], lines, array=False)
