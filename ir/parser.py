"""Parser of MLIR's generic operation form, as IREE prints it with ``--mlir-print-op-generic``.

Grammar covered: attribute and type aliases (``#map = affine_map<...>``, ``!t = ...``), operations
``%r:2 = "dialect.op"(%a, %b#1)[^succ] <{properties}> ({regions}) {attributes} : (types) -> types loc(...)``,
regions with labelled blocks and block arguments, forward references within a region, the builtin types
and attributes, structured dialect attributes (see :mod:`ir.attributes`) and any other dialect attribute
or type kept with its text. Value names follow MLIR's generic form: one name table for the whole file, a
region's definitions leaving it when the region closes, and a use before its definition resolved by a later
definition anywhere (the verifier then reports the use); a name never defined is reported at the end.

Every error is a :class:`~ir.errors.ParseError` whose location is ``file:line:col``.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Sequence

from ir import attributes as A
from ir import types as T
from ir.attr_parser import _ALIAS_ID, AttrTypeParser
from ir.core import Block, Operation, Region, SourceLocation, Value, parsed_operation
from ir.errors import IRError
from ir.handover import hand_over_survivors
from ir.lexer import _BARE_ID, int_literal
from ir.line_ops import read_line_ops
from ir.module import Module
from ir.opdef import OP_ALIASES, OP_CLASSES, lookup_op_class
from ir.tail_cache import MaskedTails

_VALUE_ID = re.compile(r"%([A-Za-z0-9_$.\-]+)")
_SUFFIX = re.compile(r"#(\d+)")
_OPERAND_REF = re.compile(r"%([A-Za-z0-9_$.\-]+)(?:#(\d+))?")
_OPERAND_LIST = re.compile(r"(?:%[A-Za-z0-9_$.\-]+(?:#\d+)?(?:, (?=%))?)*\)")
_RESULT_COUNT = re.compile(r"0x[0-9A-Fa-f]+|[0-9]+")
_BLOCK_ID = re.compile(r"\^([A-Za-z0-9_$.\-]+)")
# An op's start as IREE prints it: one result name (or none), the quoted name without escapes, its `(`.
_OP_HEAD = re.compile(r'(?:%([A-Za-z0-9_$.\-]+) = )?"([^"\\\n]*)"\(')
_op_class = OP_CLASSES.get


class Parser(AttrTypeParser):
    """Recursive-descent parser of operations, regions and blocks over a string. Use :func:`parse_module`."""

    def __init__(self, text: str, filename: str = "<string>") -> None:
        super().__init__(text, filename)
        self._sig_cache: dict[str, T.Type] = {}
        self._tail_cache: dict[
            str, tuple[dict[str, A.Attribute], dict[str, A.Attribute], T.Type, str | None, int]
        ] = {}
        self._masked = MaskedTails()
        # MLIR's names in the generic form: one table for the whole file (a region isolated from above gets no
        # scope of its own there; the verifier reports a value that crosses it). A region's definitions leave
        # the table when it closes; a use before any definition is a placeholder that a later definition of
        # the name anywhere resolves, and one still unresolved at the end of the file is an error.
        self.values: dict[str, Sequence[Value]] = {}
        self.forward: dict[tuple[str, int], tuple[Value, int]] = {}  # (name, number) -> placeholder, first use
        self.undeclared: list[tuple[int, str]] = []  # placeholders dropped with a closed region's names
        self.defined_in: list[list[str]] = []  # the names each open region defines, innermost last
        self.blocks: list[dict[str, Block]] = []
        self._first_block_ref: dict[int, int] = {}  # id of a block referenced before its label -> where

    # --- module ------------------------------------------------------------------------------------

    def parse_module(self) -> Module:
        ops: list[Operation] = []
        trailing: str | None = None
        self.defined_in.append([])
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
        self._close_names()
        self._report_undeclared()
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
        head = _OP_HEAD.match(self.text, start)
        if head is not None:
            # The common case, `%name = "dialect.op"(` or `"dialect.op"(` as IREE prints it, in one regex:
            # what the general path below reads from such text, with no error possible.
            name, op_name = head.groups()
            result_groups = [(name, 1, start)] if name is not None else []
            cls = _op_class(op_name)
            if cls is None and op_name in OP_ALIASES:
                cls = lookup_op_class(op_name)
            location = self.location(head.start(2) - 1)
            self.pos = head.end()
        else:
            result_groups, op_name, cls, location = self._parse_op_head(start)
        return self._parse_op_rest(start, result_groups, op_name, cls, location)

    def _line_ops(self, block: Block) -> bool:
        """Read the ops of the commonest shape that come next into ``block`` (:func:`ir.line_ops.
        read_line_ops`); whether it read any."""
        return read_line_ops(self, block)

    def _parse_op_head(
        self, start: int
    ) -> tuple[list[tuple[str, int, int]], str, type[Operation] | None, SourceLocation]:
        """The results, name and `(` of an op: ``%a:2, %b = "dialect.op"(``, from ``start`` (after blanks)."""
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
                    self.skip()
                    n = _RESULT_COUNT.match(self.text, self.pos)
                    if n is None:
                        raise self.wrong_token_error("expected integer number of results")
                    count = int_literal(n.group(0))
                    if not 0 < count < 2**64:
                        raise self.error("expected named operation to have at least 1 result")
                    self.pos = n.end()
                result_groups.append((m.group(1), count, rpos))
                if not self.accept(","):
                    break
            self.expect("=", "after the results of an operation")
        self.skip()
        name_pos = self.pos
        if not self.text.startswith('"', self.pos):
            m = _BARE_ID.match(self.text, self.pos)
            word = m.group(0) if m else self._found()
            message = (
                f'expected an operation in generic form ("dialect.op"(...)), found {word}; custom (pretty) '
                "syntax is read through IREE's parser (install streamsim[iree])"
            )
            # A word is a custom op to MLIR, reported at the word; anything else is a wrong token.
            raise self.error(message) if m else self.wrong_token_error(message)
        op_name = self.parse_string()
        cls = lookup_op_class(op_name)
        location = self.location(name_pos)

        self.expect("(", f'after op name "{op_name}"')
        return result_groups, op_name, cls, location

    def _parse_op_rest(
        self,
        start: int,
        result_groups: list[tuple[str, int, int]],
        op_name: str,
        cls: type[Operation] | None,
        location: SourceLocation,
    ) -> Operation:
        """The rest of an op after its ``(``: operands, successors, properties, regions, attributes, type."""
        # Each operand's name and result number (its digits, "" for none), and where they are: a list of
        # positions, or the start of a plain list, whose positions are found again only if one is needed.
        operand_refs: list[tuple[str, str]] = []
        operand_at: list[int] | int
        fast = _OPERAND_LIST.match(self.text, self.pos)
        if fast:
            # The common case, a plain list of value references, in one regex.
            operand_refs = _OPERAND_REF.findall(self.text, fast.start(), fast.end())
            operand_at = fast.start()
            self.pos = fast.end()
        else:
            operand_at = []
            if not self.accept(")"):
                while True:
                    name, number, pos = self._parse_value_ref()
                    operand_refs.append((name, number))
                    operand_at.append(pos)
                    if self.accept(")"):
                        break
                    self.expect(",", "between operands")
        # The rest of the line (properties, attributes, type, location) repeats between ops of a kind; when
        # it is the whole rest of an op without regions or successors, its parse is cached by its text.
        tail_pos = self.pos
        text = self.text
        eol = text.find("\n", tail_pos)
        tail = text[tail_pos : eol if eol >= 0 else len(text)].rstrip()
        hit = self._tail_cache.get(tail) or self._masked.hit(tail, self._parse_tail_text)
        if hit is not None:
            self.pos = tail_pos + len(tail)
            return self._finish_operation(
                op_name,
                cls,
                result_groups,
                operand_refs,
                operand_at,
                hit[0],
                hit[1],
                [],
                [],
                hit[2],
                hit[3],
                location,
                start,
                tail_pos + hit[4],
            )
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
            while True:
                regions.append(self._parse_region())
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
        end = self.pos
        debug_loc = None
        self.skip()
        if self.text.startswith("loc(", self.pos):
            self.pos += 4
            debug_loc = "loc(" + self.balanced("(", ")") + ")"
            end = self.pos
        # Cached only when the type (and location) end the op's text on its line, so a hit skips exactly it.
        if not regions and not successors and end == tail_pos + len(tail):
            self._tail_cache[tail] = (properties, attributes, fn, debug_loc, type_pos - tail_pos)
            self._masked.remember(tail, properties, attributes, fn, debug_loc, type_pos - tail_pos)
        return self._finish_operation(
            op_name,
            cls,
            result_groups,
            operand_refs,
            operand_at,
            properties,
            attributes,
            regions,
            successors,
            fn,
            debug_loc,
            location,
            start,
            type_pos,
        )

    def _parse_tail_text(
        self, tail: str
    ) -> tuple[dict[str, A.Attribute], dict[str, A.Attribute], T.Type, str | None] | None:
        """Properties, attributes, type and location of an op tail without regions or successors, parsed on
        its own with this file's aliases; None if it does not parse as one."""
        sub = Parser(tail, self.filename)
        sub.attr_aliases = self.attr_aliases
        sub.type_aliases = self.type_aliases
        try:
            properties = sub._parse_dict_body("}>") if sub.accept("<{") else {}
            if sub.peek("(") or sub.peek("["):
                return None
            attributes = sub._parse_dict_body("}") if sub.accept("{") else {}
            sub.expect(":", "before the type")
            sub.skip()
            fn = sub.parse_type()
            debug_loc = None
            sub.skip()
            if sub.text.startswith("loc(", sub.pos):
                sub.pos += 4
                debug_loc = "loc(" + sub.balanced("(", ")") + ")"
            sub.skip()
            if sub.pos != len(tail):
                return None
        except IRError:
            return None
        return properties, attributes, fn, debug_loc

    def _finish_operation(
        self,
        op_name: str,
        cls: type[Operation] | None,
        result_groups: list[tuple[str, int, int]],
        operand_refs: list[tuple[str, str]],
        operand_at: list[int] | int,
        properties: dict[str, A.Attribute],
        attributes: dict[str, A.Attribute],
        regions: list[Region],
        successors: list[Block],
        fn: T.Type,
        debug_loc: str | None,
        location: SourceLocation,
        start: int,
        type_pos: int,
    ) -> Operation:
        """Check the op's type against its operands and results, resolve the operands, build the op."""
        if not isinstance(fn, T.FunctionType):
            raise self.error(f'expected a function type for "{op_name}", found {fn}', type_pos)
        if len(fn.inputs) != len(operand_refs):
            raise self.error(
                f'"{op_name}" has {len(operand_refs)} operands but its type lists {len(fn.inputs)}', type_pos
            )
        # _resolve for each operand, its common case written out: a result defined before (the first without
        # a result number), used with the very type object of its definition (the parser's caches hand out
        # one object per type text). Only the other cases need the operand's position.
        operands: list[Value] = []
        append = operands.append
        values = self.values
        for ref, t in zip(operand_refs, fn.inputs):
            found = values.get(ref[0])
            if found is not None:  # (a name's results: never empty)
                if not ref[1]:
                    if found[0].type is t:
                        append(found[0])
                        continue
                else:
                    k = int(ref[1])
                    if k < len(found) and found[k].type is t:
                        append(found[k])
                        continue
            if isinstance(operand_at, int):
                operand_at = self._operand_positions(operand_at)
            name, number = ref
            append(self._resolve((name, int(number) if number else -1, operand_at[len(operands)]), t))
        results = fn.results
        if result_groups:  # as MLIR binds the names, once the op is made: reported at the op's start
            n_results = result_groups[0][1] if len(result_groups) == 1 else sum(c for _, c, _ in result_groups)
            if not results:
                raise self.error(f'cannot name an operation with no results ("{op_name}")', start)
            if len(results) != n_results:
                raise self.error(
                    f'"{op_name}" defines {len(results)} results but was provided {n_results} to bind', start
                )
        if not op_name:  # (Operation.__init__'s check, which parsed_operation leaves to its callers)
            raise self.error("an operation needs a name", start)
        try:
            op = parsed_operation(
                cls or Operation, op_name, operands, results, properties, attributes, regions, successors, location
            )
        except IRError as exc:
            raise self.error(exc.message, start) from None
        op.debug_loc = debug_loc
        if len(result_groups) == 1 and not self.forward:
            # _define of the one group, which names every result (checked above), written out: its values
            # are the op's results list itself (the table only reads it, and drops it with the region)
            name = result_groups[0][0]
            if name in values:
                raise self.error(f"redefinition of SSA value %{name}", result_groups[0][2])
            values[name] = op.results
            self.defined_in[-1].append(name)
            return op
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

    def _operand_positions(self, start: int) -> list[int]:
        """Where each operand of the plain operand list at ``start`` is (see :meth:`_parse_op_rest`)."""
        end = _OPERAND_LIST.match(self.text, start).end()  # type: ignore[union-attr]
        return [m.start() for m in _OPERAND_REF.finditer(self.text, start, end)]

    def _parse_value_ref(self) -> tuple[str, str, int]:
        """``%name`` or ``%name#N``: the name, the digits of N ("" without), the position."""
        self.skip()
        pos = self.pos
        m = _VALUE_ID.match(self.text, pos)
        if not m:
            raise self.wrong_token_error(f"expected an SSA value (%name), found {self._found()}")
        self.pos = m.end()
        number = ""
        s = _SUFFIX.match(self.text, self.pos)
        if s:
            number = s.group(1)
            self.pos = s.end()
        return (m.group(1), number, pos)

    def _parse_block_ref(self) -> Block:
        self.skip()
        m = self.match(_BLOCK_ID)
        if not m:
            raise self.wrong_token_error(f"expected a block label (^name), found {self._found()}")
        table = self.blocks[-1]
        block = table.get(m.group(1))
        if block is None:
            block = table[m.group(1)] = Block()
            self._first_block_ref[id(block)] = m.start()
        return block

    # --- SSA names ---------------------------------------------------------------------------------

    def _define(self, name: str, values: list, pos: int) -> None:  # type: ignore[type-arg]
        """``%name`` (``%name:N``) defined at ``pos``; resolves the placeholders of earlier uses."""
        if name in self.values:
            raise self.error(f"redefinition of SSA value %{name}", pos)
        if self.forward:
            for number, value in enumerate(values):
                entry = self.forward.pop((name, number), None)
                if entry is None:
                    continue
                placeholder = entry[0]
                if value.type != placeholder.type:
                    ref = f"%{name}#{number}" if len(values) > 1 else f"%{name}"
                    raise self.error(
                        f"type mismatch for {ref}: defined as {value.type}, used earlier as {placeholder.type}",
                        pos,
                    )
                placeholder.replace_all_uses_with(value)
        self.values[name] = values
        self.defined_in[-1].append(name)

    def _resolve(self, ref: tuple[str, int, int], t: T.Type) -> Value:
        """The value ``%name`` or ``%name#N`` (``%name`` is result 0, as in MLIR) used as type ``t``."""
        name, idx, pos = ref
        number = idx if idx > 0 else 0
        values = self.values.get(name)
        if values is not None and number < len(values):
            value = values[number]
            # (types are dataclasses: `!=` is a Python-level __eq__ call; a use's type is most often the very
            # object its definition has, from the parser's caches)
            if value.type is not t and value.type != t:
                raise self.error(f"type mismatch for %{name}: defined as {value.type}, used as {t}", pos)
            return value
        entry = self.forward.get((name, number))
        if entry is not None:
            if entry[0].type is not t and entry[0].type != t:
                raise self.error(f"type mismatch for %{name}: used as {entry[0].type} before, now as {t}", pos)
            return entry[0]
        if values is not None:
            raise self.error(f"%{name}#{number} is out of range: %{name} has {len(values)} results", pos)
        placeholder = Value(t, name)
        self.forward[(name, number)] = (placeholder, pos)
        return placeholder

    def _close_names(self) -> None:
        """A region closes: its definitions leave the table, and with them (as in MLIR, which drops the
        name's entries) any placeholder of the same name, which then stays undeclared."""
        names = self.defined_in.pop()
        values, forward = self.values, self.forward
        for name in names:
            del values[name]
        if forward and names:
            closed = set(names)
            for key in [k for k in forward if k[0] in closed]:
                self.undeclared.append((forward.pop(key)[1], key[0]))

    def _report_undeclared(self) -> None:
        """MLIR's end of parse: the first (in the text) of the uses no definition resolved."""
        left = self.undeclared + [(pos, key[0]) for key, (_, pos) in self.forward.items()]
        if left:
            pos, name = min(left)
            raise self.error(f"use of undeclared SSA value %{name}", pos)

    # --- regions and blocks ------------------------------------------------------------------------

    def _parse_region(self) -> Region:
        self.expect("{", "to open a region")
        region = Region()
        self.defined_in.append([])
        self.blocks.append({})
        block: Block | None = None
        while not self.accept("}"):
            self.skip()
            if self.pos >= len(self.text):
                raise self.wrong_token_error("unterminated region: expected '}' before end of input")
            if self.text.startswith("^", self.pos):
                block = self._parse_block_header()
                region.add_block(block)
                continue  # a block may hold no ops (IREE prints an empty module's body as '^bb0:')
            elif block is None:
                block = region.add_block()
            if self._line_ops(block):
                continue
            op = self.parse_operation()
            op.parent = block  # Block.append, written out: the op was just made, in no block yet
            block.ops.append(op)
        # As MLIR does when a region's name scope closes: the first (in the text) of the references to a block
        # the region never defines.
        refs = self._first_block_ref
        undefined = [(refs.get(id(b), self.pos), label) for label, b in self.blocks[-1].items() if b.parent is None]
        for b in self.blocks.pop().values():
            refs.pop(id(b), None)
        if undefined:
            pos, label = min(undefined)
            raise self.error(f"reference to undefined block ^{label}", pos)
        self._close_names()
        return region

    def _parse_block_header(self) -> Block:
        pos = self.pos
        m = self.match(_BLOCK_ID)
        if m is None:
            raise self.error("expected a block label such as '^bb0' after '^'", pos)
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


def parse_module(text: str, filename: str = "<string>") -> Module:
    """Parse generic-form MLIR text into a :class:`~ir.module.Module`.

    Examples
    --------
    >>> m = parse_module('"builtin.module"() ({\\n}) : () -> ()')
    >>> m.op.op_name
    'builtin.module'
    """
    parser = Parser(text, filename)
    # The cyclic collector would walk the growing IR again and again while the parser allocates it; parsing
    # makes little garbage, so it runs with the collector paused (a quarter of the time of a large module).
    collecting = gc.isenabled()
    gc.disable()
    try:
        module = parser.parse_module()
        if collecting and len(text) >= HANDOVER_CHARS:
            hand_over_survivors()
        return module
    except RecursionError:
        raise parser.error("nesting too deep for the parser") from None
    finally:
        if collecting:
            gc.enable()


#: Texts of at least this many characters (about 700 dispatches of a residual ladder) hand the parsed IR
#: to the collector's permanent generation (:func:`ir.handover.hand_over_survivors`); smaller ones leave it
#: to the young collections, which cost little at that size.
HANDOVER_CHARS = 1 << 20
