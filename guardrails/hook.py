"""The post-import hook: a target module is handed to a callback right after it is first
imported, so that no backend module is imported just because the guard is on (on a GPU box
``trtllm_mha_backend`` pulls in flashinfer). Knows nothing about backends or checks."""

from __future__ import annotations

import importlib.abc
import importlib.util
import threading
from typing import Callable, Iterable


class PostImportLoader(importlib.abc.Loader):
    def __init__(self, inner, on_loaded: Callable):
        self._inner = inner
        self._on_loaded = on_loaded

    def create_module(self, spec):
        return self._inner.create_module(spec)

    def exec_module(self, module):
        self._inner.exec_module(module)
        self._on_loaded(module)

    def __getattr__(self, attr):
        return getattr(self._inner, attr)


class PostImportFinder(importlib.abc.MetaPathFinder):
    """Calls ``on_loaded(module)`` right after one of ``names`` is first imported."""

    def __init__(self, names: Iterable[str], on_loaded: Callable):
        self.names = set(names)
        self._on_loaded = on_loaded
        self._busy = threading.local()

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names or getattr(self._busy, "name", None) == fullname:
            return None
        self._busy.name = fullname
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            self._busy.name = None
        if spec is None or spec.loader is None:
            return spec
        spec.loader = PostImportLoader(spec.loader, self._on_loaded)
        return spec
