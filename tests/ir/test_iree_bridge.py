"""Tests of ir.iree_bridge against the real IREE compiler bindings and the IREE fixtures."""

from __future__ import annotations

import pathlib

import pytest

from ir.errors import IRError, ParseError, VerifyError
from tests.conftest import iree_fixture_dirs, require_iree

FIXTURE_FORMS = [(d, form) for d in iree_fixture_dirs() for form in ("cmd", "async")]
FIXTURE_IDS = [f"{d.name}-{form}" for d, form in FIXTURE_FORMS]

BAD_SSA = """func.func @f() -> i32 {
  %0 = arith.constant 1 : i32
  %1 = arith.addi %0, %undefined : i32
  return %1 : i32
}
"""
BAD_TYPE = """"builtin.module"() ({
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i64
}) : () -> ()
"""


def test_iree_bridge_fixtures_exist() -> None:
    require_iree()
    names = {d.name for d in iree_fixture_dirs()}
    assert {"mlp", "attention_block", "conv2d_relu", "layer_norm", "quant_matmul", "dynamic_mlp"} <= names


def test_iree_bridge_available() -> None:
    require_iree()
    from ir.iree_bridge import iree_available

    assert iree_available() is True


@pytest.mark.parametrize(("fixture", "form"), FIXTURE_FORMS, ids=FIXTURE_IDS)
def test_iree_bridge_to_generic_matches_iree_opt(fixture: pathlib.Path, form: str) -> None:
    require_iree()
    from ir.iree_bridge import op_name_histogram, to_generic_text

    pretty = fixture / f"{form}.mlir"
    expected = (fixture / f"{form}.generic.mlir").read_text()
    generic = to_generic_text(pretty.read_text(), filename=str(pretty))
    assert generic == expected
    ours, theirs = op_name_histogram(generic), op_name_histogram(expected)
    assert ours == theirs
    assert ours["builtin.module"] >= 1  # the top module and one per executable
    assert ours["stream.cmd.execute" if form == "cmd" else "stream.async.dispatch"] >= 1


@pytest.mark.parametrize(("fixture", "form"), FIXTURE_FORMS, ids=FIXTURE_IDS)
def test_iree_bridge_verify_accepts_fixture(fixture: pathlib.Path, form: str) -> None:
    require_iree()
    from ir.iree_bridge import iree_opt_verify

    path = fixture / f"{form}.generic.mlir"
    assert iree_opt_verify(path.read_text(), filename=str(path)) is None


def test_iree_bridge_histogram_counts_nested_ops() -> None:
    require_iree()
    from ir.iree_bridge import op_name_histogram

    hist = op_name_histogram(BAD_SSA.replace("%undefined", "%0"))
    assert hist == {
        "builtin.module": 1,
        "func.func": 1,
        "arith.constant": 1,
        "arith.addi": 1,
        "func.return": 1,
    }


def test_iree_bridge_parse_error_has_line_col(capfd: pytest.CaptureFixture[str]) -> None:
    require_iree()
    from ir.iree_bridge import to_generic_text

    with pytest.raises(ParseError, match=r"^bad\.mlir:3:23: .*undeclared SSA value") as info:
        to_generic_text(BAD_SSA, filename="bad.mlir")
    loc = info.value.location
    assert (loc.filename, loc.line, loc.col) == ("bad.mlir", 3, 23)
    # MLIR's own diagnostic printer must stay quiet: the error is ours to report.
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_iree_bridge_parse_error_on_syntax() -> None:
    require_iree()
    from ir.iree_bridge import to_generic_text

    with pytest.raises(ParseError, match=r"^x\.mlir:1:14: "):
        to_generic_text("func.func @f( {", filename="x.mlir")


def test_iree_bridge_parse_error_on_unregistered_dialect() -> None:
    require_iree()
    from ir.iree_bridge import to_generic_text

    text = '"nodialect.op"() : () -> ()\n'
    with pytest.raises(ParseError, match=r"^u\.mlir:1:15: .*unregistered dialect"):
        to_generic_text(text, filename="u.mlir")
    assert '"nodialect.op"()' in to_generic_text(text, filename="u.mlir", allow_unregistered=True)


