"""``dense<...>`` literals read as MLIR's tensor literal parser reads them, differentially against iree-opt.

Every literal body below is tried with every element type below as one ``util.global``'s initial value,
all in one iree-opt run (``--split-input-file``). Where iree-opt rejects a case, our parser must reject it
at the same line and column; where iree-opt accepts it, we must accept it with the same values (read back
from iree-opt's own printing). Before, our parser took ``inf``, ``nan``, ``+1.0``, ``.5``, ``1e5``,
decimal integers for floats, ``true`` for floats and wrongly nested lists, reported element errors at the
start of the literal, and a ``(re, im)`` pair for a real type ended in an internal error.
"""

from __future__ import annotations

import re
import subprocess

import numpy as np
import pytest

from ir import ParseError, parse_module
from ir.attributes import DenseElementsAttr
from tests.ir.test_iree_acceptance import _iree_opt

LONG_FLOATS = "[" + ", ".join(f"{(k - 40) * 0.37:.5e}" for k in range(80)) + "]"
LONG_INTS = "[" + ", ".join(str((k - 40) * 3) for k in range(80)) + "]"
BODIES = [
    "nan", "inf", "-inf", "[1.0, nan]", "+1.0", ".5", "1e400", "1.0e400", "[1.0e39, 0.0]", "1.", "1.5e3",
    "[1.5E3, 2.]", "1.0E+2", "[1.0e, 2.0]", "[1.0e+, 2.0]", "0x1p3", "1", "-1", "[1, 2]", "-0", "[-0x0, 1]",
    "[-0, 0]", "[00012, 0x000000001]", "0x7FC00000", "0xFFFFFFFF", "0x1FFFFFFFF", "-0x3F800000",
    "[1.0, 0x7F800000]", "[0xFFFF, 0x10000]", "[0x7FC00001, 0xFFC00000]", "[0xg, 1]", "[0x, 1]", "0x", "true",
    "[true, 1.0]", "[-true, 0]", "[- 1.0, 2.0]", "-", "[1, -]", "dense", "[]", "", "[[]]", "[1, [2]]",
    "[[1], 2]", "[1 2]", "[1,]", "[,1]", "[1.0, 2.0]]", "[1..0, 2.0]", "[1.0, ...]", "[1.0, 2.0] x",
    "  [ 1.0 ,2.0 ]  ", "[[1.0, 2.0]]", "[[1.0], [2.0]]", "[[1.0, 2.0], [3.0]]", "[[[1.0]], [2.0]]",
    "(1.0, 2.0)", "(1, 2)", "[(1.0, 2.0), (3.0, 4.0)]", "[(1.0, 2.0)]", "((1.0, 2.0), 3.0)", "(1.0 2.0)",
    "(1.0, 2.0", "(1.0, 2.0, 3.0)", '["a", "b"]', "->", LONG_FLOATS, LONG_INTS,
    LONG_FLOATS.replace("0.00000e+00", "0"), LONG_INTS.replace("-3,", "-0,"), LONG_INTS.replace("117", "300"),
    LONG_INTS.replace("-120", "-129"), LONG_FLOATS.replace("1.44300e+01", "1.0e39"),
]  # fmt: skip
TYPES = [
    "tensor<2xf32>", "tensor<2xi32>", "tensor<2xi1>", "tensor<2xui8>", "tensor<2xindex>", "tensor<2xf16>",
    "tensor<2xbf16>", "tensor<1xf32>", "tensor<0xf32>", "tensor<1x2xf32>", "tensor<2xcomplex<f32>>",
    "tensor<80xf32>", "tensor<80xi8>", "tensor<80xf16>",
]  # fmt: skip
CASES = [(b, t) for b in BODIES for t in TYPES]
# MLIR reads past its buffer for a real type given fewer (re, im) parts than elements (it printed an
# arbitrary third value for dense<(1.0, 2.0)> : tensor<3xf32>); we refuse these instead.
def _mlir_reads_past_its_buffer(body: str, our_message: str) -> bool:
    m = re.match(r"parsed (\d+) elements, but type \(tensor<\d+x[fi]\d+>\) expected (\d+) elements", our_message)
    return "(" in body and m is not None and 1 < int(m.group(1)) < int(m.group(2))


