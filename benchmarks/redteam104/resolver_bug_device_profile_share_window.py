"""Attention backend with per-device speculative-decoding profiles.

Each device profile says whether the draft model may reuse the target's window cache.
On host (CPU) execution memory is plentiful but bandwidth is not, so the draft reads
the target's window cache instead of maintaining its own.
"""

import logging
from dataclasses import dataclass
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SpecProfile:
    kernel: str
    draft_shares_target_window: bool


_SPEC_PROFILES: Dict[str, SpecProfile] = {
    "cuda": SpecProfile("flashinfer", False),
    "npu": SpecProfile("ascend_fia", False),
    "xpu": SpecProfile("xpu_flash", False),
    "cpu": SpecProfile("torch_sdpa", True),
}


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        dev_type = torch.device(model_runner.device).type
        self.profile = _SPEC_PROFILES.get(dev_type, _SPEC_PROFILES["cpu"])
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool(model_runner)
        logger.info(
            "attn: device=%s kernel=%s swa=%s",
            dev_type,
            self.profile.kernel,
            self.swa_kv_pool is not None,
        )

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        is_plain_draft = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        if is_plain_draft and not self.profile.draft_shares_target_window:
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
