"""Windowed decode backend; location translation is owned by a small translator object."""

import logging

import torch

logger = logging.getLogger(__name__)


class WindowLocTranslator:
    """Translates full-pool locations through whatever kv object it was built over."""

    def __init__(self, kv_source, *, name: str = "decode"):
        self._kv = kv_source
        self._name = name
        self._translate = getattr(kv_source, "translate_loc_from_full_to_swa", None)
        self.translated_tokens = 0

    @property
    def active(self) -> bool:
        return self._translate is not None

    def __call__(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.active:
            return loc
        self.translated_tokens += int(loc.numel())
        return self._translate(loc)

    def __repr__(self):
        return f"WindowLocTranslator({self._name}, active={self.active})"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(model_runner, "page_size", 1)
        self.translator = WindowLocTranslator(self.allocator, name="decode")
        self._capacity = self.allocator.size
        logger.info("%r over %d kv slots", self.translator, self._capacity)

    def _usage(self) -> float:
        free = self.allocator.available_size()
        return 1.0 - free / max(self._capacity, 1)

    def forward_decode(self, loc):
        if self._usage() > 0.95:
            logger.warning("kv cache nearly full")
        return self.kv_pool, self.translator(loc)
