"""kvguard's rules as Fixit lint rules (``fixit --rules lint_rules.fixit_rules lint PATH``).

One :class:`fixit.LintRule` per rule of :data:`lint_rules.registry.RULES`, generated from the
registry (``KVG001SwaModeFromAllocator``, ...). None of them looks at the tree itself: on
``visit_Module`` each asks kvguard for the file's findings through the path ``kvguard check``
takes for a file of its run (the ``[tool.kvguard]`` configuration found from the file, its rule
selection and per-file-ignores, excludes, the backend scope from the project root, the project
index, ``# noqa`` / ``# kvguard: ignore[...]`` suppressions) and reports those of its own code
at kvguard's exact position, the code leading the message. The file is linted once for all the
rules (the last result is kept), so the adapter finds what ``kvguard check`` finds: a rule
that kvguard's configuration does not select (KVG004-KVG006 by default) reports nothing,
whatever Fixit enables.

The file's path comes from libcst's ``FilePathProvider``, which Fixit resolves (through a
``FullRepoManager``) for a rule that declares it: in ``fixit lint``/``fix``, for stdin
(``- NAME``) and in its rule-case tests. Where it gives no path, the text is linted as ``-``
with the configuration found from the working directory, as ``kvguard check -`` does. Fixit's own
``# lint-ignore`` comments apply only at the top of the module (the findings are reported on the
``Module`` node): suppress single findings with kvguard's comments.
"""

from __future__ import annotations

import os
from typing import Optional

import libcst
from fixit import LintRule
from libcst.metadata import CodePosition, CodeRange, FilePathProvider, PositionProvider

from . import registry
from .model import Finding

__all__ = ["findings_for", "rule_classes"]

# the last configuration's Engine ({key, engine}): another configuration builds its own, which
# installs its project index
_ENGINE: dict = {}
# the last file's findings: (Module node, path, {code: [Finding]}); every rule of a file asks
_LAST: list = []


def _config_for(path: Optional[str]):
    from .config import discover_config

    return discover_config([path] if path else [])


def _engine_for(config):
    """The run state ``kvguard check`` would build for this configuration (no result cache)."""
    from .engine import Engine, Options

    key = (config.path, config.scope.root)
    engine = _ENGINE.get("engine") if _ENGINE.get("key") == key else None
    if engine is None:
        codes = registry.resolve_codes(layers=[config.selection_layer()])
        engine = Engine(config, codes, Options(use_cache=False, jobs=1))  # installs its index
        _ENGINE.update(key=key, engine=engine)
    return engine


def _lint(path: Optional[str], text: str) -> dict[str, list[Finding]]:
    from .discovery import Target, excluder, make_target

    config = _config_for(path)
    engine = _engine_for(config)
    settings = engine.settings
    if path is None:
        result = engine.lint_source(text, "-", settings.codes_for(Target("-", "-", "-", True)))
    else:
        target = make_target(path, config, explicit=False)
        if excluder(config).match(target.rel):  # as a directory walk would skip it
            return {}
        result = settings.lint(text, target.display, settings.codes_for(target), target.abspath)
    if result.error is not None:
        raise RuntimeError(f"kvguard: {result.error}")
    by_code: dict[str, list[Finding]] = {}
    for finding in result.findings:
        by_code.setdefault(finding.code, []).append(finding)
    return by_code


def findings_for(path: Optional[str], text: str) -> dict[str, list[Finding]]:
    """kvguard's findings for ``text`` read from ``path`` (None: stdin), by code."""
    return _lint(path, text)


def _module_findings(node: libcst.Module, path: Optional[str]) -> dict[str, list[Finding]]:
    """:func:`findings_for` the module, once for all the rules of a file: they visit the same
    ``Module`` node (kept here, so its identity cannot be reused by another file's)."""
    if _LAST and _LAST[0][0] is node and _LAST[0][1] == path:
        return _LAST[0][2]
    text = node.code
    if text.startswith("\ufeff"):  # kvguard reads text without its BOM
        text = text[1:]
    by_code = findings_for(path, text)
    _LAST[:] = [(node, path, by_code)]
    return by_code


def _position(finding: Finding) -> CodeRange:
    # kvguard: 1-based rows and columns; libcst: 1-based lines, 0-based columns
    start, end = finding.location, finding.end_location
    return CodeRange(
        CodePosition(start.row, start.column - 1), CodePosition(end.row, end.column - 1)
    )


def _class_name(meta: registry.RuleMeta) -> str:
    return meta.code + "".join(part.capitalize() for part in meta.name.split("-"))


def rule_classes() -> dict[str, type]:
    """One Fixit rule class per registered kvguard rule, by class name."""

    class KvguardRule(LintRule):
        # ``code`` is set on each generated subclass
        METADATA_DEPENDENCIES = (PositionProvider, FilePathProvider)
        code = ""

        def visit_Module(self, node: libcst.Module) -> None:
            path = self.get_metadata(FilePathProvider, node, None)
            found = _module_findings(node, os.fspath(path) if path else None)
            for finding in found.get(self.code, ()):
                self.report(node, f"{finding.code} {finding.message}", position=_position(finding))

    classes = {}
    for meta in registry.RULES.values():
        name = _class_name(meta)
        classes[name] = type(
            name,
            (KvguardRule,),
            {"code": meta.code, "__doc__": f"{meta.code} ({meta.name}): {meta.summary}."},
        )
    return classes


globals().update(rule_classes())
