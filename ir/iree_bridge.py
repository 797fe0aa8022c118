"""Optional bridge to the real IREE compiler's Python bindings (``iree-base-compiler``).

The project reads and writes MLIR's generic form with its own parser and printer. IREE is the
reference for both: this module lets IREE itself parse text in-process, so that

* pretty (custom-syntax) text from IREE tools can be turned into the generic form the project reads
  (:func:`to_generic_text`, the same text ``iree-opt --mlir-print-op-generic`` prints);
* a text the project printed can be checked against IREE's verifier (:func:`iree_opt_verify`);
* our parse of a module can be compared op for op with IREE's (:func:`op_name_histogram`).

Nothing here is needed to use the project. Without the ``iree`` extra every function except
:func:`iree_available` raises :class:`IREENotAvailableError`, which is both an
:class:`~ir.errors.IRError` and an :class:`ImportError`.

Diagnostics: MLIR reports errors through a diagnostic handler. Each call attaches one that records
every diagnostic and marks it handled, so MLIR prints nothing to stderr; the first error becomes a
:class:`~ir.errors.ParseError` (text that does not parse) or :class:`~ir.errors.VerifyError` (text that
parses but an op's verifier rejects, recognised by MLIR's ``'dialect.op' op ...`` message prefix or a
dominance message), located at ``file:line:col`` of the input.
"""

from __future__ import annotations

import collections
import functools
import os
import re
import subprocess
from typing import Any

from ir.core import SourceLocation
from ir.errors import IRError, ParseError, VerifyError

__all__ = [
    "IREENotAvailableError",
    "iree_available",
    "iree_opt_verify",
    "op_name_histogram",
    "to_generic_text",
]

_INSTALL_HINT = "install the 'iree' extra: pip install 'streamsim[iree]' (iree-base-compiler)"
# A file location inside an MLIR location: "name":line:col (inside loc(...), fused<...>, callsite).
_FILE_LOC = re.compile(r'"((?:[^"\\]|\\.)*)":(\d+):(\d+)')
# MLIR's Operation::emitOpError prefix, used by op verifiers: 'stream.cmd.copy' op ...
_OP_ERROR = re.compile(r"^'[\w$.]+' op ")


class IREENotAvailableError(IRError, ImportError):
    """The IREE compiler's Python bindings (``iree.compiler``) are not installed."""


def iree_available() -> bool:
    """Whether ``iree.compiler``'s MLIR bindings can be imported."""
    try:
        _bindings()
    except IREENotAvailableError:
        return False
    return True


def _bindings() -> Any:
    try:
        from iree.compiler import ir as iree_ir
    except ImportError as e:
        raise IREENotAvailableError(f"iree.compiler is not importable ({e}); {_INSTALL_HINT}") from None
    return iree_ir


