"""Rule tables: the objects the simulator's interpreters are built from.

After xDSL's ``InterpreterFunctions``: a :class:`RuleTable` maps MLIR op names to implementations and is
filled by decorators in the one module that defines it. An interpreter is built from the tables it is
handed (the host interpreter from :data:`simulator.host.HOST_RULES`, the dispatch interpreter from
:data:`simulator.dispatch.DISPATCH_RULES`, the reference executor from its own table), so which rules exist
never depends on which modules happened to be imported first.

Examples
--------
>>> core = RuleTable("demo.core")
>>> @core.register("arith.addi", "arith.subi")
... def binary(op: str) -> str:
...     return op
>>> sorted(core)
['arith.addi', 'arith.subi']
>>> extra = RuleTable("demo.extra")
>>> _ = extra.register("arith.muli")(binary)
>>> sorted(RuleTable.merge("demo", [core, extra]))
['arith.addi', 'arith.muli', 'arith.subi']
>>> RuleTable.merge("demo", [core, core])
Traceback (most recent call last):
    ...
simulator.errors.SimulationError: demo: arith.addi has a rule in both demo.core and demo.core
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Generic, TypeVar

from simulator.errors import SimulationError

F = TypeVar("F", bound=Callable[..., object])


class RuleTable(Mapping[str, F], Generic[F]):
    """Op name -> implementation; registering a name twice raises :class:`SimulationError`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._rules: dict[str, F] = {}
        self._origin: dict[str, str] = {}

    def register(self, *names: str) -> Callable[[F], F]:
        """Decorator: ``fn`` implements the ops ``names``."""

        def wrap(fn: F) -> F:
            for n in names:
                self.add(n, fn, origin=self.name)
            return fn

        return wrap

    def add(self, op_name: str, fn: F, *, origin: str) -> None:
        if op_name in self._rules:
            raise SimulationError(
                f"{self.name}: {op_name} has a rule in both {self._origin[op_name]} and {origin}"
            )
        self._rules[op_name] = fn
        self._origin[op_name] = origin

    def origin(self, op_name: str) -> str:
        """The table an op's rule came from (its own name unless merged)."""
        return self._origin[op_name]

    @classmethod
    def merge(cls, name: str, tables: Iterable[RuleTable[F]]) -> RuleTable[F]:
        """One table holding every rule of ``tables``; an op with a rule in two of them raises."""
        out: RuleTable[F] = cls(name)
        for t in tables:
            for n, fn in t._rules.items():
                out.add(n, fn, origin=t._origin[n])
        return out

    def __getitem__(self, op_name: str) -> F:
        return self._rules[op_name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def __repr__(self) -> str:
        return f"RuleTable({self.name!r}, {len(self._rules)} ops)"


def covered(tables: Mapping[str, RuleTable[F]] | Iterable[RuleTable[F]]) -> dict[str, frozenset[str]]:
    """Which ops each table covers, by table name (for tests and ``--help`` listings)."""
    items = tables.values() if isinstance(tables, Mapping) else tables
    return {t.name: frozenset(t) for t in items}
