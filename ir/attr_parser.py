"""Parsing attributes and types (the builtin ones, structured dialect ones, and the rest kept as text).

:class:`AttrTypeParser` extends the lexer with attribute and type aliases and a cache of parsed types
(types repeat a lot in real modules). The op-level parser in :mod:`ir.parser` builds on it.
"""

from __future__ import annotations

import re
from typing import TypeVar

from ir import attributes as A
from ir import types as T
from ir.affine import parse_affine_map
from ir.dense_literal import DENSE_TOKEN, DenseLiteralError, float_element
from ir.errors import IRError, ParseError
from ir.lexer import _BARE_ID, _INT, Lexer, _unescape
from ir.text_bodies import check_composite, check_text_body

#: an element of a run (_take_run): an attribute or a type
_E = TypeVar("_E", A.Attribute, T.Type)

_ALIAS_ID = re.compile(r"[#!]([A-Za-z_][A-Za-z0-9_$.\-]*)")
# MLIR's lexer: a float literal has its dot (``1e5`` is the integer 1, then the identifier ``e5``).
_FLOAT = re.compile(r"-?\d+\.\d*(?:[eE][-+]?\d+)?")
_SYMBOL = re.compile(r'@(?:([A-Za-z_$.][A-Za-z0-9_$.\-]*)|"((?:[^"\\]|\\.)*)")')
# An attribute name and its `=` as MLIR prints them (a bare name: a quoted one takes the general path).
_DICT_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_$.]*) = ")
_INT_TYPE = re.compile(r"(s|u)?i(\d+)\b")
# A candidate extent of a type, used only as a cache key: nested <> up to three levels.
_TYPE_KEY = re.compile(r"[!A-Za-z_][A-Za-z0-9_.]*(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?")
# A cacheable type (after at most one space) followed by the separator of a type list (", ") or its end (")").
_TYPE_ITEM = re.compile(" ?(" + _TYPE_KEY.pattern + r")(, |\))")
# The text of an integer attribute with a plain builtin type, whole (no longer identifier, no `<`, `.` or
# `$` after it): the key of AttrTypeParser's cache of number attributes.
_NUMBER_KEY = re.compile(r"-?(?:0x[0-9A-Fa-f]+|\d+) : [A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_$.<])")
_DIMS = re.compile(r"((?:(?:\d+|\?)x)*)")
# The body of ``array<T: ...>`` after its element type when it is decimal integers (no leading zeros, which
# the general path reads as Python literals would): ``: 0, 2, 2, 1>``.
_DENSE_INTS = re.compile(r"[ \t\n]*:[ \t\n]*(-?(?:0|[1-9]\d*)(?:[ \t\n]*,[ \t\n]*-?(?:0|[1-9]\d*))*)[ \t\n]*>")
# The digits of a dense literal's hex blob ("0x" and pairs of them; a plain run is 30x faster to match).
_HEX_DIGITS = re.compile(r"[0-9A-Fa-f]*")
# Builtin types kept whole as text.
_OPAQUE_BUILTIN_TYPES = frozenset({"memref", "opaque", "unranked"})


