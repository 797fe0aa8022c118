"""``streamsim opt``: parse, verify and print a program, in the manner of ``iree-opt``.

Input is MLIR's generic form, read by the project's own parser. IREE's pretty (custom-syntax) text is
converted to generic form in-process by the IREE compiler's Python bindings when the ``iree`` extra is
installed. ``-`` reads standard input.
"""

from __future__ import annotations

import argparse
import sys

from ir import ParseError, load_file, print_generic, verify


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser("opt", help="parse, verify and print a stream program (like iree-opt)")
    p.add_argument(
        "file", help="MLIR file (generic form, or IREE pretty text with the 'iree' extra); - for stdin"
    )
    p.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--generic", action="store_true", help="print MLIR's generic form (the default)")
    form.add_argument("--pretty", action="store_true", help="print the dialects' custom syntax, for people")
    p.add_argument(
        "--allow-unregistered-dialect",
        action="store_true",
        help="accept ops of dialects IREE does not know in pretty text, kept opaque (as iree-opt's flag)",
    )
    p.add_argument("--no-verify", action="store_true", help="skip the verifier")
    p.add_argument("--iree-names", action="store_true", help="spell ops renamed by IREE 3.x the new way")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    module = load_file(args.file, allow_unregistered=args.allow_unregistered_dialect)
    if not args.no_verify:
        verify(module)
    if args.pretty:
        try:
            from ir.pretty import print_pretty
        except ImportError as exc:  # pragma: no cover - ships with ir
            raise ParseError("the pretty printer is not available") from exc
        out = print_pretty(module)
    else:
        out = print_generic(module, iree_names=args.iree_names)
    if args.output == "-":
        sys.stdout.write(out)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(out)
    return 0
