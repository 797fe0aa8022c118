"""Random async-form programs for the usage analysis: one seed, one module (IREE pretty text).

Each program has a public ``@main`` and up to two private helpers it calls, and mixes the ops whose
lifetimes the analysis decides: splats, constants, dispatches (some updating an operand in place), fills,
clones, transfers (to ``*`` or to a pinned lifetime), selects, barriers, optimization barriers, calls,
a variable global stored and loaded through transfers, tensor exports, and a conditional branch whose
block arguments join two values. Every value is used (dangling ones go to a
``util.optimization_barrier`` each) so that IREE's pass folds nothing away and the two outputs can be compared
op by op.
"""

from __future__ import annotations

import random

R = "!stream.resource<*>"

HEADER = """util.global private mutable @gv : !stream.resource<variable>
stream.executable private @ex {
  stream.executable.export public @k workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}
"""


class _Body:
    def __init__(self, rng: random.Random, helpers: list[str]) -> None:
        self.rng = rng
        self.helpers = helpers
        self.lines: list[str] = []
        self.types: dict[str, str] = {}
        self.used: set[str] = set()
        self.n = 0

    def new(self, type_: str = R) -> str:
        self.n += 1
        name = f"%v{self.n}"
        self.types[name] = type_
        return name

    def pick(self, only_unknown: bool = False) -> str | None:
        names = [v for v, t in self.types.items() if not only_unknown or t == R]
        return self.rng.choice(names) if names else None

    def use(self, *names: str) -> None:
        self.used.update(names)

    def emit(self, line: str) -> None:
        self.lines.append("  " + line)

    def op(self) -> None:
        rng = self.rng
        kind = rng.choice(
            [
                "splat",
                "constant",
                "dispatch",
                "dispatch",
                "tied",
                "fill",
                "clone",
                "transfer",
                "pin",
                "select",
                "barrier",
                "opt",
                "call",
                "global",
                "export",
            ]
        )
        # In-place updates only of values of unknown lifetime: IREE's pass never finishes on an in-place
        # update of a value pinned to a lifetime the analysis wants changed (it keeps inserting transfers).
        # Likewise util.optimization_barrier of a pinned value (IREE's pass keeps adding transfers after it).
        a = self.pick(only_unknown=kind in ("tied", "fill", "opt"))
        if kind == "splat" or a is None:
            v = self.new()
            self.emit(f"{v} = stream.async.splat %c1_i32 : i32 -> {R}{{%size}}")
        elif kind == "constant":
            v = self.new()
            self.emit(f"{v} = stream.async.constant : {R}{{%size}} = dense<[1, 2, 3, 4]> : tensor<4xi32>")
        elif kind in ("dispatch", "tied"):
            b = self.pick()
            args = [a] if b is None or b == a or rng.random() < 0.5 else [a, b]
            self.use(*args)
            ins = ", ".join(f"{x}[%c0 to %size for %size]" for x in args)
            tys = ", ".join(f"{self.types[x]}{{%size}}" for x in args)
            if kind == "tied":
                v = self.new(self.types[a])
                self.emit(f"{v} = stream.async.dispatch @ex::@k({ins}) : ({tys}) -> {a}{{%size}}")
            else:
                v = self.new()
                self.emit(f"{v} = stream.async.dispatch @ex::@k({ins}) : ({tys}) -> {R}{{%size}}")
        elif kind == "fill":
            self.use(a)
            v = self.new(self.types[a])
            self.emit(
                f"{v} = stream.async.fill %c1_i32, {a}[%c0 to %size for %size] : i32 -> {a} as "
                f"{self.types[a]}{{%size}}"
            )
        elif kind == "clone":
            self.use(a)
            v = self.new()
            self.emit(f"{v} = stream.async.clone {a} : {self.types[a]}{{%size}} -> {R}{{%size}}")
        elif kind in ("transfer", "pin"):
            self.use(a)
            to = (
                R
                if kind == "transfer"
                else rng.choice(["!stream.resource<transient>", "!stream.resource<external>"])
            )
            v = self.new(to)
            self.emit(f"{v} = stream.async.transfer {a} : {self.types[a]}{{%size}} -> {to}{{%size}}")
        elif kind == "select":
            same = [x for x, t in self.types.items() if t == self.types[a] and x != a]
            if not same:
                return
            b = rng.choice(same)
            self.use(a, b)
            v = self.new(self.types[a])
            self.emit(f"{v} = arith.select %cond, {a}, {b} : {self.types[a]}")
        elif kind == "barrier":
            self.use(a)
            v = self.new(self.types[a])
            self.emit(f"{v} = stream.async.barrier {a} : {self.types[a]}{{%size}}")
        elif kind == "opt":
            self.use(a)
            v = self.new(self.types[a])
            self.emit(f"{v} = util.optimization_barrier {a} : {self.types[a]}")
        elif kind == "call":
            x = self.pick(only_unknown=True)
            if not self.helpers or x is None:
                return
            self.use(x)
            v = self.new()
            self.emit(f"{v} = util.call @{rng.choice(self.helpers)}({x}, %cond) : ({R}, i1) -> {R}")
        elif kind == "global":
            self.use(a)
            g = self.new("!stream.resource<variable>")
            self.emit(
                f"{g} = stream.async.transfer {a} : {self.types[a]}{{%size}} -> !stream.resource<variable>{{%size}}"
            )
            self.emit(f"util.global.store {g}, @gv : !stream.resource<variable>")
            self.use(g)
            ld = self.new("!stream.resource<variable>")
            self.emit(f"{ld} = util.global.load @gv : !stream.resource<variable>")
            v = self.new()
            self.use(ld)
            self.emit(
                f"{v} = stream.async.transfer {ld} : !stream.resource<variable>{{%size}} -> {R}{{%size}}"
            )
        elif kind == "export":
            self.use(a)
            self.n += 1
            bv = f"%bv{self.n}"
            self.emit(
                f"{bv} = stream.tensor.export {a} : tensor<4xi32> in {self.types[a]}{{%size}} -> !hal.buffer_view"
            )
            self.emit(f"util.optimization_barrier {bv} : !hal.buffer_view")

    def branch(self) -> None:
        """A diamond: two values meet in one block argument."""
        a, b = self.pick(only_unknown=True), self.pick(only_unknown=True)
        if a is None or b is None:
            return
        self.use(a, b)
        j = self.new()
        n = self.n
        self.emit(f"cf.cond_br %cond, ^bb{n}a({a} : {R}), ^bb{n}b({b} : {R})")
        self.lines.append(f"^bb{n}a(%p{n}: {R}):")
        self.emit(f"cf.br ^bb{n}j(%p{n} : {R})")
        self.lines.append(f"^bb{n}b(%q{n}: {R}):")
        self.emit(
            f"%d{n} = stream.async.dispatch @ex::@k(%q{n}[%c0 to %size for %size]) : ({R}{{%size}}) -> {R}{{%size}}"
        )
        self.emit(f"cf.br ^bb{n}j(%d{n} : {R})")
        self.lines.append(f"^bb{n}j({j}: {R}):")

    def finish(self, results: list[str]) -> None:
        # One barrier per value: IREE gives every result of a multi-operand barrier the usage of its
        # first operand, and then rejects its own output when they differ.
        # A pinned value goes out through a tensor export instead (see ``op``).
        for v in self.types:
            if v in self.used or v in results:
                continue
            if self.types[v] == R:
                self.emit(f"util.optimization_barrier {v} : {R}")
            else:
                self.emit(
                    f"%out{v[1:]} = stream.tensor.export {v} : tensor<4xi32> in {self.types[v]}{{%size}} -> !hal.buffer_view"
                )
                self.emit(f"util.optimization_barrier %out{v[1:]} : !hal.buffer_view")