def test_iree_bridge_verify_rejects_bad_type(capfd: pytest.CaptureFixture[str]) -> None:
    require_iree()
    from ir.iree_bridge import iree_opt_verify

    with pytest.raises(VerifyError, match=r"^v\.mlir:2:8: .*'arith\.constant' op"):
        iree_opt_verify(BAD_TYPE, filename="v.mlir")
    assert capfd.readouterr().err == ""


def test_iree_bridge_wraps_top_level_ops_like_iree_opt() -> None:
    require_iree()
    from ir.iree_bridge import to_generic_text

    # iree-opt puts top-level ops in an implicit module; an empty input is an empty module.
    assert to_generic_text("") == '"builtin.module"() ({\n^bb0:\n}) : () -> ()\n\n'
    generic = to_generic_text("func.func @f() {\n  return\n}\n")
    assert generic.startswith(
        '"builtin.module"() ({\n  "func.func"() <{function_type = () -> (), sym_name = "f"}>'
    )


def test_iree_bridge_not_available_error_kinds() -> None:
    require_iree()
    from ir.iree_bridge import IREENotAvailableError

    err = IREENotAvailableError("iree.compiler is not importable")
    assert isinstance(err, IRError) and isinstance(err, ImportError)


def test_iree_bridge_without_iree_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    require_iree()
    import ir.iree_bridge as bridge

    def missing() -> None:
        raise bridge.IREENotAvailableError("iree.compiler is not importable (test)")

    monkeypatch.setattr(bridge, "_bindings", missing)
    assert bridge.iree_available() is False
    with pytest.raises(ImportError, match="not importable"):
        bridge.to_generic_text("module {}\n")


def test_iree_bridge_verify_error_at_debug_location() -> None:
    require_iree()
    from ir.iree_bridge import iree_opt_verify

    text = BAD_TYPE.replace(": () -> i64", ': () -> i64 loc("orig.mlir":7:3)')
    with pytest.raises(VerifyError, match=r"^orig\.mlir:7:3: "):
        iree_opt_verify(text, filename="printed.mlir")


def test_iree_bridge_verifier_error_never_hangs(tmp_path: pathlib.Path) -> None:
    """A pretty module whose verifier fails used to deadlock IREE's threaded verifier against the
    Python diagnostic handler in about one parse of four; 30 parses in a child process must all end."""
    require_iree()
    import subprocess
    import sys

    src = (iree_fixture_dirs()[0].parent / "layer_norm" / "cmd.mlir").read_text().splitlines()
    assert "outs(%4 " in src[39]
    src[39] = src[39].replace("outs(%4 ", "outs(%5 ")
    bad = tmp_path / "m.mlir"
    bad.write_text("\n".join(src) + "\n")
    script = (
        "import sys\n"
        "from ir.errors import VerifyError\n"
        "from ir.iree_bridge import to_generic_text\n"
        "text = open(sys.argv[1]).read()\n"
        "for _ in range(30):\n"
        "    try:\n"
        "        to_generic_text(text, filename='m.mlir')\n"
        "    except VerifyError as e:\n"
        "        assert 'm.mlir:40:' in str(e), e\n"
        "    else:\n"
        "        raise SystemExit('accepted')\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(bad)], capture_output=True, text=True, timeout=120, check=False
    )
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr[-2000:]