class _Diagnostics:
    """Records every diagnostic of one context and stops MLIR from printing it."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, str]] = []

    def __call__(self, diag: Any) -> bool:
        if str(diag.severity).endswith("ERROR"):
            notes = "".join(f"\n  note: {n.message}" for n in diag.notes)
            self.errors.append((str(diag.location), f"{diag.message}{notes}"))
        return True


def _context(allow_unregistered: bool) -> tuple[Any, _Diagnostics]:
    iree_ir = _bindings()
    # IREE's Context registers and lazily loads every IREE and upstream dialect.
    ctx = iree_ir.Context()
    # MLIR verifies a parsed module on a thread pool, and each worker that reports an error calls the
    # Python diagnostic handler below, which needs the GIL, while the parsing thread holds the GIL
    # inside Module.parse and waits for the workers: a deadlock whenever the verifier fails. Verifying
    # on the calling thread makes it impossible (and costs nothing measurable on these module sizes).
    ctx.enable_multithreading(False)
    ctx.allow_unregistered_dialects = allow_unregistered
    diags = _Diagnostics()
    ctx.attach_diagnostic_handler(diags)
    return ctx, diags


def _location(mlir_loc: str, filename: str) -> SourceLocation | None:
    m = _FILE_LOC.search(mlir_loc)
    if m is None or int(m.group(2)) == 0:
        return None
    # "-" is the parsed buffer itself; any other name comes from a loc(...) attribute in the text
    # (an op printed with debug info), which points at the file the op came from.
    name = filename if m.group(1) == "-" else m.group(1)
    return SourceLocation(name, int(m.group(2)), int(m.group(3)))


def _error(location: str, message: str, filename: str, what: str) -> IRError:
    loc = _location(location, filename)
    is_verify = bool(_OP_ERROR.match(message)) or "does not dominate" in message
    kind = VerifyError if is_verify else ParseError
    return kind(f"IREE rejected the {what}: {message}", location=loc if loc is not None else filename)


def _parse(text: str, filename: str, *, allow_unregistered: bool, what: str) -> Any:
    """Parse and verify ``text`` as a module with IREE's parser; raise ParseError/VerifyError."""
    iree_ir = _bindings()
    ctx, diags = _context(allow_unregistered)
    try:
        # Module.parse wraps top-level ops in an implicit builtin.module, as iree-opt does. It names
        # the buffer "-"; locations are rebuilt with ``filename`` from their line and column.
        return iree_ir.Module.parse(text, context=ctx).operation
    except iree_ir.MLIRError as e:
        found = [(str(d.location), d.message) for d in e.error_diagnostics] or diags.errors
        if found:
            raise _error(found[0][0], found[0][1], filename, what) from None
        raise ParseError(f"IREE rejected the {what}: {e}", location=filename) from None


def to_generic_text(
    text: str, *, filename: str = "<input>", allow_unregistered: bool = False, debug_info: bool = False
) -> str:
    """Parse MLIR text (pretty or generic) with IREE and print it in MLIR's generic form.

    The result is what ``iree-opt --mlir-print-op-generic`` prints for the same input, attribute aliases
    included, down to the blank line it writes at the end. With ``debug_info`` each op carries
    ``loc(...)`` with its position in ``text``, which :func:`ir.loader.adopt_debug_locations` turns back
    into source locations.

    The text is parsed by IREE's ``iree-opt`` in a child process when the package ships it: IREE's parser
    can crash on malformed input (a ``#util.composite`` holding an invalid element attribute is a
    segmentation fault in IREE 3.13), which must not take the user's process with it. The crash becomes
    a ParseError carrying the first diagnostic IREE printed before it died.

    Raises
    ------
    ParseError
        The text does not parse (or IREE's parser crashed on it); the location is ``filename:line:col``
        of the first error.
    VerifyError
        The text parses but an op's verifier rejects it.
    IREENotAvailableError
        ``iree.compiler`` is not installed.
    """
    _bindings()  # raises IREENotAvailableError without the iree extra
    tool = _iree_opt_binary()
    if tool is None:
        op = _parse(text, filename, allow_unregistered=allow_unregistered, what="module text")
        asm: str = op.get_asm(print_generic_op_form=True, enable_debug_info=debug_info)
    else:
        asm = _run_iree_opt(
            tool, text, filename, allow_unregistered=allow_unregistered, debug_info=debug_info
        )
    # iree-opt writes the printed op and then a newline of its own: the file ends in a blank line.
    return asm.rstrip("\n") + "\n\n"


@functools.cache
def _iree_opt_binary() -> str | None:
    """The ``iree-opt`` executable of the installed ``iree-base-compiler``, if it ships one."""
    try:
        from iree.compiler.tools.binaries import find_tool

        path: str = find_tool("iree-opt")
    except Exception:  # noqa: BLE001 - any failure to locate it means: parse in-process
        return None
    return path if os.access(path, os.X_OK) else None


#: iree-opt's diagnostics: ``<buffer>:line:col: error: message`` (the buffer is ``<stdin>`` here).
_DIAGNOSTIC = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$", re.M)