def _module(body: str, type_: str) -> str:
    return (
        '"builtin.module"() ({\n'
        f'  "util.global"() <{{sym_name = "g", type = {type_}, initial_value = dense<{body}> : {type_}}}> : () -> ()\n'
        "}) : () -> ()\n"
    )


def _values(text: str) -> np.ndarray:
    module = parse_module(text)
    value = next(op for op in module.walk() if op.op_name == "util.global").attr("initial_value")
    assert isinstance(value, DenseElementsAttr), value
    return value.to_numpy()


@pytest.fixture(scope="module")
def iree_results(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, tuple[int, str] | None]]:
    """Per case, iree-opt's generic output and its first error (column, message) or None."""
    path = tmp_path_factory.mktemp("dense") / "cases.mlir"
    path.write_text("// -----\n".join(_module(b, t) for b, t in CASES))
    proc = subprocess.run(
        [_iree_opt(), "--split-input-file", "--mlir-print-op-generic", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    errors: dict[int, tuple[int, str]] = {}
    for line in proc.stderr.splitlines():
        m = re.match(r".*cases\.mlir:(\d+):(\d+): error: (.*)", line)
        if m:
            errors.setdefault(int(m.group(1)), (int(m.group(2)), m.group(3)))
    chunks = [c.strip() for c in proc.stdout.split("// -----")]
    assert len(chunks) == len(CASES), proc.stderr[-2000:]
    # Case k's module starts at line 4k+1 (three lines and a separator each); its global is the next line.
    return [(chunks[k], errors.get(4 * k + 2)) for k in range(len(CASES))]


@pytest.mark.parametrize("body", BODIES, ids=[b[:24] for b in BODIES])
def test_dense_literal_reads_as_iree_opt_reads_it(
    body: str, iree_results: list[tuple[str, tuple[int, str] | None]]
) -> None:
    wrong = []
    for type_ in TYPES:
        k = CASES.index((body, type_))
        output, error = iree_results[k]
        text = _module(body, type_)
        try:
            ours = _values(text)
        except ParseError as exc:
            m = re.match(r"case\.mlir:2:(\d+): (.*)", str(parse_error(text)))
            assert m, exc
            if error is None:
                if not _mlir_reads_past_its_buffer(body, m.group(2)):
                    wrong.append(f"{type_}: iree-opt accepts it, we say {m.group(2)}")
            elif int(m.group(1)) != error[0]:
                wrong.append(f"{type_}: iree-opt col {error[0]} ({error[1]}), ours col {m.group(1)} ({m.group(2)})")
            continue
        if error is not None:
            wrong.append(f"{type_}: iree-opt rejects it at col {error[0]} ({error[1]}), we accept it")
            continue
        theirs = _values(output)
        if ours.dtype != theirs.dtype or ours.tobytes() != theirs.tobytes():
            wrong.append(f"{type_}: values differ: ours {ours.tolist()[:6]}, iree-opt's {theirs.tolist()[:6]}")
    assert not wrong, "\n".join(wrong)


def parse_error(text: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        parse_module(text, "case.mlir")
    return info.value


def test_long_flat_lists_read_as_the_general_path_reads_them() -> None:
    """The fast path for long flat lists gives the token-by-token parse's values, bit for bit."""
    from ir import types as T
    from ir.dense_literal import read_dense_literal, read_tokens

    for body, et in ((LONG_FLOATS, T.f32), (LONG_FLOATS, T.f16), (LONG_FLOATS, T.bf16), (LONG_INTS, T.i8)):
        fast = read_dense_literal(body, et, (80,))
        slow = read_tokens(body, et, (80,))
        assert fast.dtype == slow.dtype and fast.tobytes() == slow.tobytes()
