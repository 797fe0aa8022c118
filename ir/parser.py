"""Parser of MLIR's generic operation form, as IREE prints it with ``--mlir-print-op-generic``.

Grammar covered: attribute and type aliases (``#map = affine_map<...>``, ``!t = ...``), operations
``%r:2 = "dialect.op"(%a, %b#1)[^succ] <{properties}> ({regions}) {attributes} : (types) -> types loc(...)``,
regions with labelled blocks and block arguments, forward references within a region, the builtin types
and attributes, structured dialect attributes (see :mod:`ir.attributes`) and any other dialect attribute
or type kept with its text. Value names are scoped per region; regions of ops that are isolated from above
(functions, modules, executables) do not see outer names.

Every error is a :class:`~ir.errors.ParseError` whose location is ``file:line:col``.
"""

from __future__ import annotations

import bisect
import re

from ir import attributes as A
from ir import types as T
from ir.affine import parse_affine_map
from ir.core import Block, Operation, Region, SourceLocation, Value
from ir.errors import IRError, ParseError
from ir.module import ISOLATED_GENERIC_OPS, Module
from ir.opdef import lookup_op_class

_WS = re.compile(r"(?:\s+|//[^\n]*)*")
_WS_START = frozenset(" \t\r\n/")
_VALUE_ID = re.compile(r"%([A-Za-z0-9_$.\-]+)")
_SUFFIX = re.compile(r"#(\d+)")
_OPERAND_REF = re.compile(r"%([A-Za-z0-9_$.\-]+)(?:#(\d+))?")
_OPERAND_LIST = re.compile(r"(?:%[A-Za-z0-9_$.\-]+(?:#\d+)?(?:, (?=%))?)*\)")
_BLOCK_ID = re.compile(r"\^([A-Za-z0-9_$.\-]+)")
_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_ALIAS_ID = re.compile(r"[#!]([A-Za-z_][A-Za-z0-9_$.\-]*)")
_INT = re.compile(r"-?(?:0x[0-9A-Fa-f]+|\d+)")
_FLOAT = re.compile(r"-?\d+\.\d*(?:[eE][-+]?\d+)?|-?\d+[eE][-+]?\d+")
_SYMBOL = re.compile(r'@(?:([A-Za-z_$.][A-Za-z0-9_$.\-]*)|"((?:[^"\\]|\\.)*)")')
_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_INT_TYPE = re.compile(r"(s|u)?i(\d+)\b")
# A candidate extent of a type, used only as a cache key: nested <> up to three levels.
_TYPE_KEY = re.compile(r"[!A-Za-z_][A-Za-z0-9_.]*(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?")
_DIMS = re.compile(r"((?:(?:\d+|\?)x)*)")


class _Scope:
    __slots__ = ("isolated", "pending", "values")

    def __init__(self, isolated: bool) -> None:
        self.values: dict[str, list[Value]] = {}
        # name -> list of (placeholder value, result index, position of first use)
        self.pending: dict[str, list[tuple[Value, int, int]]] = {}
        self.isolated = isolated


