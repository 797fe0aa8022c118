"""The parser's cache of op tails that differ in one name (:class:`MaskedTails`).

An op's tail (properties, attributes, type, location) repeats between ops of a kind but for a name: a
global's ``sym_name``, a load's ``@global``, a parameter's key. :class:`ir.parser.Parser` keeps each tail it
parsed under its text with those names masked; an op whose tail differs from a kept one in one name, whose
place in the parse is known, reuses the kept parse with that one attribute rebuilt.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from ir import attributes as A
from ir import types as T

#: A tail parsed on its own: properties, attributes, type, location; None if it does not parse as one.
ParseTail = Callable[[str], tuple[dict[str, A.Attribute], dict[str, A.Attribute], T.Type, str | None] | None]

# The names in an op's tail that tell ops of one kind apart (a global's sym_name, a load's @global, a
# parameter's key): a string without escapes, or a bare symbol reference.
_MASKED = re.compile(r'"[^"\\\n]*"|@[A-Za-z_$.][A-Za-z0-9_$.\-]*')
_MASKED_PARTS = re.compile(f"({_MASKED.pattern})")
_MARK = "\x00"
#: Longer tails are left alone: a line of thousands of operands' types (an execute's yield, an await of
#: every parameter) never repeats but for a name, and masking it took a regex pass over all of it (three
#: tails of 1.5 MB in all at 10,000 dispatches, 29 ms under load).
MASKED_CHARS = 4096

#: Where a name of a kept tail goes: (0 for properties or 1 for attributes, the entry, the attribute's class,
#: the constructor's arguments before the name's value and after it, in the order of its fields).
Recipe = tuple[int, str, type, tuple[object, ...], tuple[object, ...]]

#: A kept tail's name an op may differ in, found without masking the op's tail: (the kept text before the
#: name, the text after it, the name, the kept tail, its recipe for the name).
Candidate = tuple[str, str, str, "_MaskedTail", Recipe]


class _MaskedTail:
    """A parsed op tail, kept under its text with every :data:`_MASKED` name replaced by a mark: an op whose
    tail differs from it in one name only, one it knows how to put in (``recipes``), reuses its parse.

    ``recipes`` (found when first needed) maps the index of a name to a :data:`Recipe` ``(dict, entry, class,
    before, after)``: the name is one string field of the attribute ``entry`` of the op's properties (``dict``
    0) or attributes (1), and nothing else; an op with another name there gets that attribute made again by
    its class with that field replaced (``before`` and ``after``: its other fields, as the kept attribute has
    them). It was checked on this tail: parsing it with another name of the same kind (a string, a symbol) in
    that place gives exactly that (see :meth:`MaskedTails._recipes`)."""

    __slots__ = ("attributes", "debug_loc", "fn", "names", "properties", "recipes", "tail", "type_offset")

    def __init__(
        self,
        tail: str,
        names: list[str],
        properties: dict[str, A.Attribute],
        attributes: dict[str, A.Attribute],
        fn: T.Type,
        debug_loc: str | None,
        type_offset: int,
    ) -> None:
        self.tail = tail
        self.names = names
        self.properties = properties
        self.attributes = attributes
        self.fn = fn
        self.debug_loc = debug_loc
        self.type_offset = type_offset
        # Found when a second tail of this masked text comes (most tails of a file never repeat).
        self.recipes: dict[int, Recipe] | None = None


_OTHER_STRING = '"streamsim.masked"'
_OTHER_SYMBOL = "@streamsim.masked"


def _name_value(name: str) -> str:
    """The value a :data:`_MASKED` name stands for: a string's text, a symbol's name."""
    return name[1:] if name.startswith("@") else name[1:-1]


class MaskedTails:
    """The kept tails of one parse, by masked text. It holds no reference to its parser (that would be a
    reference cycle, garbage for the collector after each parse): :meth:`hit` takes the parser's way to parse
    a tail on its own, used to find where a name goes the first time a second tail of a kind arrives."""

    def __init__(self) -> None:
        self._kept: dict[str, _MaskedTail] = {}
        # The names kept tails have recipes for, by the text before a tail's first name (see hit).
        self._candidates: dict[str, list[Candidate]] = {}

    @staticmethod
    def _mask(tail: str) -> tuple[str, list[str]] | None:
        """The tail with its names marked, and the names; None for a tail this cache leaves alone."""
        if len(tail) > MASKED_CHARS or "\\" in tail or _MARK in tail:
            return None
        parts = _MASKED_PARTS.split(tail)  # the text between the names, and the names: one regex pass
        if len(parts) == 1:
            return None
        return _MARK.join(parts[0::2]), parts[1::2]

    def hit(
        self, tail: str, parse_tail: ParseTail
    ) -> tuple[dict[str, A.Attribute], dict[str, A.Attribute], T.Type, str | None, int] | None:
        """The parse of ``tail`` from a cached tail that differs from it in one name it has a recipe for:
        (properties, attributes, type, location, the type's offset in ``tail``), as a tail cache entry, or
        None.

        Once a kept tail has its recipes, an op's tail is matched against them without masking it: a tail
        that is a kept tail's text before one of its names, a name of the same kind, and the kept text after
        that name, masks to the kept tail's masked text and differs from it in that name alone (a name is
        followed by neither a symbol's character nor a quote, so the names before and after it are read as
        in the kept tail). The candidates are found by the text before the tail's first name."""
        if not self._kept:
            return None
        candidates = self._candidates
        if candidates:
            quote, at = tail.find('"'), tail.find("@")
            first = quote if at < 0 or 0 <= quote < at else at
            if first >= 0:
                for before, after, old, kept, how in candidates.get(tail[:first], ()):
                    end = len(tail) - len(after)
                    if (
                        end > len(before)
                        and tail.startswith(before)
                        and tail.endswith(after)
                        and tail[len(before)] == old[0]
                    ):
                        new = tail[len(before) : end]
                        if new != old and _MASKED.fullmatch(new) and _MARK not in new:
                            return self._put(kept, how, new, old)
        masked = self._mask(tail)
        if masked is None:
            return None
        key, names = masked
        entry = self._kept.get(key)
        if entry is None:
            return None
        differ = -1
        for i, (a, b) in enumerate(zip(names, entry.names)):
            if a != b:
                if differ >= 0:
                    return None  # two names differ: parse it
                differ = i
        recipes = entry.recipes
        if recipes is None:
            recipes = entry.recipes = self._recipes(entry, parse_tail)
            self._add_candidates(entry, recipes)
        recipe = recipes.get(differ)
        if recipe is None:
            return None
        new, old = names[differ], entry.names[differ]
        if new[0] != old[0]:
            return None  # a symbol for a string or the reverse: the recipe was checked for its own kind
        return self._put(entry, recipe, new, old)

    @staticmethod
    def _put(
        entry: _MaskedTail, recipe: Recipe, new: str, old: str
    ) -> tuple[dict[str, A.Attribute], dict[str, A.Attribute], T.Type, str | None, int]:
        """``entry``'s parse with the name ``old`` replaced by ``new`` (of the same kind) as ``recipe`` says."""
        where, name, cls, before, after = recipe
        value = new[1:] if new[0] == "@" else new[1:-1]  # (_name_value)
        properties, attributes = entry.properties, entry.attributes
        target = dict(properties if where == 0 else attributes)
        target[name] = cls(*before, value, *after)  # (the kept attribute, that field replaced)
        if where == 0:
            properties = target
        else:
            attributes = target
        # The name comes before the type (a recipe's entry is in a dictionary the type follows).
        return properties, attributes, entry.fn, entry.debug_loc, entry.type_offset + len(new) - len(old)

    def _add_candidates(self, entry: _MaskedTail, recipes: dict[int, Recipe]) -> None:
        """Make ``entry``'s names that have a recipe findable by :meth:`hit` without masking a tail."""
        if not recipes:
            return
        tail = entry.tail
        spans = [m.span() for m in _MASKED.finditer(tail)]
        head = tail[: spans[0][0]]
        for i, recipe in recipes.items():
            start, end = spans[i]
            self._candidates.setdefault(head, []).append((tail[:start], tail[end:], tail[start:end], entry, recipe))

    def remember(
        self,
        tail: str,
        properties: dict[str, A.Attribute],
        attributes: dict[str, A.Attribute],
        fn: T.Type,
        debug_loc: str | None,
        type_offset: int,
    ) -> None:
        """Keep a tail just parsed (the whole rest of an op, no regions or successors) under its masked text,
        with the names it knows how to replace, if no tail of that masked text is kept yet."""
        masked = self._mask(tail)
        if masked is None:
            return
        key, names = masked
        if key in self._kept:
            return
        self._kept[key] = _MaskedTail(tail, names, properties, attributes, fn, debug_loc, type_offset)

    def _recipes(self, entry: _MaskedTail, parse_tail: ParseTail) -> dict[int, Recipe]:
        """For each name of a kept tail (before its type) that is the whole value of one string field of one
        attribute of the op and nothing else: where it goes. Found by parsing the tail with another name in
        its place, and kept only if that parse differs from this one in that field of that attribute alone."""
        tail, properties, attributes = entry.tail, entry.properties, entry.attributes
        fn, debug_loc, type_offset = entry.fn, entry.debug_loc, entry.type_offset
        recipes: dict[int, Recipe] = {}
        for i, m in enumerate(_MASKED.finditer(tail)):
            if m.end() > type_offset:
                break
            name = m.group(0)
            value = _name_value(name)
            other = _OTHER_SYMBOL if name.startswith("@") else _OTHER_STRING
            if name == other:
                continue
            parsed = parse_tail(tail[: m.start()] + other + tail[m.end() :])
            if parsed is None:
                continue
            props2, attrs2, fn2, loc2 = parsed
            if fn2 != fn or loc2 != debug_loc:
                continue
            changed = [
                (where, key)
                for where, (mine, theirs) in enumerate(((properties, props2), (attributes, attrs2)))
                for key in mine.keys() | theirs.keys()
                if mine.get(key) != theirs.get(key)
            ]
            if len(changed) != 1 or list(properties) != list(props2) or list(attributes) != list(attrs2):
                continue
            where, key = changed[0]
            attr = (properties, attributes)[where][key]
            if not dataclasses.is_dataclass(attr):
                continue
            fields = [
                f.name
                for f in dataclasses.fields(attr)
                if getattr(attr, f.name) == value and type(getattr(attr, f.name)) is str
            ]
            if len(fields) != 1:
                continue
            # As dataclasses.replace(attr, field=...) makes it, with the other fields found once: every other
            # field of __init__, as the kept attribute has it, passed by position.
            init = [f for f in dataclasses.fields(attr) if f.init]
            if any(f.kw_only for f in init) or fields[0] not in [f.name for f in init]:
                continue
            k = [f.name for f in init].index(fields[0])
            before = tuple(getattr(attr, f.name) for f in init[:k])
            after = tuple(getattr(attr, f.name) for f in init[k + 1 :])
            swapped = type(attr)(*before, _name_value(other), *after)
            if swapped == (props2, attrs2)[where][key] and type(swapped) is type(attr):
                recipes[i] = (where, key, type(attr), before, after)
        return recipes
