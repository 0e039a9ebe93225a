"""kvguard's fixes as libcst codemod commands, for teams that already run libcst codemods.

    python -m libcst.tool codemod -x --no-format lint_rules.codemod.FixAllocatorSWA PATHS
    python -m libcst.tool codemod -x --no-format lint_rules.codemod.ResolveInitPool PATHS
    python -m libcst.tool codemod -x --no-format lint_rules.codemod.UseResolvedPool PATHS
    python -m libcst.tool codemod -x --no-format lint_rules.codemod.UpdaterBackendPool PATHS
    python -m libcst.tool codemod -x --no-format lint_rules.codemod.HelperTakesPool PATHS

``FixAllocatorSWA`` applies every fix ``kvguard fix`` applies; the other commands expose one
transform each (:mod:`lint_rules.fixes.resolve_init_pool`,
:mod:`lint_rules.fixes.use_resolved_pool`, :mod:`lint_rules.fixes.helper_takes_pool`;
``UpdaterBackendPool`` also runs use-resolved-pool, which finishes what it prepares). All go through the same safety net as
``kvguard fix``: a file whose fix fails verification is skipped (reported as a failure) and
left untouched. (``--no-format``: kvguard's output is already black-stable; libcst's default
formatter is black, which kvguard does not install.)
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import ClassVar, Optional

import libcst as cst
from libcst.codemod import CodemodCommand, CodemodContext, SkipFile

from .fixer import fix_text
from .fixes.helper_takes_pool import HelperTakesPool as _HelperTakesPool
from .fixes.resolve_init_pool import ResolveInitPool as _ResolveInitPool
from .fixes.updater_backend_pool import UpdaterBackendPool as _UpdaterBackendPool
from .fixes.use_resolved_pool import UseResolvedPool as _UseResolvedPool
from .model import ScopeConfig
from .registry import resolve_codes


def _existing_path(path: str) -> str:
    """A path the codemod is given must exist: one line and exit 2, as ``kvguard check`` does
    (libcst.tool would otherwise run on no file and die with a traceback)."""
    if path != "-" and not os.path.exists(path):
        sys.stderr.write(f"error: {path}: No such file or directory\n")
        sys.exit(2)
    return path


class _KvguardFix(CodemodCommand):
    TRANSFORMS: ClassVar[Optional[tuple[str, ...]]] = None  # None: every transform

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
        for action in arg_parser._actions:  # libcst.tool's own PATH argument
            if action.dest == "path" and action.type is None:
                action.type = _existing_path
        arg_parser.add_argument(
            "--target-version",
            default="auto",
            help="sglang version the fix targets (default: auto)",
        )
        arg_parser.add_argument(
            "--select", default="", help="comma-separated KVG codes (default rules)"
        )
        arg_parser.add_argument(
            "--all-code",
            action="store_true",
            help="report everywhere (fixes still edit only backend code)",
        )

    def transform_module_impl(self, tree: cst.Module) -> cst.Module:
        path = self.context.filename or "<unknown>.py"
        outcome = fix_text(
            tree.code,
            path,
            self.codes,
            self.scope,
            self.target_version,
            unsafe=True,
            transforms=self.TRANSFORMS,
        )
        if outcome.error:
            raise SkipFile(f"kvguard: fix not applied: {outcome.error}")
        if outcome.new_text == tree.code:
            return tree
        for finding in outcome.fixed:
            self.context.warnings.append(
                f"fixed {finding.code} in {finding.context} (target: {outcome.target})"
            )
        return cst.parse_module(outcome.new_text)


class FixAllocatorSWA(_KvguardFix):
    DESCRIPTION = (
        "kvguard: rewrite allocator-derived SWA decisions (KVG001-KVG003) to pool-based code "
        "(unsafe fixes: they change runtime behaviour on purpose)."
    )


class ResolveInitPool(_KvguardFix):
    DESCRIPTION = "kvguard: " + _ResolveInitPool.message + " (the trtllm __init__ shape)."
    TRANSFORMS = (_ResolveInitPool.name,)


class UseResolvedPool(_KvguardFix):
    DESCRIPTION = (
        "kvguard: " + _UseResolvedPool.message + " (isinstance / translate through the allocator)."
    )
    TRANSFORMS = (_UseResolvedPool.name,)


class UpdaterBackendPool(_KvguardFix):
    DESCRIPTION = "kvguard: " + _UpdaterBackendPool.message + " (the FlashInfer updater shape)."
    TRANSFORMS = (_UpdaterBackendPool.name, _UseResolvedPool.name)


class HelperTakesPool(_KvguardFix):
    DESCRIPTION = "kvguard: " + _HelperTakesPool.message + " (the Triton window helper shape)."
    TRANSFORMS = (_HelperTakesPool.name,)
