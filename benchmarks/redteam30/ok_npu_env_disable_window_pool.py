"""Ascend NPU attention backend with an env override to disable sliding-window handling."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)


@dataclass
class NPUSWAConfig:
    enabled: bool
    pool: Optional[SWAKVPool] = None


def _swa_config(model_runner) -> NPUSWAConfig:
    if get_bool_env_var("SGLANG_NPU_DISABLE_SWA"):
        logger.warning("SGLANG_NPU_DISABLE_SWA set: sliding-window layers read the full pool")
        return NPUSWAConfig(enabled=False)
    match model_runner.token_to_kv_pool:
        case SWAKVPool() as pool:
            return NPUSWAConfig(enabled=True, pool=pool)
        case _:
            return NPUSWAConfig(enabled=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa = _swa_config(model_runner)
        self.block_table: Optional[torch.Tensor] = None

    def forward_decode(self, loc):
        if self.swa.enabled:
            return self.swa.pool, self.swa.pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
