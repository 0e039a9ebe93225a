"""Configurable decode backend whose subclasses choose where KV indices are resolved.

``_IndexedDecodeBackend`` reads KV from the runner's pool and translates decode
locations through whichever runner member ``KV_INDEX_OWNER`` names.
"""

import logging
from typing import ClassVar

import torch

logger = logging.getLogger(__name__)


class _IndexedDecodeBackend:
    KV_INDEX_OWNER: ClassVar[str] = "token_to_kv_pool_allocator"
    BACKEND_NAME: ClassVar[str] = "indexed"

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self._index_owner = getattr(model_runner, self.KV_INDEX_OWNER)
        self.sliding_window = (
            getattr(self._index_owner, "full_to_swa_index_mapping", None) is not None
        )
        logger.info("%s backend: sliding_window=%s", self.BACKEND_NAME, self.sliding_window)

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.sliding_window:
            return loc
        return self._index_owner.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._locations(loc)


class GeneratedAttnBackend(_IndexedDecodeBackend):
    """Decode backend for hybrid full/sliding-window attention models."""

    KV_INDEX_OWNER = "token_to_kv_pool"
    BACKEND_NAME = "hybrid_swa"

    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.max_context_len = getattr(model_runner.model_config, "context_len", None)