def test_load_text_pretty_without_iree_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the IREE packages, pretty text fails with a ParseError at its file:line:col that says how
    to get the IREE reader, from ir.load_text and simulator.parse_program alike (one loader, one error)."""
    import ir.iree_bridge as bridge
    from ir import ParseError, load_text
    from simulator import parse_program

    def missing() -> None:
        raise bridge.IREENotAvailableError("iree.compiler is not importable (test)")

    monkeypatch.setattr(bridge, "_bindings", missing)
    text = "util.func @f() {\n  util.return\n}\n"
    for load in (lambda: load_text(text, "p.mlir"), lambda: parse_program(text, filename="p.mlir")):
        with pytest.raises(ParseError, match=r"^p\.mlir:1:1: .*streamsim\[iree\]"):
            load()


def test_iree_bridge_parser_crash_is_a_parse_error(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """IREE's parser runs in a child process: when it crashes (as IREE 3.13's does on some malformed
    #util.composite attributes) the user gets the diagnostic it printed first, at file:line:col, not a
    dead process."""
    require_iree()
    import ir.iree_bridge as bridge

    tool = tmp_path / "iree-opt"
    tool.write_text("#!/bin/sh\ncat >/dev/null\necho '<stdin>:3:5: error: bad element' >&2\nkill -SEGV $$\n")
    tool.chmod(0o755)
    monkeypatch.setattr(bridge, "_iree_opt_binary", lambda: str(tool))
    with pytest.raises(
        ParseError, match=r"^m\.mlir:3:5: IREE rejected the module text: bad element \(and then crashed\)"
    ):
        bridge.to_generic_text("module {}\n", filename="m.mlir")
    tool.write_text("#!/bin/sh\ncat >/dev/null\nkill -SEGV $$\n")
    with pytest.raises(ParseError, match=r"^m\.mlir: IREE's parser crashed \(exit -11\) on the module text"):
        bridge.to_generic_text("module {}\n", filename="m.mlir")


def test_iree_bridge_real_crashing_input_is_reported() -> None:
    """The input the fuzz campaign found: one element of a #util.composite given a type its values do not
    fill. iree-opt 3.13 prints the error and then dies of a segmentation fault."""
    require_iree()
    from ir.iree_bridge import to_generic_text

    text = (iree_fixture_dirs()[0].parents[1] / "frontends" / "dropout_rng" / "hal.generic.mlir").read_text()
    old = "dense<[13, 15, 26, 6]> : tensor<4xi32>,"
    assert text.count(old) == 1
    bad = text.replace(old, "dense<[13, 15, 26, 6]> : tensor<1048576xi32>,")
    with pytest.raises(
        ParseError, match=r"^x\.mlir:7:5: IREE rejected the module text: inferred shape of elements"
    ):
        to_generic_text(bad, filename="x.mlir")


def test_iree_bridge_in_process_fallback_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without an iree-opt executable in the package the bindings parse in-process, to the same text."""
    require_iree()
    import ir.iree_bridge as bridge

    fixture = iree_fixture_dirs()[0]
    pretty = (fixture / "cmd.mlir").read_text()
    through_tool = bridge.to_generic_text(pretty, debug_info=True)
    monkeypatch.setattr(bridge, "_iree_opt_binary", lambda: None)
    assert bridge.to_generic_text(pretty, debug_info=True) == through_tool
    assert through_tool == bridge.to_generic_text(pretty, debug_info=True)


def test_generic_text_with_multiline_aliases_is_read_by_our_parser() -> None:
    """Every generic fixture is recognised as generic, including those that open with a multi-line
    #util.composite alias (they went to IREE's parser before, the path where IREE can crash)."""
    from ir.loader import looks_generic

    root = iree_fixture_dirs()[0].parents[1]
    generic = sorted(root.glob("*/*/*.generic.mlir"))
    assert len(generic) > 50
    assert [p for p in generic if not looks_generic(p.read_text())] == []
    assert not any(looks_generic(p.read_text()) for p in root.glob("*/*/cmd.mlir"))
    assert looks_generic(
        '#a = #util.composite<8xi8, [\n  dense<0> : vector<8xi8>,\n]>\n"builtin.module"() ({\n}) : () -> ()\n'
    )
    assert not looks_generic("#a = #x<[\n  iree.flag = 1,\n]>\nmodule {\n}\n")
