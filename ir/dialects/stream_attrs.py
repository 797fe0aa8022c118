"""Structured attributes of the stream dialect.

``#stream.resource_config<{...}>``, ``#stream.partitioning_config<...>`` and ``#stream.collective<...>`` are
read into typed fields. Each keeps the text of its body as it was read and prints it back unchanged, so a
module round-trips even where IREE's own spelling varies (``memory_model = discrete`` is read,
``memory_model = Discrete`` is printed by IREE 3.13). ``#stream.partitioning_config`` is the exception: IREE
prints ``<favor-min-peak-memory>`` but reads only ``<"min-peak-memory">``, so it always prints the latter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ir.attributes import Attribute, register_dialect_attr
from ir.enums import CollectiveElementType, CollectiveKind, CollectiveReductionOp, Favor, MemoryModel
from ir.errors import IRError
from ir.lexer import int_literal

# Keys of #stream.resource_config (snake_case as IREE spells them) and how each value is read.
RESOURCE_CONFIG_KEYS = {
    "max_allocation_size": int,
    "min_buffer_offset_alignment": int,
    "max_buffer_range": int,
    "min_buffer_range_alignment": int,
    "index_bits": int,
    "alias_mutable_bindings": bool,
    "memory_model": MemoryModel,
}


def _rest_of_body(p) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    """The body text from the parser's position to the end (its sub-parser stops before ``>``)."""
    start = p.pos
    p.pos = len(p.text)
    return p.text[start:].strip(), start


@dataclass(frozen=True)
class ResourceConfigAttr(Attribute):
    """``#stream.resource_config<{max_allocation_size = 1024, ...}>``: storage limits of a target."""

    max_allocation_size: int | None = None
    min_buffer_offset_alignment: int | None = None
    max_buffer_range: int | None = None
    min_buffer_range_alignment: int | None = None
    index_bits: int | None = None
    alias_mutable_bindings: bool | None = None
    memory_model: MemoryModel | None = None
    text: str | None = field(default=None, compare=False)  # the body as read

    def __str__(self) -> str:
        if self.text is not None:
            return f"#stream.resource_config<{self.text}>"
        entries = []
        for key in RESOURCE_CONFIG_KEYS:
            value = getattr(self, key)
            if value is None:
                continue
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            entries.append(f"{key} = {shown}")
        return "#stream.resource_config<{" + ", ".join(entries) + "}>"


@register_dialect_attr("stream.resource_config")
def _parse_resource_config(p, type) -> Attribute:  # type: ignore[no-untyped-def]
    body, start = _rest_of_body(p)
    m = re.fullmatch(r"\{(.*)\}", body, re.S)
    if m is None:
        raise p.error(
            f"#stream.resource_config expects a {{key = value, ...}} dictionary, found {body!r}", start
        )
    values: dict[str, object] = {}
    for entry in filter(None, (e.strip() for e in m.group(1).split(","))):
        key, sep, raw = (s.strip() for s in entry.partition("="))
        kind = RESOURCE_CONFIG_KEYS.get(key)
        if not sep or kind is None:
            raise p.error(
                f"#stream.resource_config: unknown entry {entry!r}; keys are {', '.join(RESOURCE_CONFIG_KEYS)}",
                start,
            )
        raw = raw.strip('"')
        try:
            if kind is bool:
                values[key] = raw in ("true", "1")
            elif kind is int:
                values[key] = int_literal(raw)
            else:
                values[key] = MemoryModel.parse(raw)
        except (ValueError, IRError) as e:
            raise p.error(f"#stream.resource_config: bad value for {key}: {raw!r} ({e})", start) from None
    return ResourceConfigAttr(**values, text=body)  # type: ignore[arg-type]


@dataclass(frozen=True)
class PartitioningConfigAttr(Attribute):
    """``#stream.partitioning_config<"min-peak-memory">``: what partitioning favors."""

    favor: Favor
    text: str | None = field(default=None, compare=False)

    def __str__(self) -> str:
        # Always the quoted form IREE's parser reads: IREE 3.13 prints ``<favor-min-peak-memory>``,
        # which its own parser rejects ("expected string"), so the text as read is not kept.
        return f'#stream.partitioning_config<"{self.favor.value}">'


@register_dialect_attr("stream.partitioning_config")
def _parse_partitioning_config(p, type) -> Attribute:  # type: ignore[no-untyped-def]
    body, start = _rest_of_body(p)
    word = body.strip('"')
    word = word.removeprefix("favor-")
    try:
        return PartitioningConfigAttr(Favor.parse(word), text=body)  # type: ignore[arg-type]
    except IRError as e:
        raise p.error(f"#stream.partitioning_config: {e.message}", start) from None


_COLLECTIVE = re.compile(r"(\w+)(?:\s+with\s+(\w+))?\s*:\s*(\w+)\Z")


@dataclass(frozen=True)
class CollectiveAttr(Attribute):
    """``#stream.collective<all_reduce with sum : f32>``: a collective's kind, reduction and element type."""

    kind: CollectiveKind
    reduction: CollectiveReductionOp | None
    element_type: CollectiveElementType

    def __str__(self) -> str:
        red = f" with {self.reduction.value}" if self.reduction is not None else ""
        return f"#stream.collective<{self.kind.value}{red} : {self.element_type.value}>"

    @classmethod
    def from_body(cls, body: str) -> CollectiveAttr:
        """The attribute of ``<kind> [with <reduction>] : <element type>`` (the text inside the angle
        brackets, which ``#hal.collective<...>`` spells the same way); raises IRError naming what is wrong."""
        m = _COLLECTIVE.match(body.strip())
        if m is None:
            raise IRError(f"expected '<kind> [with <reduction>] : <element type>', found {body!r}")
        kind = CollectiveKind.parse(m.group(1))
        reduction = CollectiveReductionOp.parse(m.group(2)) if m.group(2) else None
        element_type = CollectiveElementType.parse(m.group(3))
        return cls(kind, reduction, element_type)  # type: ignore[arg-type]


@register_dialect_attr("stream.collective")
def _parse_collective(p, type) -> Attribute:  # type: ignore[no-untyped-def]
    body, start = _rest_of_body(p)
    try:
        return CollectiveAttr.from_body(body)
    except IRError as e:
        raise p.error(f"#stream.collective: {e.message}", start) from None
