"""kvguard's autofix as a libcst codemod command, for teams that already run libcst codemods.

    python -m libcst.tool codemod -x lint_rules.codemod.FixAllocatorSWA PATHS

(or, with ``lint_rules`` listed under ``modules`` in ``.libcst.codemod.yaml``,
``python -m libcst.tool codemod codemod.FixAllocatorSWA PATHS``). It applies the same fixes as
``kvguard fix``, with the same safety net: a file whose fix fails verification is skipped
(reported as a failure) and left untouched.
"""

from __future__ import annotations

import argparse

import libcst as cst
from libcst.codemod import CodemodContext, CodemodCommand, SkipFile

from .fixer import fix_text
from .model import ScopeConfig
from .registry import resolve_codes


class FixAllocatorSWA(CodemodCommand):
    DESCRIPTION = (
        "kvguard: rewrite allocator-derived SWA decisions (KVG001-KVG003) to pool-based code "
        "(unsafe fixes: they change runtime behaviour on purpose)."
    )

    def __init__(
        self,
        context: CodemodContext,
        target_version: str = "auto",
        select: str = "",
        all_code: bool = False,
    ) -> None:
        super().__init__(context)
        self.target_version = target_version
        self.codes = resolve_codes(select.split(",") if select else None)
        self.scope = ScopeConfig(all_code=all_code)

    @staticmethod
    def add_args(arg_parser: argparse.ArgumentParser) -> None:
        arg_parser.add_argument(
            "--target-version", default="auto", help="sglang version the fix targets (default: auto)"
        )
        arg_parser.add_argument("--select", default="", help="comma-separated KVG codes (default rules)")
        arg_parser.add_argument(
            "--all-code", action="store_true", help="treat every module as attention-backend code"
        )

    def transform_module_impl(self, tree: cst.Module) -> cst.Module:
        path = self.context.filename or "<unknown>.py"
        outcome = fix_text(tree.code, path, self.codes, self.scope, self.target_version, unsafe=True)
        if outcome.error:
            raise SkipFile(f"kvguard: fix not applied: {outcome.error}")
        if outcome.new_text == tree.code:
            return tree
        for finding in outcome.fixed:
            self.context.warnings.append(
                f"fixed {finding.code} in {finding.context} (target: {outcome.target})"
            )
        return cst.parse_module(outcome.new_text)
