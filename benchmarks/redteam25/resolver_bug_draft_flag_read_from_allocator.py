"""FlashInfer-style backend whose decode indices updater is handed the resolved SWA pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _Wrapper:
    def __init__(self, window_left):
        self.window_left = window_left
        self.kv_indices = None

    def plan(self, kv_indices):
        self.kv_indices = kv_indices


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, swa_kv_pool: Optional[SWAKVPool]):
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_kv_pool = swa_kv_pool

    def update_sliding_window(self, loc, wrappers):
        for wrapper_id, wrapper in enumerate(wrappers):
            kv_indices = loc.to(torch.int64)
            if wrapper_id == 0 and self.swa_kv_pool is not None:
                kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
            wrapper.plan(kv_indices)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        window = getattr(model_runner, "sliding_window_size", None) or 1024
        self.decode_wrappers = [_Wrapper(window - 1), _Wrapper(-1)]
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(
            model_runner, self._swa_kv_pool
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        if getattr(alloc, "is_draft_worker", False):
            spec = model_runner.spec_algorithm
            if not (hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp()):
                return None
        kv = alloc.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def init_forward_metadata(self, loc):
        self.indices_updater_decode.update_sliding_window(loc, self.decode_wrappers)

    def forward(self, loc, layer_window=1024, mode="decode"):
        self.init_forward_metadata(loc)
        if layer_window > -1 and self._swa_kv_pool is not None:
            return self._swa_kv_pool, self.decode_wrappers[0].kv_indices
        return self.token_to_kv_pool, self.decode_wrappers[1].kv_indices

    def forward_decode(self, loc):
        return self.forward(loc)
