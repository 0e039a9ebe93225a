"""Decode backend whose hybrid-KV wiring is finished by a metaclass.

``_HybridWiring.__call__`` runs after ``__init__`` and attaches ``swa_kv_pool``
plus the bound ``_translate`` helper, so every backend deriving from
``_WiredBackend`` gets identical hybrid handling without repeating it.
"""

from __future__ import annotations

import abc
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _HybridWiring(abc.ABCMeta):
    def __call__(cls, model_runner, *args, **kwargs):
        instance = super().__call__(model_runner, *args, **kwargs)
        pool = model_runner.token_to_kv_pool
        instance.swa_kv_pool = pool if isinstance(pool, SWAKVPool) else None
        instance._translate = (
            instance.swa_kv_pool.translate_loc_from_full_to_swa
            if instance.swa_kv_pool is not None
            else (lambda loc: loc)
        )
        logger.debug("%s wired (hybrid=%s)", cls.__name__, instance.swa_kv_pool is not None)
        return instance


class _WiredBackend(AttentionBackend, metaclass=_HybridWiring):
    swa_kv_pool: Optional[SWAKVPool]


class GeneratedAttnBackend(_WiredBackend):
    """Decode backend; hybrid attributes are set by ``_HybridWiring``."""

    def __init__(self, model_runner, num_head: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.num_head = num_head
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._translate(loc)
