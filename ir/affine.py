"""Affine maps: ``(d0, d1)[s0] -> (d0, d1 floordiv 2 + s0)``.

Linalg indexing maps are affine maps; the interpreter of dispatch bodies needs to know whether a map is a
projected permutation, a broadcast, or something more general, and to evaluate it. Expressions are small
frozen dataclasses; a map compares by structure.

Examples
--------
>>> m = parse_affine_map("(d0, d1, d2) -> (d0, d2)")
>>> m.num_dims, [str(e) for e in m.results]
(3, ['d0', 'd2'])
>>> m.is_projected_permutation()
True
>>> m.evaluate([4, 5, 6])
(4, 6)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ir.errors import ParseError


class AffineExpr:
    def evaluate(self, dims: list[int], syms: list[int]) -> int:  # pragma: no cover - overridden
        raise NotImplementedError


@dataclass(frozen=True)
class AffineDim(AffineExpr):
    position: int

    def evaluate(self, dims: list[int], syms: list[int]) -> int:
        return dims[self.position]

    def __str__(self) -> str:
        return f"d{self.position}"


@dataclass(frozen=True)
class AffineSymbol(AffineExpr):
    position: int

    def evaluate(self, dims: list[int], syms: list[int]) -> int:
        return syms[self.position]

    def __str__(self) -> str:
        return f"s{self.position}"


@dataclass(frozen=True)
class AffineConstant(AffineExpr):
    value: int

    def evaluate(self, dims: list[int], syms: list[int]) -> int:
        return self.value

    def __str__(self) -> str:
        return str(self.value)


_PRECEDENCE = {"+": 1, "*": 2, "floordiv": 2, "ceildiv": 2, "mod": 2}


@dataclass(frozen=True)
class AffineBinary(AffineExpr):
    op: str  # "+", "*", "floordiv", "ceildiv", "mod"
    lhs: AffineExpr
    rhs: AffineExpr

    def evaluate(self, dims: list[int], syms: list[int]) -> int:
        a = self.lhs.evaluate(dims, syms)
        b = self.rhs.evaluate(dims, syms)
        if self.op == "+":
            return a + b
        if self.op == "*":
            return a * b
        if self.op == "floordiv":
            return a // b
        if self.op == "ceildiv":
            return -((-a) // b)
        return a % b

    def __str__(self) -> str:
        def wrap(e: AffineExpr, right: bool) -> str:
            if isinstance(e, AffineBinary):
                p, q = _PRECEDENCE[e.op], _PRECEDENCE[self.op]
                if p < q or (right and p == q and self.op != "+"):
                    return f"({e})"
            return str(e)

        if self.op == "+" and isinstance(self.rhs, AffineConstant) and self.rhs.value < 0:
            return f"{wrap(self.lhs, False)} - {-self.rhs.value}"
        if (
            self.op == "+"
            and isinstance(self.rhs, AffineBinary)
            and self.rhs.op == "*"
            and self.rhs.rhs == AffineConstant(-1)
        ):
            return f"{wrap(self.lhs, False)} - {wrap(self.rhs.lhs, True)}"
        return f"{wrap(self.lhs, False)} {self.op} {wrap(self.rhs, True)}"


@dataclass(frozen=True)
class AffineMap:
    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]

    def __str__(self) -> str:
        dims = ", ".join(f"d{i}" for i in range(self.num_dims))
        syms = f"[{', '.join(f's{i}' for i in range(self.num_symbols))}]" if self.num_symbols else ""
        return f"({dims}){syms} -> ({', '.join(str(e) for e in self.results)})"

    def evaluate(self, dims: list[int], syms: list[int] | None = None) -> tuple[int, ...]:
        return tuple(e.evaluate(dims, syms or []) for e in self.results)

    def result_dims(self) -> list[int | None]:
        """For each result, the dim position it is exactly, or None if it is not a plain dim."""
        return [e.position if isinstance(e, AffineDim) else None for e in self.results]

    def is_projected_permutation(self, *, allow_zero: bool = False) -> bool:
        """Every result a distinct dim (or the constant 0 with ``allow_zero``, as broadcasts use)."""
        seen: set[int] = set()
        for e in self.results:
            if isinstance(e, AffineDim):
                if e.position in seen:
                    return False
                seen.add(e.position)
            elif not (allow_zero and e == AffineConstant(0)):
                return False
        return True

    def is_identity(self) -> bool:
        return self.num_symbols == 0 and self.results == tuple(AffineDim(i) for i in range(self.num_dims))


_TOKEN = re.compile(r"\s*(?:(?P<id>[A-Za-z_][A-Za-z0-9_]*)|(?P<num>\d+)|(?P<p>->|[-+*()\[\],]))")


class _ExprParser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[str] = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = _TOKEN.match(text, pos)
            if not m:
                raise ParseError(f"bad character {text[pos]!r} in affine map {text!r}")
            self.tokens.append(m.group(m.lastgroup or "p"))
            pos = m.end()
        self.i = 0
        self.dims: dict[str, int] = {}
        self.syms: dict[str, int] = {}

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (expected is not None and tok != expected):
            raise ParseError(f"expected {expected or 'a token'} in affine map {self.text!r}, found {tok!r}")
        self.i += 1
        return tok

    def id_list(self, close: str) -> list[str]:
        names: list[str] = []
        if self.peek() != close:
            names.append(self.take())
            while self.peek() == ",":
                self.take(",")
                names.append(self.take())
        self.take(close)
        return names

    def parse_map(self) -> AffineMap:
        self.take("(")
        self.dims = {n: i for i, n in enumerate(self.id_list(")"))}
        if self.peek() == "[":
            self.take("[")
            self.syms = {n: i for i, n in enumerate(self.id_list("]"))}
        self.take("->")
        self.take("(")
        results: list[AffineExpr] = []
        if self.peek() != ")":
            results.append(self.expr())
            while self.peek() == ",":
                self.take(",")
                results.append(self.expr())
        self.take(")")
        if self.peek() is not None:
            raise ParseError(f"unexpected {self.peek()!r} after affine map {self.text!r}")
        return AffineMap(len(self.dims), len(self.syms), tuple(results))

    def expr(self) -> AffineExpr:
        lhs = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            rhs = self.term()
            if op == "-":
                rhs = (
                    AffineConstant(-rhs.value)
                    if isinstance(rhs, AffineConstant)
                    else AffineBinary("*", rhs, AffineConstant(-1))
                )
            lhs = AffineBinary("+", lhs, rhs)
        return lhs

    def term(self) -> AffineExpr:
        lhs = self.unary()
        while self.peek() in ("*", "floordiv", "ceildiv", "mod"):
            op = self.take()
            lhs = AffineBinary(op, lhs, self.unary())
        return lhs

    def unary(self) -> AffineExpr:
        if self.peek() == "-":
            self.take("-")
            inner = self.unary()
            if isinstance(inner, AffineConstant):
                return AffineConstant(-inner.value)
            return AffineBinary("*", inner, AffineConstant(-1))
        return self.primary()

    def primary(self) -> AffineExpr:
        tok = self.take()
        if tok == "(":
            e = self.expr()
            self.take(")")
            return e
        if tok.isdigit():
            return AffineConstant(int(tok))
        if tok in self.dims:
            return AffineDim(self.dims[tok])
        if tok in self.syms:
            return AffineSymbol(self.syms[tok])
        raise ParseError(f"unknown identifier {tok!r} in affine map {self.text!r}")


def parse_affine_map(text: str) -> AffineMap:
    """Parse the body of ``affine_map<...>``."""
    return _ExprParser(text).parse_map()