def _run_iree_opt(tool: str, text: str, filename: str, *, allow_unregistered: bool, debug_info: bool) -> str:
    args = [tool, "--mlir-print-op-generic", "--mlir-disable-threading", "-"]
    if debug_info:
        args.append("--mlir-print-debuginfo")
    if allow_unregistered:
        args.append("--allow-unregistered-dialect")
    data = text.encode("utf-8", "surrogateescape")
    # Parsing is linear in the text: a minute per 10 MB is far beyond any real parse, and short of a hang.
    limit_s = 60.0 + 6.0 * len(data) / 1e6
    try:
        # A crash's stack dump is not symbolized: that took seconds and is of no use to the user.
        env = {**os.environ, "LLVM_DISABLE_SYMBOLIZATION": "1"}
        done = subprocess.run(args, input=data, capture_output=True, timeout=limit_s, check=False, env=env)
    except subprocess.TimeoutExpired:
        raise ParseError(f"IREE's parser did not finish within {limit_s:.0f} s", location=filename) from None
    if done.returncode == 0:
        # iree-opt names its stdin buffer "<stdin>" where the bindings say "-" (what the loader maps back)
        return done.stdout.decode("utf-8", "surrogateescape").replace('loc("<stdin>":', 'loc("-":')
    stderr = done.stderr.decode("utf-8", "replace")
    m = _DIAGNOSTIC.search(stderr)
    crashed = done.returncode < 0 or "Stack dump:" in stderr
    if m is None:
        what = f"crashed (exit {done.returncode})" if crashed else f"failed (exit {done.returncode})"
        raise ParseError(f"IREE's parser {what} on the module text", location=filename)
    loc = (
        SourceLocation(filename, int(m.group(2)), int(m.group(3)))
        if m.group(1) in ("-", "<stdin>")
        else filename
    )
    message = m.group(4)
    if crashed:  # IREE reported the error and then crashed on it: the error is the user's to fix
        raise ParseError(f"IREE rejected the module text: {message} (and then crashed)", location=loc)
    is_verify = bool(_OP_ERROR.match(message)) or "does not dominate" in message
    kind = VerifyError if is_verify else ParseError
    raise kind(f"IREE rejected the module text: {message}", location=loc)


def iree_opt_verify(generic_text: str, *, filename: str = "<input>") -> None:
    """Check that IREE parses ``generic_text`` and its verifier accepts every op.

    Dialects must be registered (as they are for ``iree-opt``). Returns ``None`` when IREE accepts the
    text; otherwise raises :class:`~ir.errors.ParseError` or :class:`~ir.errors.VerifyError` with
    IREE's message and ``filename:line:col``.
    """
    op = _parse(generic_text, filename, allow_unregistered=False, what="module text")
    # Parsing already ran the verifier; verify again explicitly so a future parser that skips it
    # cannot silently accept an invalid module.
    iree_ir = _bindings()
    try:
        op.verify()
    except iree_ir.MLIRError as e:
        diag = e.error_diagnostics[0] if e.error_diagnostics else None
        if diag is None:
            raise VerifyError(f"IREE's verifier rejected the module: {e}", location=filename) from None
        raise _error(str(diag.location), diag.message, filename, "module") from None


def op_name_histogram(
    text: str, *, filename: str = "<input>", allow_unregistered: bool = False
) -> collections.Counter[str]:
    """Count the ops of every name in ``text`` as IREE's own parser reads it.

    Every op is counted, nested ones and the top-level ``builtin.module`` included, so the result can
    be compared with the same count over the project's parse of the text.
    """
    op = _parse(text, filename, allow_unregistered=allow_unregistered, what="module text")
    iree_ir = _bindings()
    counts: collections.Counter[str] = collections.Counter()

    def visit(inner: Any) -> Any:
        counts[inner.name] += 1
        return iree_ir.WalkResult.ADVANCE

    op.operation.walk(visit)
    return counts
