"""Attention backend using the shared module-level SWA pool resolver used by the spec workers."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_regular_draft(model_runner) -> bool:
    """A draft that reads its own KV (EAGLE/EAGLE3/NEXTN), as opposed to FROZEN_KV MTP."""
    if not getattr(model_runner, "is_draft_worker", False):
        return False
    spec = model_runner.spec_algorithm
    frozen = getattr(spec, "is_frozen_kv_mtp", None)
    return not (frozen is not None and frozen())


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if _is_regular_draft(model_runner):
        return None
    candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return candidate if isinstance(candidate, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.page_size = getattr(model_runner, "page_size", 1)
        server_args = getattr(model_runner, "server_args", None)
        self.num_draft_tokens = getattr(server_args, "speculative_num_draft_tokens", None) or 1
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.forward_metadata = None

    def init_forward_metadata(self, loc, mode="decode"):
        q_len = self.num_draft_tokens if mode == "target_verify" else 1
        md = {"loc": loc, "q_len": q_len, "swa_loc": None}
        if self._swa_kv_pool is not None:
            md["swa_loc"] = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_target_verify(self, loc):
        self.init_forward_metadata(loc, mode="target_verify")
        return self._read(window=4096)

    def _read(self, window):
        md = self.forward_metadata
        if window > -1 and md["swa_loc"] is not None:
            return self._swa_kv_pool, md["swa_loc"]
        return self.token_to_kv_pool, md["loc"]

    def forward(self, loc, mode="decode"):
        if mode == "target_verify":
            return self.forward_target_verify(loc)
        self.init_forward_metadata(loc, mode)
        return self._read(window=4096)

    def forward_decode(self, loc):
        return self.forward(loc)