def _function(rng: random.Random, name: str, public: bool, helpers: list[str], n_ops: int) -> str:
    body = _Body(rng, helpers)
    head = [
        "  %c0 = arith.constant 0 : index",
        "  %size = arith.constant 16 : index",
        "  %c1_i32 = arith.constant 1 : i32",
    ]
    if not public:
        body.types["%x"] = R
    for i in range(n_ops):
        body.op()
        if i == n_ops // 2 and rng.random() < 0.4:
            body.branch()
    unknown = [v for v, t in body.types.items() if t == R]
    if not unknown:
        body.op()  # a splat when nothing else can be returned
        unknown = [v for v, t in body.types.items() if t == R] or [body.new()]
    result = rng.choice(unknown)
    body.use(result)
    body.finish([result])
    vis = "public" if public else "private"
    args = "%cond: i1" if public else f"%x: {R}, %cond: i1"
    lines = [
        f"util.func {vis} @{name}({args}) -> {R} {{",
        *head,
        *body.lines,
        f"  util.return {result} : {R}",
        "}",
    ]
    return "\n".join(lines)


def random_program(seed: int) -> str:
    """The program of ``seed`` (the same text for the same seed)."""
    rng = random.Random(seed)
    helpers = [f"h{i}" for i in range(rng.randint(0, 2))]
    parts = [HEADER]
    for h in helpers:
        parts.append(_function(rng, h, False, [], rng.randint(1, 5)))
    parts.append(_function(rng, "main", True, helpers, rng.randint(2, 10)))
    return "\n".join(parts) + "\n"
