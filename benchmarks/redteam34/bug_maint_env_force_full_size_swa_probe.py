"""Decode backend with an env override for full attention and a capacity-based SWA switch."""

import logging
from typing import Optional

import torch

from sglang.srt.utils import get_bool_env_var, get_int_env_var

logger = logging.getLogger(__name__)

_FORCE_FULL_ATTN = "SGLANG_DECODE_FORCE_FULL_ATTN"
_WORKSPACE_MB = "SGLANG_DECODE_WORKSPACE_MB"


def _workspace(device, mb: int) -> torch.Tensor:
    return torch.empty(mb * 1024 * 1024 // 4, dtype=torch.float32, device=device)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        self.workspace = _workspace(model_runner.device, get_int_env_var(_WORKSPACE_MB, 1))
        self.swa_pool = self._maybe_swa_pool(model_runner)

    def _maybe_swa_pool(self, model_runner) -> Optional[object]:
        if get_bool_env_var(_FORCE_FULL_ATTN):
            logger.warning("%s set: SWA layers fall back to the full pool", _FORCE_FULL_ATTN)
            return None
        if model_runner.server_args.disable_hybrid_swa_memory:
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        swa_tokens = getattr(allocator, "size_swa", 0)
        if swa_tokens <= 0:
            return None
        logger.info("SWA decode enabled (%d swa tokens)", swa_tokens)
        return allocator.get_kvcache()

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
