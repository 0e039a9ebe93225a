"""Attention backend with prefill/decode index updaters sharing one location translator."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

_TRANSLATE = "translate_loc_from_full_to_swa"


class _IndicesUpdaterBase:
    def __init__(self, attn_backend, translate: Optional[Callable]):
        self.attn_backend = attn_backend
        self.translate = translate
        self.num_updates = 0

    def _indices(self, loc: torch.Tensor) -> torch.Tensor:
        self.num_updates += 1
        return loc if self.translate is None else self.translate(loc)


class FlashInferIndicesUpdaterPrefill(_IndicesUpdaterBase):
    def call_begin_forward(self, loc: torch.Tensor, prefix_lens=None):
        return self.attn_backend.token_to_kv_pool, self._indices(loc)


class FlashInferIndicesUpdaterDecode(_IndicesUpdaterBase):
    def call_begin_forward(self, loc: torch.Tensor):
        return self.attn_backend.token_to_kv_pool, self._indices(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        translate = self._make_translator()
        self.indices_updater_prefill = FlashInferIndicesUpdaterPrefill(self, translate)
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(self, translate)
        logger.debug(
            "updaters built (translate=%s, allocator=%s)",
            translate is not None,
            type(self.token_to_kv_pool_allocator).__name__,
        )

    def _make_translator(self) -> Optional[Callable]:
        if hasattr(self.token_to_kv_pool, _TRANSLATE):
            return getattr(self.token_to_kv_pool, _TRANSLATE)
        return None

    def forward_extend(self, loc):
        return self.indices_updater_prefill.call_begin_forward(loc)

    def forward_decode(self, loc):
        return self.indices_updater_decode.call_begin_forward(loc)