class AttrTypeParser(Lexer):
    """Attributes and types, with the aliases defined so far."""

    def __init__(self, text: str, filename: str = "<string>") -> None:
        super().__init__(text, filename)
        self.attr_aliases: dict[str, A.Attribute] = {}
        self.type_aliases: dict[str, T.Type] = {}
        self._type_cache: dict[str, T.Type] = {}
        self._number_cache: dict[str, A.Attribute] = {}
        # Per type text, the pattern of a run of copies of it each followed by ", " (see _parse_type_list).
        self._type_runs: dict[str, re.Pattern[str]] = {}
        self._number_runs: dict[str, re.Pattern[str]] = {}  # the same for array elements (_number_run)

    # --- attributes ------------------------------------------------------------------------------------

    def _parse_dict_body(self, close: str) -> dict[str, A.Attribute]:
        entries: dict[str, A.Attribute] = {}
        if self.accept(close):
            return entries
        text = self.text
        while True:
            self.skip()
            kpos = self.pos
            # The common case, `name = ` as MLIR prints it, in one regex (the general path reads the same).
            fast = _DICT_KEY.match(text, kpos)
            if fast is not None:
                key = fast.group(1)
                if key in entries:
                    raise self.error(f"attribute '{key}' given twice", kpos)
                self.pos = fast.end()
                entries[key] = self.parse_attribute()
            else:
                if text.startswith('"', kpos):
                    key = self.parse_string()
                else:
                    m = self.match(_BARE_ID)
                    if not m:
                        raise self.wrong_token_error(f"expected an attribute name, found {self._found()}")
                    key = m.group(0)
                if key in entries:
                    raise self.error(f"attribute '{key}' given twice", kpos)
                entries[key] = self.parse_attribute() if self.accept("=") else A.UnitAttr()
            if text.startswith(", ", self.pos):  # the separator as MLIR prints it (then never `close`)
                self.pos += 2
                continue
            if self.accept(close):
                return entries
            self.expect(",", "between attributes")

    def parse_attribute(self) -> A.Attribute:
        self.skip()
        text, pos = self.text, self.pos
        c = text[pos : pos + 1]
        if c == "#":
            return self._parse_hash_attribute()
        if c == '"':
            s = self.parse_string()
            if self.accept(":"):
                return A.DictAttr((("value", A.StringAttr(s)), ("type", A.TypeAttr(self.parse_type()))))
            return A.StringAttr(s)
        if c == "@":
            return self._parse_symbol_ref()
        if c == "[":
            self.pos += 1
            elems: list[A.Attribute] = []
            if not self.accept("]"):
                while True:
                    self.skip()
                    start = self.pos
                    elem = self.parse_attribute()
                    elems.append(elem)
                    if text[start] in "-0123456789" and text.startswith(", ", self.pos):
                        self._number_run(elems, start)
                    if self.accept("]"):
                        break
                    self.expect(",", "between array elements")
            return A.ArrayAttr(tuple(elems))
        if c == "{":
            self.pos += 1
            return A.DictAttr(tuple(self._parse_dict_body("}").items()))
        if c == "-" or c.isdigit():
            return self._parse_number_attribute()
        m = _BARE_ID.match(text, pos)
        if m:
            word = m.group(0)
            if word in ("true", "false"):
                self.pos = m.end()
                return A.BoolAttr(word == "true")
            if word == "unit":
                self.pos = m.end()
                return A.UnitAttr()
            if word == "array" and text.startswith("<", m.end()):
                self.pos = m.end() + 1
                return self._parse_dense_array()
            if word == "dense" and text.startswith("<", m.end()):
                self.pos = m.end() + 1
                body_pos = self.pos
                self.skip()
                if text.startswith("->", self.pos):  # not an element; the scan for '>' would take it as one arrow
                    raise self.error("expected element literal of primitive type", self.pos)
                self.pos = body_pos
                body = self.balanced("<", ">")
                self.expect(":", "after dense<...>")
                dense = A.DenseElementsAttr(body, self.parse_type())
                self._check_dense_literal(dense, pos, body_pos)
                return dense
            if word == "affine_map" and text.startswith("<", m.end()):
                self.pos = m.end() + 1
                bpos = self.pos
                body = self.balanced("<", ">")
                try:
                    return A.AffineMapAttr(parse_affine_map(body))
                except ParseError as exc:
                    raise self.error(exc.message, bpos) from None
            if word in (
                "affine_set",
                "dense_resource",
                "sparse",
                "strided",
                "distinct",
                "loc",
                "opaque",
            ) and (
                text.startswith("<", m.end())
                or text.startswith("(", m.end())
                or text.startswith("[", m.end())
            ):
                self.pos = m.end()
                start = pos
                while self.pos < len(text) and text[self.pos] in "<([":
                    opener = text[self.pos]
                    self.pos += 1
                    self.balanced(opener, {"<": ">", "(": ")", "[": "]"}[opener])
                raw = text[start : self.pos]
                if self.peek(":") and word in ("dense_resource", "sparse", "opaque"):
                    self.expect(":")
                    raw += " : " + str(self.parse_type())
                return A.OpaqueAttr(raw)
        if c in "!(" or m:
            return A.TypeAttr(self.parse_type())
        raise self.wrong_token_error(f"expected an attribute, found {self._found()}")

    def _check_dense_literal(self, dense: A.DenseElementsAttr, keyword_pos: int, body_pos: int) -> None:
        """Read a dense literal of numbers now, as MLIR's parser does, so that a malformed element, one out
        of its type's range, a float among integers or a shape that is not the type's is an error where
        MLIR reports it (the element, or the ``dense`` keyword for the shape) rather than when the value is
        first used (a hex blob ``"0x..."`` has its digits and size checked, its values read when used)."""
        t = dense.type
        if not isinstance(t, T.TensorType | T.VectorType) or t.shape is None or T.DYNAMIC in t.shape:
            return
        if not isinstance(t.element_type, T.IntegerType | T.IndexType | T.FloatType | T.ComplexType):
            return
        body = dense.body.strip()
        if body.startswith('"'):
            self._check_dense_hex(body, t, keyword_pos, body_pos + dense.body.index('"'))
            return
        try:
            dense.to_numpy()
        except DenseLiteralError as exc:
            where = keyword_pos if exc.offset is None else body_pos + exc.offset
            raise self.error(exc.message, where) from None
        except IRError:
            pass  # valid, but numpy holds no such elements (complex<i8>): an error where the values are used

    def _check_dense_hex(self, body: str, t: T.TensorType | T.VectorType, keyword_pos: int, string_pos: int) -> None:
        """A hex blob ``"0x..."``: hex digits in pairs, as many bytes as the elements take (``i1`` takes a
        byte, ``iN`` whole bytes, ``index`` 8, a complex twice its part) or one element's (a splat)."""
        if not body.startswith('"0x') or len(body) % 2 or _HEX_DIGITS.fullmatch(body, 3, len(body) - 1) is None:
            raise self.error("expected string containing hex digits starting with `0x`", string_pos)
        et = t.element_type
        part = et.element_type if isinstance(et, T.ComplexType) else et
        bits = 64 if isinstance(part, T.IndexType) else getattr(part, "width", None)
        if not isinstance(bits, int):
            return
        size = (bits + 7) // 8 * (2 if isinstance(et, T.ComplexType) else 1)
        count = 1
        for d in t.shape or ():
            count *= d
        got = (len(body) - 4) // 2
        if got != size * count and got != size:
            raise self.error(f"elements hex data size is invalid for provided type: '{t}'", keyword_pos)

    def _number_run(self, elems: list[A.Attribute], start: int) -> None:
        """After an array element read from the number cache by its whole text (``-1 : index``), the copies
        of that text that follow it, each after ``", "``, appended as that element, by one regex match: each
        copy would be read as the same cached element by the same match of :data:`_NUMBER_KEY` (the
        pattern ends with its lookahead). An execute's tied_operands list one per operand."""
        text = self.text
        key = text[start : self.pos]
        if self._number_cache.get(key) is not elems[-1]:
            return
        self._take_run(self._number_runs, key, "(?:, {}(?![A-Za-z0-9_$.<]))*", elems, elems[-1])

    def _take_run(self, runs: dict[str, re.Pattern[str]], key: str, template: str, out: list[_E], item: _E) -> None:
        """Append ``item`` to ``out`` once for each copy of ``key`` (with its ``", "``) at the current position,
        and move past them: one match of ``template`` with ``key`` escaped in it, compiled once per key into
        ``runs``. (_number_run's and _parse_type_list's runs.)"""
        run = runs.get(key)
        if run is None:
            run = runs[key] = re.compile(template.format(re.escape(key)))
        end = run.match(self.text, self.pos).end()  # type: ignore[union-attr]
        out.extend([item] * ((end - self.pos) // (len(key) + 2)))
        self.pos = end

    def _parse_number_attribute(self) -> A.Attribute:
        # An integer with a plain builtin type as MLIR prints it (`-1 : index`, `0 : i64`) repeats by the
        # thousand (an execute's tied_operands lists one per operand): parsed once per text.
        key = _NUMBER_KEY.match(self.text, self.pos)
        if key is not None:
            found = self._number_cache.get(key.group())
            if found is not None:
                self.pos = key.end()
                return found
        attr = self._parse_number_uncached()
        if key is not None and self.pos == key.end():
            self._number_cache[key.group()] = attr
        return attr

    def _parse_number_uncached(self) -> A.Attribute:
        pos = self.pos
        fm = _FLOAT.match(self.text, pos)
        if fm:
            self.pos = fm.end()
            literal = fm.group(0)
            t: T.Type = T.f64
            if self.accept(":"):
                t = self.parse_type()
            if not isinstance(t, T.FloatType):
                raise self.error(f"float literal {literal} needs a float type, got {t}", pos)
            return A.FloatAttr(float(literal), t)
        im = _INT.match(self.text, pos)
        if not im:
            raise self.error(f"expected a number, found {self._found()}")
        self.pos = im.end()
        literal = im.group(0)
        t = T.i64
        if self.accept(":"):
            t = self.parse_type()
        try:
            if isinstance(t, T.FloatType):
                if "x" in literal:
                    return A.FloatAttr(A.float_from_hex_literal(literal, t), t, text=literal)
                return A.FloatAttr(float(literal), t)
            if not isinstance(t, T.IntegerType | T.IndexType):
                raise self.error(
                    f"integer literal {literal} needs an integer, index or float type, got {t}", pos
                )
            return A.IntegerAttr(A.integer_literal_value(literal, t), t)
        except IRError as exc:
            raise self.error(exc.message, pos) from None

    def _parse_dense_array(self) -> A.Attribute:
        """``array<T: ...>`` as MLIR's dense array parser reads it: ``T`` an integer or float type of whole
        bytes (or ``i1``), integers that fit ``T`` (``true``/``false`` for ``i1`` alone), floats with their
        dot or hex bit patterns for float types; errors at MLIR's columns."""
        self.skip()
        type_pos = self.pos
        et = self.parse_type()
        if not isinstance(et, T.IntegerType | T.FloatType):
            raise self.error(f"expected integer or float type, got: {et}", type_pos)
        if not (isinstance(et, T.IntegerType) and et.width == 1) and et.width % 8:
            raise self.error("element type bitwidth must be a multiple of 8", type_pos)
        fast = _DENSE_INTS.match(self.text, self.pos)
        if fast and isinstance(et, T.IntegerType) and et.width > 1:
            # The common case (operand segment sizes): decimal integers in the signed range, in one match.
            ints = tuple(int(v) for v in fast.group(1).split(","))
            bound = 1 << (et.width - 1)
            low, high = (0, 2 * bound - 1) if et.signedness == "u" else (-bound, bound - 1)
            if low <= min(ints) and max(ints) <= high and "-0" not in fast.group(1).replace(" ", ""):
                self.pos = fast.end()
                return A.DenseArrayAttr(et, ints)
        if self.accept(">"):
            return A.DenseArrayAttr(et, ())
        self.expect(":", "after the element type of array<...>")
        values: list[int | float] = []
        text = self.text
        while True:
            negative = self.accept("-")
            self.skip()
            m = DENSE_TOKEN.match(text, self.pos)
            kind = m.lastgroup if m else None
            word = m.group(kind) if m and kind else ""
            at = m.start(kind) if m and kind else self.pos
            if isinstance(et, T.IntegerType):
                if kind == "word" and word in ("true", "false"):
                    if et.width != 1:
                        raise self.error("expected i1 type for 'true' or 'false' values", at)
                    values.append(int(word == "true"))
                    self.pos = m.end() if m else self.pos
                elif kind == "int":
                    self.pos = m.end() if m else self.pos
                    self.skip()
                    if et.width == 1:
                        raise self.error("expected 'true' or 'false' values for i1 type", self.pos)
                    try:
                        values.append(A.integer_literal_value(("-" if negative else "") + word, et))
                    except IRError as exc:
                        raise self.error(exc.message.replace(" for type", " for array element type"), self.pos) from None
                else:
                    raise self.error(f"expected integer literal, found {self._found()}", at)
            else:
                # The same element rules as a dense literal's float elements (MLIR's parseFloatFromLiteral).
                try:
                    values.append(float_element(negative, kind or "end", word, at, et))
                except DenseLiteralError as exc:
                    raise self.error(exc.message, at) from None
                self.pos = m.end() if m else self.pos
            if not self.accept(","):
                break
        self.expect(">", "to close array<...>")
        return A.DenseArrayAttr(et, tuple(values))

    def _parse_symbol_ref(self) -> A.SymbolRefAttr:
        names: list[str] = []
        while True:
            m = self.match(_SYMBOL)
            if not m:
                raise self.error(f"expected a symbol (@name), found {self._found()}")
            names.append(m.group(1) if m.group(1) is not None else _unescape(m.group(2)))
            if not (self.text.startswith("::@", self.pos) or self.text.startswith('::@"', self.pos)):
                break
            self.pos += 2
        return A.SymbolRefAttr(names[0], tuple(names[1:]))

    def _parse_hash_attribute(self) -> A.Attribute:
        m = _ALIAS_ID.match(self.text, self.pos)
        if not m:
            raise self.error(f"expected a dialect attribute or alias after '#', found {self._found()}")
        self.pos = m.end()
        name = m.group(1)
        has_body = self.text.startswith("<", self.pos)
        if "." not in name and not has_body:
            attr = self.attr_aliases.get(name)
            if attr is None:
                raise self.error(f"undefined attribute alias #{name}", m.end())  # after the name, as MLIR
            return attr
        body: str | None = None
        parser_fn = A.DIALECT_ATTR_PARSERS.get(name)
        body_pos = self.pos + 1
        if has_body:
            self.pos += 1
            body = self.balanced("<", ">")
        end = self.pos
        attr_type = None
        save = self.pos
        self.skip()
        if self.text.startswith(":", self.pos) and not self.text.startswith("::", self.pos):
            self.pos += 1
            attr_type = self.parse_type()
        else:
            self.pos = save
        if parser_fn is not None and body is not None:
            sub = self.body_parser(body_pos, end - 1)
            attr = parser_fn(sub, attr_type)
            sub.skip()
            if sub.pos != len(sub.text):
                raise sub.error(f"unexpected {sub._found()} in #{name}<...>")
            return attr
        if body is not None:
            check_text_body(self, body, body_pos)
            if name == "util.composite":
                check_composite(self.body_parser(body_pos, end - 1))
        return A.DialectAttr(name, body, attr_type)

    def body_parser(self, start: int, end: int) -> AttrTypeParser:
        """A parser over ``text[start:end]`` (a dialect attribute's body) with this parser's aliases and type
        cache, reporting this text's locations. Over the body alone: a copy of the text before it would make
        parsing quadratic."""
        sub = self.sub_lexer(start, end)
        assert isinstance(sub, AttrTypeParser)
        sub.attr_aliases, sub.type_aliases, sub._type_cache = self.attr_aliases, self.type_aliases, self._type_cache
        return sub

    # --- types ---------------------------------------------------------------------------------------

    def parse_type(self) -> T.Type:
        self.skip()
        pos = self.pos
        text = self.text
        if text.startswith("(", pos):
            return self._parse_function_type()
        m = _TYPE_KEY.match(text, pos)
        if m:
            cached = self._type_cache.get(m.group(0))
            if cached is not None:
                self.pos = m.end()
                return cached
        t = self._parse_type_uncached()
        self._type_cache[text[pos : self.pos]] = t
        return t

    def _parse_function_type(self) -> T.FunctionType:
        self.expect("(")
        inputs: list[T.Type] = []
        if not self.accept(")"):
            self._parse_type_list(inputs)
        self.expect("->", "in a function type")
        results: list[T.Type] = []
        if self.peek("(") and not self._paren_is_function_type():
            self.expect("(")
            if not self.accept(")"):
                self._parse_type_list(results)
        else:
            results.append(self.parse_type())
        return T.FunctionType(tuple(inputs), tuple(results))

    def _parse_type_list(self, out: list[T.Type]) -> None:
        """Types separated by commas, through the closing ``)``, appended to ``out``.

        A type already in the cache and followed by ``", "`` or ``")"`` is taken by one regex match and a
        lookup, as :meth:`parse_type` would take it (the same key, the same cached type); a signature of
        thousands of operands (an ``execute`` over every parameter) is mostly such types, and mostly runs
        of one type: the copies of a type's text and ``", "`` that follow it are counted by one regex match
        (each would be taken as that type again, by the same match of :data:`_TYPE_ITEM`). Anything else
        goes through :meth:`parse_type`."""
        text, cache, item = self.text, self._type_cache, _TYPE_ITEM.match
        while True:
            m = item(text, self.pos)
            if m is not None:
                key = m.group(1)
                cached = cache.get(key)
                if cached is not None:
                    out.append(cached)
                    self.pos = m.end()
                    if m.group(2) == ")":
                        return
                    if text.startswith(key, self.pos):
                        self._take_run(self._type_runs, key, "(?:{}, )*", out, cached)
                    continue
            out.append(self.parse_type())
            if self.accept(")"):
                return
            self.expect(",", "between types")

    def _paren_is_function_type(self) -> bool:
        # `-> (a) -> b` returns a function type; `-> (a, b)` is a result list.
        save = self.pos
        self.pos += 1
        self.balanced("(", ")")
        is_fn = self.peek("->")
        self.pos = save
        return is_fn

    def _parse_type_uncached(self) -> T.Type:
        pos = self.pos
        text = self.text
        if text.startswith("!", pos):
            return self._parse_bang_type()
        im = _INT_TYPE.match(text, pos)
        if im:
            self.pos = im.end()
            width = im.group(2)
            if len(width) > 8 or int(width) > A.MAX_INTEGER_WIDTH:
                raise self.error(f"integer bitwidth is limited to {A.MAX_INTEGER_WIDTH} bits", pos)
            return T.IntegerType(int(width), im.group(1) or "")
        m = _BARE_ID.match(text, pos)
        if not m:
            raise self.wrong_token_error(f"expected a type, found {self._found()}")
        word = m.group(0)
        self.pos = m.end()
        if word == "index":
            return T.index
        if word == "none":
            return T.NoneType()
        if word in T.FLOAT_WIDTHS:
            return T.FloatType(word)
        if word in ("tensor", "vector") and text.startswith("<", self.pos):
            self.pos += 1
            return self._parse_shaped(word, pos)
        if word in ("complex", "tuple") and text.startswith("<", self.pos):
            self.pos += 1
            if word == "complex":
                inner = self.parse_type()
                self.expect(">", "to close complex<...>")
                return T.ComplexType(inner)
            elems: list[T.Type] = []
            if not self.accept(">"):
                while True:
                    elems.append(self.parse_type())
                    if self.accept(">"):
                        break
                    self.expect(",", "between tuple element types")
            return T.TupleType(tuple(elems))
        if word not in _OPAQUE_BUILTIN_TYPES:
            raise self.error(f"unknown type '{word}'", pos)
        if text.startswith("<", self.pos):
            self.pos += 1
            self.balanced("<", ">")
        return T.OpaqueType(text[pos : self.pos])

    def _dimension(self, digits: str, pos: int) -> int:
        """A static dimension: at most 2^63 - 1 (MLIR keeps shapes as int64)."""
        if len(digits) > 19 or int(digits) > (1 << 63) - 1:
            raise self.error("invalid dimension", pos)
        return int(digits)

    def _parse_shaped(self, kind: str, start: int) -> T.Type:
        text = self.text
        if kind == "tensor" and text.startswith("*x", self.pos):
            self.pos += 2
            et = self.parse_type()
            self.expect(">", "to close tensor<*x...>")
            return T.TensorType(None, et)
        if kind == "vector":
            # Vectors may have scalable dims ([4]); read them structurally.
            dims: list[int] = []
            scal: list[bool] = []
            while True:
                self.skip()
                vm = re.compile(r"(\[?)(\d+)(\]?)x").match(text, self.pos)
                if not vm:
                    break
                dims.append(self._dimension(vm.group(2), vm.start(2)))
                scal.append(vm.group(1) == "[")
                self.pos = vm.end()
            et = self.parse_type()
            self.expect(">", "to close vector<...>")
            if 0 in dims:
                raise self.error("vector types must have positive constant sizes but got 0", start)
            return T.VectorType(tuple(dims), et, tuple(scal) if any(scal) else ())
        dm = _DIMS.match(text, self.pos)
        assert dm is not None
        shape = tuple(T.DYNAMIC if d == "?" else self._dimension(d, self.pos) for d in dm.group(1).split("x")[:-1])
        self.pos = dm.end()
        et = self.parse_type()
        encoding = None
        if self.accept(","):
            encoding = self.parse_attribute()
        self.expect(">", "to close tensor<...>")
        try:
            return T.TensorType(shape, et, encoding)
        except IRError as exc:
            raise self.error(exc.message, start) from None

    def _parse_bang_type(self) -> T.Type:
        start = self.pos
        m = _ALIAS_ID.match(self.text, self.pos)
        if not m:
            raise self.error(f"expected a dialect type or alias after '!', found {self._found()}")
        self.pos = m.end()
        name = m.group(1)
        has_body = self.text.startswith("<", self.pos)
        if "." not in name and not has_body:
            t = self.type_aliases.get(name)
            if t is None:
                raise self.error(f"undefined type alias !{name}", m.end())  # after the name, as MLIR
            return t
        body = None
        if has_body:
            self.pos += 1
            body = self.balanced("<", ">")
            check_text_body(self, body, start + len(name) + 2)
        try:
            if name == "stream.resource":
                return T.ResourceType((body or "*").strip())
            if (
                name in ("stream.timepoint", "stream.file", "stream.channel", "stream.binding")
                and body is None
            ):
                return {
                    "stream.timepoint": T.TimepointType,
                    "stream.file": T.FileType,
                    "stream.channel": T.ChannelType,
                    "stream.binding": T.BindingType,
                }[name]()
            if name.startswith("hal.") and body is None and name[4:] in T.HAL_TYPE_NAMES:
                return T.HalType(name[4:])
            if name == "iree_tensor_ext.dispatch.tensor" and body is not None and ":" in body:
                access, _, inner = body.partition(":")
                sub = type(self)(inner, self.filename)
                sub.type_aliases = self.type_aliases
                sub.attr_aliases = self.attr_aliases
                tensor = sub.parse_type()
                sub.skip()
                if isinstance(tensor, T.TensorType) and sub.pos == len(inner):
                    return T.DispatchTensorType(access.strip(), tensor)
        except IRError as exc:
            raise self.error(exc.message, start) from None
        return T.OpaqueType(self.text[start : self.pos])

