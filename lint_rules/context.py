"""What the phases of one file's lint share: the run's project index, the file, and what an
earlier phase computed (proof -> lint -> fix), so that no phase recomputes it.

A ``FileContext`` is made per file by its caller (the engine's triage, the lint, the fixer;
a test) and handed down; nothing here is module-level state. Each slot holds one answer with
the key it was computed for (the same keys the phases always checked), so a context handed to
another text recomputes, never answers wrongly. Imports nothing of the package at module
level (every phase may import it).
"""

from __future__ import annotations

import ast
import os
from typing import Optional


class FileContext:
    """The per-file state handed from phase to phase.

    ``index``: the run's project index (``lint_rules.project.Index``) or None; ``path``: the
    file being triaged or linted (absolute; None: not a file of the run, e.g. stdin).
    The slots, each ``(key, value)`` or None:

    * ``clean``: the shared reduction's last answer (``sparse.reduce_cached``);
    * ``model``: the whole-module proof's flow model, ``(text, roots, project view, Flow)``
      (``reduce.reduce_for``; the lint's ``sparse._flow_model`` and KVG005 reuse it);
    * ``state``: the last ``sparse.LintState`` with findings (the fixer re-reads it);
    * ``gating``: KVG004's ``gating.Gating`` (its reduction, check and rule);
    * ``facts``: KVG003's ``pathcond.Facts`` (the reduction's guard and the rule);
    * ``space``: KVG005's ``index_space.IndexSpace`` (its proof, then its check).
    """

    __slots__ = ("index", "path", "clean", "model", "state", "gating", "facts", "space")

    def __init__(self, index=None, path: Optional[str] = None) -> None:
        self.index = index
        self.path = os.path.abspath(path) if path else None
        self.clean: Optional[tuple] = None
        self.model: Optional[tuple] = None
        self.state: Optional[tuple] = None
        self.gating: Optional[tuple] = None
        self.facts: Optional[tuple] = None
        self.space: Optional[tuple] = None

    def _path(self, path: Optional[str]) -> Optional[str]:
        return os.path.abspath(path) if path else self.path

    def gated(self, path: Optional[str] = None) -> bool:
        """Does the module at ``path`` (None: this file) matter through another module (then
        :meth:`view` gives a view)? The gate only: nothing is parsed."""
        index = self.index
        if index is None:
            return False
        path = self._path(path)
        if path is None or path == os.path.abspath("-"):
            return False
        return index.gate(path)[0]

    def helpers_only(self, path: Optional[str] = None) -> Optional[frozenset]:
        """For a file that matters (:meth:`gated`) only because it imports helpers of other
        modules whose parameters may reach an anchor (nothing else the index gives it: no
        value returning the allocator, no module object, no star import, no base class holding
        it or giving backend scope), the names it binds them to; else None. Its flow model
        with the index is the single-module one plus anchors on calls passing the allocator to
        those helpers (``Flow._cross``): the outline proof decides it when it also refuses a
        carrying call of these names (``reduce._clean_by_outline``)."""
        index = self.index
        if index is None:
            return None
        path = self._path(path)
        if path is None or not index.gate(path)[0]:
            return None
        return index.helpers_only(path)

    def view(
        self,
        path: Optional[str] = None,
        tree: Optional[ast.Module] = None,
        text: Optional[str] = None,
    ):
        """The index view (``project.ModuleView``) for the module at ``path`` (None: this
        file), or None when the run built no index or the file cannot matter through another
        module (its flow model is then exactly the single-module one). ``tree``: the caller's
        ``ast`` of ``text``; the index takes it as the file's (no second parse) when the
        file's bytes are ``text`` in UTF-8 and either ASCII or without a coding cookie (then
        ``ast`` reads them as this text)."""
        if not self.gated(path):
            return None
        index = self.index
        path = self._path(path)
        if tree is not None:
            data = index.read(path)
            if text is None or data is None or data != text.encode("utf-8", "surrogatepass"):
                tree = None
            elif not data.isascii():
                from .source import _may_have_cookie

                if _may_have_cookie(data):
                    tree = None
        return index.view(path, tree)

    def backend_base(self, path: Optional[str], base_name: str) -> bool:
        """Is the base ``base_name`` (as written) of a class of the module at ``path`` a
        backend by the index (a base, in any module of the tree, matches a backend base
        pattern)?"""
        view = self.view(path)
        if view is None:
            return False
        try:
            expr = ast.parse(base_name, mode="eval").body
        except SyntaxError:
            return False
        return view.class_is_backend(expr)

    def for_path(self, path: Optional[str]) -> "FileContext":
        """This context when it is for ``path`` (absolute or relative to the working
        directory), else a fresh one for ``path`` under the same index."""
        if (os.path.abspath(path) if path else None) == self.path:
            return self
        return FileContext(self.index, path)


def of(ctx: Optional[FileContext]) -> FileContext:
    """``ctx``, or a fresh context without an index (a caller outside a run, e.g. a test)."""
    return ctx if ctx is not None else FileContext()