class Parser:
    """Recursive-descent parser over a string. Use :func:`parse_module`."""

    def __init__(self, text: str, filename: str = "<string>") -> None:
        self.text = text
        self.filename = filename
        self.pos = 0
        self._line_starts: list[int] | None = None
        self.attr_aliases: dict[str, A.Attribute] = {}
        self.type_aliases: dict[str, T.Type] = {}
        self._type_cache: dict[str, T.Type] = {}
        self._sig_cache: dict[str, T.Type] = {}
        self.scopes: list[_Scope] = []
        self.blocks: list[dict[str, Block]] = []

    # --- positions and errors ----------------------------------------------------------------------

    def location(self, pos: int | None = None) -> SourceLocation:
        pos = self.pos if pos is None else pos
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self._line_starts, pos)
        return SourceLocation(self.filename, line, pos - self._line_starts[line - 1] + 1)

    def error(self, message: str, pos: int | None = None) -> ParseError:
        return ParseError(message, location=self.location(pos))

    def _found(self) -> str:
        if self.pos >= len(self.text):
            return "end of input"
        return repr(self.text[self.pos : self.pos + 12].split("\n")[0])

    # --- lexing helpers ----------------------------------------------------------------------------

    def skip(self) -> None:
        text, pos = self.text, self.pos
        if pos < len(text) and text[pos] not in _WS_START:
            return
        self.pos = _WS.match(text, pos).end()  # type: ignore[union-attr]

    def peek(self, lit: str) -> bool:
        self.skip()
        return self.text.startswith(lit, self.pos)

    def accept(self, lit: str) -> bool:
        text, pos = self.text, self.pos
        if pos < len(text) and text[pos] in _WS_START:
            pos = self.pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
        if text.startswith(lit, pos):
            self.pos = pos + len(lit)
            return True
        return False

    def expect(self, lit: str, what: str = "") -> None:
        if not self.accept(lit):
            ctx = f" {what}" if what else ""
            raise self.error(f"expected '{lit}'{ctx}, found {self._found()}")

    def match(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        self.skip()
        m = pattern.match(self.text, self.pos)
        if m:
            self.pos = m.end()
        return m

    def parse_string(self) -> str:
        m = self.match(_STRING)
        if not m:
            raise self.error(f"expected a string literal, found {self._found()}")
        return _unescape(m.group(1))

    def parse_bare_identifier(self) -> str:
        m = self.match(_BARE_ID)
        if not m:
            raise self.error(f"expected an identifier, found {self._found()}")
        return m.group(0)

    def parse_int(self) -> int:
        m = self.match(_INT)
        if not m:
            raise self.error(f"expected an integer, found {self._found()}")
        return int(m.group(0), 0)

    def balanced(self, open_: str, close: str) -> str:
        """Text up to the bracket that closes one already consumed; consumes that bracket."""
        depth, i, text = 1, self.pos, self.text
        n = len(text)
        while i < n:
            c = text[i]
            if c == '"':
                m = _STRING.match(text, i)
                if not m:
                    raise self.error("unterminated string literal", i)
                i = m.end()
                continue
            if c == open_:
                depth += 1
            elif c == close and not (close == ">" and i > 0 and text[i - 1] == "-"):
                depth -= 1
                if depth == 0:
                    body = text[self.pos : i]
                    self.pos = i + 1
                    return body
            i += 1
        raise self.error(f"unterminated '{open_}': no matching '{close}' before end of input")

    # --- module ------------------------------------------------------------------------------------

    def parse_module(self) -> Module:
        ops: list[Operation] = []
        trailing: str | None = None
        self.scopes.append(_Scope(isolated=True))
        self.blocks.append({})
        while True:
            self.skip()
            if self.pos >= len(self.text):
                break
            c = self.text[self.pos]
            if c in "#!" and not self.text.startswith("#-}", self.pos):
                start = self.pos
                m = _ALIAS_ID.match(self.text, self.pos)
                if not m:
                    raise self.error(f"expected an alias name, found {self._found()}")
                self.pos = m.end()
                self.expect("=", f"after alias {m.group(0)}")
                name = m.group(1)
                if c == "#":
                    if name in self.attr_aliases:
                        raise self.error(f"attribute alias #{name} defined twice", start)
                    self.attr_aliases[name] = self.parse_attribute()
                else:
                    if name in self.type_aliases:
                        raise self.error(f"type alias !{name} defined twice", start)
                    self.type_aliases[name] = self.parse_type()
            elif self.text.startswith("{-#", self.pos):
                start = self.pos
                end = self.text.find("#-}", start)
                if end < 0:
                    raise self.error("unterminated '{-#' file metadata", start)
                trailing = self.text[start : end + 3]
                self.pos = end + 3
            else:
                ops.append(self.parse_operation())
        self._close_scope()
        if len(ops) == 1 and ops[0].op_name == "builtin.module":
            top = ops[0]
        else:
            top = Operation("builtin.module", regions=[Region([Block(ops=ops)])])
        module = Module(top)
        module.attr_aliases = dict(self.attr_aliases)
        module.type_aliases = dict(self.type_aliases)
        module.file_metadata = trailing
        module.filename = self.filename
        return module

    # --- operations --------------------------------------------------------------------------------

    def parse_operation(self) -> Operation:
        self.skip()
        start = self.pos
        result_groups: list[tuple[str, int, int]] = []  # (name, count, position)
        if self.text.startswith("%", self.pos):
            while True:
                self.skip()
                rpos = self.pos
                m = self.match(_VALUE_ID)
                if not m:
                    raise self.error(f"expected a result name, found {self._found()}")
                count = 1
                if self.accept(":"):
                    count = self.parse_int()
                result_groups.append((m.group(1), count, rpos))
                if not self.accept(","):
                    break
            self.expect("=", "after the results of an operation")
        self.skip()
        name_pos = self.pos
        if not self.text.startswith('"', self.pos):
            m = _BARE_ID.match(self.text, self.pos)
            word = m.group(0) if m else self._found()
            raise self.error(
                f'expected an operation in generic form ("dialect.op"(...)), found {word}; custom (pretty) '
                "syntax is read through IREE's parser (install streamsim[iree])"
            )
        op_name = self.parse_string()
        cls = lookup_op_class(op_name)
        location = self.location(name_pos)

        self.expect("(", f'after op name "{op_name}"')
        operand_refs: list[tuple[str, int, int]] = []
        fast = _OPERAND_LIST.match(self.text, self.pos)
        if fast:
            # The common case, a plain list of value references, in one regex.
            for m in _OPERAND_REF.finditer(self.text, fast.start(), fast.end()):
                operand_refs.append((m.group(1), int(m.group(2)) if m.group(2) else -1, m.start()))
            self.pos = fast.end()
        elif not self.accept(")"):
            while True:
                operand_refs.append(self._parse_value_ref())
                if self.accept(")"):
                    break
                self.expect(",", "between operands")
        successors: list[Block] = []
        if self.accept("["):
            while True:
                successors.append(self._parse_block_ref())
                if self.accept("]"):
                    break
                self.expect(",", "between successors")
        properties: dict[str, A.Attribute] = {}
        if self.accept("<{"):
            properties = self._parse_dict_body("}>")
        regions: list[Region] = []
        if self.peek("(") and self.text.startswith("({", self.pos):
            self.pos += 1
            isolated = bool(cls is not None and cls.isolated_from_above) or op_name in ISOLATED_GENERIC_OPS
            while True:
                regions.append(self._parse_region(isolated))
                if self.accept(")"):
                    break
                self.expect(",", "between regions")
        attributes: dict[str, A.Attribute] = {}
        if self.accept("{"):
            attributes = self._parse_dict_body("}")
        self.expect(":", f'before the type of "{op_name}"')
        self.skip()
        type_pos = self.pos
        fn = self._parse_signature()
        if not isinstance(fn, T.FunctionType):
            raise self.error(f'expected a function type for "{op_name}", found {fn}', type_pos)
        if len(fn.inputs) != len(operand_refs):
            raise self.error(
                f'"{op_name}" has {len(operand_refs)} operands but its type lists {len(fn.inputs)}', type_pos
            )
        n_results = sum(c for _, c, _ in result_groups)
        if len(fn.results) != n_results:
            raise self.error(
                f'"{op_name}" defines {n_results} results but its type lists {len(fn.results)}', type_pos
            )
        debug_loc = None
        self.skip()
        if self.text.startswith("loc(", self.pos):
            self.pos += 4
            debug_loc = "loc(" + self.balanced("(", ")") + ")"

        operands = [self._resolve(ref, t) for ref, t in zip(operand_refs, fn.inputs)]
        kwargs = dict(
            operands=operands,
            result_types=fn.results,
            properties=properties,
            attributes=attributes,
            regions=regions,
            successors=successors,
            location=location,
        )
        try:
            op = cls(op_name, **kwargs) if cls is not None else Operation(op_name, **kwargs)  # type: ignore[arg-type]
        except IRError as exc:
            raise self.error(exc.message, start) from None
        op.debug_loc = debug_loc
        i = 0
        for name, count, rpos in result_groups:
            self._define(name, op.results[i : i + count], rpos)
            i += count
        return op

    def _parse_signature(self) -> T.Type:
        """An op's function type; whole signatures repeat a lot, so they are cached by their text."""
        text, pos = self.text, self.pos
        eol = text.find("\n", pos)
        if eol < 0:
            eol = len(text)
        line = text[pos:eol].rstrip()
        cached = self._sig_cache.get(line)
        if cached is not None:
            self.pos = pos + len(line)
            return cached
        t = self.parse_type()
        if text[pos : self.pos] == line:
            self._sig_cache[line] = t
        return t

    def _parse_value_ref(self) -> tuple[str, int, int]:
        self.skip()
        pos = self.pos
        m = _VALUE_ID.match(self.text, pos)
        if not m:
            raise self.error(f"expected an SSA value (%name), found {self._found()}")
        self.pos = m.end()
        idx = -1
        s = _SUFFIX.match(self.text, self.pos)
        if s:
            idx = int(s.group(1))
            self.pos = s.end()
        return (m.group(1), idx, pos)

    def _parse_block_ref(self) -> Block:
        self.skip()
        m = self.match(_BLOCK_ID)
        if not m:
            raise self.error(f"expected a block label (^name), found {self._found()}")
        table = self.blocks[-1]
        block = table.get(m.group(1))
        if block is None:
            block = table[m.group(1)] = Block()
        return block

    # --- SSA names ---------------------------------------------------------------------------------

    def _define(self, name: str, values: list, pos: int) -> None:  # type: ignore[type-arg]
        scope = self.scopes[-1]
        if name in scope.values:
            raise self.error(f"redefinition of SSA value %{name}", pos)
        scope.values[name] = values
        pending = scope.pending.pop(name, None)
        if pending:
            for placeholder, idx, upos in pending:
                self._bind(placeholder, name, values, idx, upos)

    def _bind(self, placeholder: Value, name: str, values: list[Value], idx: int, pos: int) -> None:
        value = self._select(name, values, idx, pos)
        if value.type != placeholder.type:
            raise self.error(
                f"type mismatch for %{name}: used as {placeholder.type}, defined as {value.type}", pos
            )
        placeholder.replace_all_uses_with(value)

    def _select(self, name: str, values: list[Value], idx: int, pos: int) -> Value:
        if idx < 0:
            if len(values) != 1:
                raise self.error(f"%{name} names {len(values)} results; use %{name}#N", pos)
            return values[0]
        if idx >= len(values):
            raise self.error(f"%{name}#{idx} is out of range: %{name} has {len(values)} results", pos)
        return values[idx]

    def _resolve(self, ref: tuple[str, int, int], t: T.Type) -> Value:
        name, idx, pos = ref
        for scope in reversed(self.scopes):
            values = scope.values.get(name)
            if values is not None:
                value = self._select(name, values, idx, pos)
                if value.type != t:
                    raise self.error(f"type mismatch for %{name}: defined as {value.type}, used as {t}", pos)
                return value
            if scope.isolated:
                break
        placeholder = Value(t, name)
        self.scopes[-1].pending.setdefault(name, []).append((placeholder, idx, pos))
        return placeholder

    def _close_scope(self) -> None:
        scope = self.scopes.pop()
        if not scope.pending:
            return
        if scope.isolated or not self.scopes:
            name, uses = next(iter(scope.pending.items()))
            raise self.error(f"use of undefined SSA value %{name}", uses[0][2])
        outer = self.scopes[-1]
        for name, uses in scope.pending.items():
            values = outer.values.get(name)
            for placeholder, idx, pos in uses:
                if values is not None:
                    self._bind(placeholder, name, values, idx, pos)
                else:
                    outer.pending.setdefault(name, []).append((placeholder, idx, pos))

    # --- regions and blocks ------------------------------------------------------------------------

    def _parse_region(self, isolated: bool) -> Region:
        self.expect("{", "to open a region")
        region = Region()
        self.scopes.append(_Scope(isolated))
        self.blocks.append({})
        block: Block | None = None
        while not self.accept("}"):
            self.skip()
            if self.pos >= len(self.text):
                raise self.error("unterminated region: expected '}' before end of input")
            if self.text.startswith("^", self.pos):
                block = self._parse_block_header()
                region.add_block(block)
            elif block is None:
                block = region.add_block()
            block.append(self.parse_operation())
        for label, b in self.blocks.pop().items():
            if b.parent is None:
                raise self.error(f"reference to undefined block ^{label}")
        self._close_scope()
        return region

    def _parse_block_header(self) -> Block:
        pos = self.pos
        m = self.match(_BLOCK_ID)
        assert m is not None
        table = self.blocks[-1]
        block = table.get(m.group(1))
        if block is None:
            block = table[m.group(1)] = Block()
        elif block.parent is not None or block.args:
            raise self.error(f"block ^{m.group(1)} defined twice", pos)
        if self.accept("(") and not self.accept(")"):
            while True:
                self.skip()
                apos = self.pos
                vm = self.match(_VALUE_ID)
                if not vm:
                    raise self.error(f"expected a block argument, found {self._found()}")
                self.expect(":", "after a block argument name")
                arg = block.add_arg(self.parse_type(), vm.group(1))
                self.skip()
                if self.text.startswith("loc(", self.pos):
                    self.pos += 4
                    self.balanced("(", ")")
                self._define(vm.group(1), [arg], apos)
                if self.accept(")"):
                    break
                self.expect(",", "between block arguments")
        self.expect(":", f"after block label ^{m.group(1)}")
        return block

    # --- attributes ------------------------------------------------------------------------------------

    def _parse_dict_body(self, close: str) -> dict[str, A.Attribute]:
        entries: dict[str, A.Attribute] = {}
        if self.accept(close):
            return entries
        while True:
            self.skip()
            kpos = self.pos
            if self.text.startswith('"', self.pos):
                key = self.parse_string()
            else:
                m = self.match(_BARE_ID)
                if not m:
                    raise self.error(f"expected an attribute name, found {self._found()}")
                key = m.group(0)
            if key in entries:
                raise self.error(f"attribute '{key}' given twice", kpos)
            entries[key] = self.parse_attribute() if self.accept("=") else A.UnitAttr()
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
                    elems.append(self.parse_attribute())
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
                body = self.balanced("<", ">")
                self.expect(":", "after dense<...>")
                return A.DenseElementsAttr(body, self.parse_type())
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
        raise self.error(f"expected an attribute, found {self._found()}")

    def _parse_number_attribute(self) -> A.Attribute:
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
        if isinstance(t, T.FloatType):
            if "x" in literal:
                return A.FloatAttr(A.float_from_bits(int(literal, 16), t), t, text=literal)
            return A.FloatAttr(float(literal), t)
        if isinstance(t, T.IntegerType) and t.width == 1 and literal in ("0", "1"):
            return A.IntegerAttr(int(literal), t)
        if not isinstance(t, T.IntegerType | T.IndexType):
            raise self.error(f"integer literal {literal} needs an integer, index or float type, got {t}", pos)
        return A.IntegerAttr(int(literal, 0), t)

    def _parse_dense_array(self) -> A.Attribute:
        et = self.parse_type()
        values: list[int | float] = []
        if self.accept(":"):
            while True:
                self.skip()
                if self.accept("true"):
                    values.append(1)
                elif self.accept("false"):
                    values.append(0)
                else:
                    fm = _FLOAT.match(self.text, self.pos)
                    if fm:
                        self.pos = fm.end()
                        values.append(float(fm.group(0)))
                    else:
                        values.append(self.parse_int())
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
        start = self.pos
        m = _ALIAS_ID.match(self.text, self.pos)
        if not m:
            raise self.error(f"expected a dialect attribute or alias after '#', found {self._found()}")
        self.pos = m.end()
        name = m.group(1)
        has_body = self.text.startswith("<", self.pos)
        if "." not in name and not has_body:
            attr = self.attr_aliases.get(name)
            if attr is None:
                raise self.error(f"undefined attribute alias #{name}", start)
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
            sub = Parser(self.text[: end - 1], self.filename)
            sub.pos = body_pos
            sub.attr_aliases = self.attr_aliases
            sub.type_aliases = self.type_aliases
            sub._line_starts = self._line_starts
            attr = parser_fn(sub, attr_type)
            sub.skip()
            if sub.pos != end - 1:
                raise sub.error(f"unexpected {sub._found()} in #{name}<...>")
            return attr
        return A.DialectAttr(name, body, attr_type)

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
            while True:
                inputs.append(self.parse_type())
                if self.accept(")"):
                    break
                self.expect(",", "between types")
        self.expect("->", "in a function type")
        results: list[T.Type] = []
        if self.peek("(") and not self._paren_is_function_type():
            self.expect("(")
            if not self.accept(")"):
                while True:
                    results.append(self.parse_type())
                    if self.accept(")"):
                        break
                    self.expect(",", "between types")
        else:
            results.append(self.parse_type())
        return T.FunctionType(tuple(inputs), tuple(results))

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
            return T.IntegerType(int(im.group(2)), im.group(1) or "")
        m = _BARE_ID.match(text, pos)
        if not m:
            raise self.error(f"expected a type, found {self._found()}")
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
                dims.append(int(vm.group(2)))
                scal.append(vm.group(1) == "[")
                self.pos = vm.end()
            et = self.parse_type()
            self.expect(">", "to close vector<...>")
            return T.VectorType(tuple(dims), et, tuple(scal) if any(scal) else ())
        dm = _DIMS.match(text, self.pos)
        assert dm is not None
        shape = tuple(T.DYNAMIC if d == "?" else int(d) for d in dm.group(1).split("x")[:-1])
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
                raise self.error(f"undefined type alias !{name}", start)
            return t
        body = None
        if has_body:
            self.pos += 1
            body = self.balanced("<", ">")
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
                sub = Parser(inner, self.filename)
                sub.type_aliases = self.type_aliases
                sub.attr_aliases = self.attr_aliases
                tensor = sub.parse_type()
                sub.skip()
                if isinstance(tensor, T.TensorType) and sub.pos == len(inner):
                    return T.DispatchTensorType(access.strip(), tensor)
        except IRError as exc:
            raise self.error(exc.message, start) from None
        return T.OpaqueType(self.text[start : self.pos])


# Builtin types kept whole as text.
_OPAQUE_BUILTIN_TYPES = frozenset({"memref", "opaque", "unranked"})

_ESCAPE = re.compile(r"\\(?:([0-9A-Fa-f]{2})|(.))")


def _unescape(s: str) -> str:
    if "\\" not in s:
        return s
    out = bytearray()
    i = 0
    raw = s.encode("utf-8")
    while i < len(raw):
        b = raw[i]
        if b == 0x5C and i + 1 < len(raw):
            nxt = raw[i + 1 : i + 3]
            if len(nxt) == 2 and all(chr(x) in "0123456789abcdefABCDEF" for x in nxt):
                out.append(int(nxt.decode(), 16))
                i += 3
                continue
            c = chr(raw[i + 1])
            out.extend({"n": b"\n", "t": b"\t", '"': b'"', "\\": b"\\"}.get(c, c.encode()))
            i += 2
            continue
        out.append(b)
        i += 1
    return out.decode("utf-8", "surrogateescape")


def parse_module(text: str, filename: str = "<string>") -> Module:
    """Parse generic-form MLIR text into a :class:`~ir.module.Module`.

    Examples
    --------
    >>> m = parse_module('"builtin.module"() ({\\n}) : () -> ()')
    >>> m.op.op_name
    'builtin.module'
    """
    parser = Parser(text, filename)
    try:
        return parser.parse_module()
    except RecursionError:
        raise parser.error("nesting too deep for the parser") from None


_FILE_LINE_COL = re.compile(r'"((?:[^"\\]|\\.)*)":(\d+):(\d+)')


def adopt_debug_locations(module: Module, *, filename: str | None = None) -> None:
    """Turn ``loc("file":line:col)`` annotations (as IREE prints with debug info) into op locations.

    The annotations and the ``#loc`` aliases they use are dropped afterwards, so that printing the module
    gives plain generic text while errors point into the file the user wrote. ``filename`` replaces the
    name ``-`` that MLIR's Python bindings give to text parsed from a string.
    """
    aliases = {name: str(a) for name, a in module.attr_aliases.items() if str(a).startswith("loc(")}

    def resolve(text: str, depth: int = 0) -> SourceLocation | None:
        m = _FILE_LINE_COL.search(text)
        if m:
            name = _unescape(m.group(1))
            if name == "-" and filename is not None:
                name = filename
            return SourceLocation(name, int(m.group(2)), int(m.group(3)))
        ref = re.search(r"#(loc\w*)", text)
        if ref and ref.group(1) in aliases and depth < 16:
            return resolve(aliases[ref.group(1)], depth + 1)
        return None

    for op in module.walk():
        if op.debug_loc:
            found = resolve(op.debug_loc)
            if found is not None:
                op.location = found
            op.debug_loc = None
    for name in aliases:
        del module.attr_aliases[name]


def parse_file(path: str) -> Module:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return parse_module(text, path)
