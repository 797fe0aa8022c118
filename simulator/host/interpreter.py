"""The host interpreter: runs the host code of a stream program as a simpy process.

After JAX's jaxpr interpreter: rule tables (:class:`~simulator.rules.RuleTable`, handed to the
constructor; :data:`simulator.host.HOST_RULES` are the default ones) map each op name (the seed spelling; IREE 3.x aliases are
looked up through :data:`ir.OP_ALIASES`) to an implementation, and an environment maps each SSA value to
its runtime object. The loop evaluates an op's operands from the environment, calls its rule, and binds
its results. A rule is ``rule(interp, op, args) -> results``; a *blocking* rule (one that waits, submits
work or calls) is a generator run with ``yield from`` inside the simpy process.

Host time: every op costs ``host.op_cost_ns``; costs accumulate and are paid (one simpy timeout) before the
host does anything another party can observe: a submission, a wait, a return. So a submission happens at
the simulated time the host reaches it.

Raises :class:`~simulator.errors.UnsupportedOpError` naming the op and its location for an op without a
rule, and whatever the rules raise (DeviceFailure from a failed await, InputError for bad inputs).
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any

from ir import OP_ALIASES, Block, Module, Operation, Value
from ir.attributes import StringAttr, SymbolRefAttr
from simulator.errors import SimulationError, UnsupportedOpError
from simulator.rules import RuleTable

if TYPE_CHECKING:
    from simulator.runtime import Runtime

Rule = Callable[["Interpreter", Operation, list[Any]], Any]

TERMINATORS = frozenset({"util.return", "func.return", "scf.yield", "stream.yield", "scf.condition"})
BRANCHES = frozenset({"cf.br", "cf.cond_br"})

#: Iterations the host loops of one run may take in all (every ``scf.for``/``scf.while`` iteration and every
#: branch back between a function's blocks counts), before the run stops with a :class:`SimulationError`
#: instead of appearing to hang. IREE's host code loops over layers, scan steps and retries: thousands of
#: times, not hundreds of thousands; one iteration of a loop that dispatches costs the simulator about a
#: millisecond, so the default stops an endless loop within a couple of minutes. The environment variable
#: ``STREAMSIM_MAX_LOOP_ITERATIONS`` sets another budget.
MAX_LOOP_ITERATIONS = 100_000
LIMIT_VARIABLE = "STREAMSIM_MAX_LOOP_ITERATIONS"


def loop_budget() -> int:
    """The run's iteration budget: :data:`MAX_LOOP_ITERATIONS` or the environment's positive integer."""
    text = os.environ.get(LIMIT_VARIABLE, "").strip()
    if not text:
        return MAX_LOOP_ITERATIONS
    if not text.isdigit() or int(text) <= 0:
        raise SimulationError(f"{LIMIT_VARIABLE}={text!r}: expected a positive integer")
    return int(text)


def loop_limit_error(op: Operation, what: str, budget: int) -> SimulationError:
    return SimulationError(
        f"{op.describe()}: {what} runs more than {budget:,} iterations (of all the run's host loops); a host "
        f"loop that never ends would hang the run (set {LIMIT_VARIABLE} to allow more)"
    )


#: How deep host code may nest, counting every block the interpreter is inside: function calls (recursion
#: included) and the regions of scf.if/scf.for/scf.while/execute ops. Each level costs the interpreter a few
#: Python frames (its generators delegate to each other), so the bound keeps a run well inside Python's
#: recursion limit and ends an unbounded recursion with an error naming the op, where IREE's VM would fail
#: with RESOURCE_EXHAUSTED once its stack (at most 1 MiB) is full. Deeper nests than this are still read by
#: ``streamsim opt``/``schedule`` (the parser's own bound is about 500).
MAX_HOST_NESTING = 200


def seed_name(op_name: str) -> str:
    return OP_ALIASES.get(op_name, op_name)


class Interpreter:
    """Runs functions of one module against one runtime."""

    def __init__(self, runtime: Runtime, module: Module, rules: Iterable[RuleTable[Rule]]) -> None:
        tables = tuple(rules)
        #: Every rule the interpreter runs, from the tables it was given (raises if two tables share an op).
        self.rules: RuleTable[Rule] = RuleTable.merge("host", tables)
        self._blocking = frozenset(n for n, fn in self.rules.items() if inspect.isgeneratorfunction(fn))
        self.runtime = runtime
        self.module = module
        self.engine = runtime.engine
        self.op_cost_ns = runtime.machine.host.op_cost_ns
        self.debt_ns = 0
        self.ops_run = 0
        self.globals: dict[str, Any] = {}
        self._plans: dict[int, list[tuple[Operation, Rule, bool]]] = {}
        #: Blocks the interpreter is inside (calls and regions; see :data:`MAX_HOST_NESTING`), and calls.
        self.depth = 0
        self.calls = 0
        self.current_env: dict[Value, Any] = {}
        #: Host-loop iterations left to this run (see :data:`MAX_LOOP_ITERATIONS`).
        self.budget = self.loop_budget = loop_budget()

    # -- host time ----------------------------------------------------------------------------------

    def iterate(self, op: Operation, what: str, count: int = 1) -> None:
        """Spend ``count`` iterations of the run's loop budget on ``op``'s loop, or stop the run."""
        self.budget -= count
        if self.budget < 0:
            raise loop_limit_error(op, what, self.loop_budget)

    def charge(self, ns: int) -> None:
        self.debt_ns += ns

    def settle(self) -> Generator[Any, Any, None]:
        """Pay the accumulated host time."""
        if self.debt_ns:
            debt, self.debt_ns = self.debt_ns, 0
            yield self.engine.env.timeout(debt)

    # -- symbols ------------------------------------------------------------------------------------

    def symbol(self, op: Operation, attr: str = "callee") -> str:
        ref = op.attr(attr)
        if isinstance(ref, SymbolRefAttr):
            return ref.root
        if isinstance(ref, StringAttr):
            return ref.value
        raise UnsupportedOpError(f"{op.describe()}: attribute {attr!r} is not a symbol reference")

    def plain_rule(self, op_name: str) -> Rule | None:
        """The non-blocking rule of an op (by IREE 3.x or seed spelling), or None."""
        for key in (seed_name(op_name), op_name):
            if key in self.rules and key not in self._blocking:
                return self.rules[key]
        return None

    # -- the loop -----------------------------------------------------------------------------------

    def _plan(self, block: Block) -> list[tuple[Operation, Rule, bool]]:
        plan = self._plans.get(id(block))
        if plan is None:
            plan = []
            rules = self.rules._rules  # the table's dict: a Mapping's `in` and get() cost a call or two each
            blocking = self._blocking
            # What each op name runs, looked up once a block (host code repeats a few names thousands of times).
            by_name: dict[str, tuple[Rule, bool] | None] = {}
            for op in block.ops:
                name = op.op_name
                if name in by_name:
                    entry = by_name[name]
                else:
                    if name in TERMINATORS:
                        entry = (_terminator, False)
                    elif name in BRANCHES:
                        entry = (_branch_marker, False)
                    elif name == "arith.constant":
                        entry = None
                    else:
                        key = seed_name(name)
                        key = key if key in rules else name
                        fn = rules.get(key)
                        entry = (_unsupported, False) if fn is None else (fn, key in blocking)
                    by_name[name] = entry
                if entry is None:
                    # A constant's value is known before the run: compute it once, at planning time.
                    value = rules[name](self, op, [])

                    def constant(
                        interp: Interpreter, op: Operation, args: list[Any], value: Any = value
                    ) -> Any:
                        return value

                    plan.append((op, constant, False))
                else:
                    plan.append((op, *entry))
            self._plans[id(block)] = plan
        return plan

    def run_block(
        self, block: Block, args: list[Any], env: dict[Value, Any]
    ) -> Generator[Any, Any, list[Any]]:
        """Run ``block`` with its arguments bound; returns the terminator's operand values."""
        for arg, value in zip(block.args, args):
            env[arg] = value
        self.depth += 1
        if self.depth > MAX_HOST_NESTING:
            self.depth -= 1
            raise _nesting_error(block)
        saved, self.current_env = self.current_env, env
        try:
            return (yield from self._run_ops(block, env))
        except RecursionError:
            # A backstop for rules that nest more Python frames per level than the bound allows for.
            raise _nesting_error(block) from None
        finally:
            self.current_env = saved
            self.depth -= 1

    def _run_ops(self, block: Block, env: dict[Value, Any]) -> Generator[Any, Any, list[Any]]:
        cost = self.op_cost_ns
        for op, fn, blocking in self._plan(block):
            operands = op._operands
            try:
                # (a list comprehension is a call in 3.11: most host ops of a large program have no operands)
                values = [env[v] for v in operands] if operands else []
            except KeyError as exc:
                raise UnsupportedOpError(f"{op.describe()}: operand {exc.args[0]!r} has no value") from None
            self.debt_ns += cost
            self.ops_run += 1
            if fn is _terminator:
                return values
            if fn is _branch_marker:
                return _branch(op, values)  # type: ignore[return-value]
            results = (yield from fn(self, op, values)) if blocking else fn(self, op, values)
            if op.results:
                if len(op.results) == 1 and not isinstance(results, list | tuple):
                    env[op.results[0]] = results
                else:
                    for r, v in zip(op.results, results):
                        env[r] = v
        return []

    def call(self, func: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
        """Run a function op (util.func, func.func, util.initializer) in a fresh environment.

        A body of several blocks (``cf.br``/``cf.cond_br`` between them, as IREE lowers loops and
        conditionals of host code) runs block after block, each branch binding its successor's arguments;
        every block shares the function's environment, since a value may be used in any block its
        definition dominates.
        """
        if not func.regions or not func.regions[0].blocks:
            raise UnsupportedOpError(f"{func.describe()}: function has no body")
        host = self.runtime.machine.host
        inner = host.inner_call_cost_ns
        self.charge(host.call_cost_ns if self.calls == 0 or inner is None else inner)
        self.calls += 1
        try:
            env: dict[Value, Any] = {}
            block, values = func.regions[0].blocks[0], list(args)
            while True:
                out = yield from self.run_block(block, values, env)
                if not isinstance(out, Branch):
                    return out
                self.iterate(func, "a loop of branches between its blocks")
                if self.runtime.observer is not None:
                    self.runtime.observer.on_branch(func, out.args)
                block, values = out.dest, out.args
        finally:
            self.calls -= 1


def _nesting_error(block: Block) -> SimulationError:
    region = block.parent
    holder = region.parent if region is not None else None
    where = holder.describe() if holder is not None else "a block"
    return SimulationError(
        f"{where}: host code nests more than {MAX_HOST_NESTING} levels deep (function calls and the regions "
        "of scf/execute ops together): an unbounded recursion, or deeper than the simulator runs"
    )


class Branch:
    """What a block ending in a branch returns: the successor to run and the values of its arguments."""

    __slots__ = ("args", "dest")

    def __init__(self, dest: Block, args: list[Any]) -> None:
        self.dest = dest
        self.args = args


def _branch(op: Operation, values: list[Any]) -> Branch:
    """The successor a ``cf.br``/``cf.cond_br`` takes, with its argument values."""
    if op.op_name == "cf.br":
        return Branch(op.successors[0], values)
    cond, rest = values[0], values[1:]
    n_true = len(op.successors[0].args)
    if len(rest) != n_true + len(op.successors[1].args):
        raise UnsupportedOpError(f"{op.describe()}: operands do not match its successors' arguments")
    return Branch(op.successors[0], rest[:n_true]) if cond else Branch(op.successors[1], rest[n_true:])


def _terminator(interp: Interpreter, op: Operation, args: list[Any]) -> Any:  # pragma: no cover - marker
    return args


def _branch_marker(interp: Interpreter, op: Operation, args: list[Any]) -> Any:  # pragma: no cover - marker
    return args


def _unsupported(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    raise UnsupportedOpError(f"{op.describe()}: the host interpreter has no rule for {op.op_name}")
