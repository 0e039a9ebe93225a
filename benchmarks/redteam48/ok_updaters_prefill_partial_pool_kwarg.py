"""Decode backend reusing a prefill-style updater via a partial bound with pool-derived kwargs."""

import functools
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterPrefill:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner, "page_size", 1)

    def call_begin_forward(
        self,
        kv_indices: torch.Tensor,
        *,
        use_ragged: bool = False,
        use_sliding_window_kv_pool: bool = False,
    ) -> torch.Tensor:
        if use_ragged:
            logger.debug("ragged prefill: no paged kv indices")
        out = kv_indices.clone()
        n = out.numel()
        if use_sliding_window_kv_pool:
            out[:n] = self.token_to_kv_pool.translate_loc_from_full_to_swa(out[:n])
        return out


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_prefill = FlashInferIndicesUpdaterPrefill(model_runner)
        self._begin_decode = functools.partial(
            self.indices_updater_prefill.call_begin_forward,
            use_ragged=False,
            use_sliding_window_kv_pool=isinstance(self.token_to_kv_pool, SWAKVPool),
        )
        logger.info("decode reuses prefill updater, kwargs=%s", self._begin_decode.keywords)

    def forward_extend(self, loc):
        return self.token_to_kv_pool, self._begin_decode(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._begin_decode(loc)
