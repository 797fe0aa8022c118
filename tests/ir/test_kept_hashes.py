"""Types and attributes keep their hash once computed (ir.types.keep_hashes): the same value as the
dataclass's own hash, never carried by a pickle or a copy to where a string's hash may differ."""

from __future__ import annotations

import copy
import dataclasses
import os
import pickle
import subprocess
import sys

import pytest

from ir import attributes as A
from ir import types as T


def _fields_hash(obj: object) -> int:
    """What the generated dataclass hash gives: the hash of the tuple of the compared fields."""
    return hash(tuple(getattr(obj, f.name) for f in dataclasses.fields(obj) if f.compare))  # type: ignore[arg-type]


def _samples() -> list[object]:
    tensor = T.TensorType((32, 32), T.f32)
    affinity = A.DeviceAffinityAttr(A.SymbolRefAttr("__device_0"), (0, 1))
    return [
        T.IntegerType(32),
        T.IndexType(),
        T.ResourceType("transient"),
        tensor,
        T.FunctionType((tensor, T.index), (T.ResourceType("constant"),)),
        A.IntegerAttr(4096),
        A.StringAttr("w0_0"),
        A.ArrayAttr((A.IntegerAttr(-1), A.IntegerAttr(0))),
        A.DictAttr((("a", A.UnitAttr()), ("b", A.BoolAttr(True)))),
        A.DenseArrayAttr(T.i32, (0, 2, 2)),
        affinity,
        A.DeviceOptimalAttr((affinity,)),
        A.NamedParameterAttr("model", "w0_0", None, tensor),
    ]


@pytest.mark.parametrize("obj", _samples(), ids=lambda o: type(o).__name__)
def test_kept_hash_is_the_fields_hash_and_stays(obj: object) -> None:
    fresh = copy.deepcopy(obj)
    assert "_hash" not in vars(fresh)
    assert hash(fresh) == _fields_hash(fresh)
    assert vars(fresh)["_hash"] == hash(fresh) == hash(obj)  # kept, and equal objects hash alike
    assert hash(fresh) == _fields_hash(fresh)  # read back, the same


def test_float_attr_keeps_its_own_hash() -> None:
    a = A.FloatAttr(1.5, T.f32, text="1.500000e+00")
    assert hash(a) == hash((1.5, T.f32)) == hash(A.FloatAttr(1.5, T.f32))


@pytest.mark.parametrize("obj", _samples(), ids=lambda o: type(o).__name__)
def test_pickle_and_copy_leave_the_kept_hash_behind(obj: object) -> None:
    hash(obj)
    for other in (pickle.loads(pickle.dumps(obj)), copy.copy(obj), copy.deepcopy(obj)):
        assert other == obj
        assert "_hash" not in vars(other)
        assert hash(other) == hash(obj)


def test_a_pickled_hash_is_not_taken_to_another_process() -> None:
    """A string's hash differs between processes: an object hashed here and unpickled in a process with
    another PYTHONHASHSEED hashes as that process's own objects do (a kept hash carried over would not)."""
    attr = A.NamedParameterAttr("model", "w0_0", None, T.TensorType((32, 32), T.f32))
    hash(attr)
    code = (
        "import pickle, sys\n"
        "from ir import attributes as A, types as T\n"
        "got = pickle.loads(sys.stdin.buffer.read())\n"
        "mine = A.NamedParameterAttr('model', 'w0_0', None, T.TensorType((32, 32), T.f32))\n"
        "print(hash(got) == hash(mine), {mine: 1}.get(got))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps(attr), capture_output=True, env=env, check=True
    )
    assert out.stdout.decode().split() == ["True", "1"]
