"""Value.replace_all_uses_with: every use moves to the new value, in order, whether the value has one use
(done in place) or more (set_operand of each), an op using it twice, or the value replaced by itself."""

from __future__ import annotations

from ir import types as T
from ir.core import Operation


def _value() -> Operation:
    return Operation("t.def", result_types=[T.index])


def test_replace_all_uses_with_one_and_many_uses() -> None:
    for users in (0, 1, 2, 3):
        old, new, other = _value().results[0], _value().results[0], _value().results[0]
        keep = Operation("t.keep", [new])
        ops = [Operation("t.use", [other, old] if k % 2 else [old, other, old]) for k in range(users)]
        expected_old_operands = [[new if v is old else v for v in op.operands] for op in ops]
        old.replace_all_uses_with(new)
        assert old.uses == []
        assert [list(op.operands) for op in ops] == expected_old_operands
        moved = [(op, i) for op in ops for i, v in enumerate(op.operands) if v is new]
        assert new.uses[0] == (keep, 0)
        assert sorted(new.uses[1:], key=lambda u: (ops.index(u[0]), u[1])) == moved  # (each use once)
        assert all(op.operands.count(other) == 1 for op in ops)


def test_replace_a_value_by_itself() -> None:
    v = _value().results[0]
    user = Operation("t.use", [v])
    v.replace_all_uses_with(v)
    assert v.uses == [(user, 0)] and user.operands == (v,)
