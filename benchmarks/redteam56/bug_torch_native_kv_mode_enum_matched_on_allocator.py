"""Torch-native backend for CPU/XPU bring-up: KV read mode picked by structural match."""

import enum
import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class KVReadMode(enum.Enum):
    FULL = "full"
    SLIDING = "sliding"


@dataclass
class NativeDecodeState:
    mode: KVReadMode
    loc: torch.Tensor = None


def _read_mode_for(allocator) -> KVReadMode:
    match allocator:
        case SWATokenToKVPoolAllocator():
            return KVReadMode.SLIDING
        case _:
            return KVReadMode.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_heads = getattr(model_runner.model_config, "num_attention_heads", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.mode = _read_mode_for(self.token_to_kv_pool_allocator)
        self.state = NativeDecodeState(self.mode)
        logger.info("torch_native: kv read mode %s", self.mode.value)

    def _gather(self, loc: torch.Tensor) -> torch.Tensor:
        if self.mode is KVReadMode.SLIDING:
            return self.token_to_kv_pool_allocator.full_to_swa_index_mapping[loc]
        return loc

    def init_forward_metadata(self, forward_batch):
        self.state = NativeDecodeState(self.mode, self._gather(forward_batch.out_cache_loc))

    def _run_sdpa(self, q, k, v, scaling=None):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, scale=scaling)

    def forward_decode(self, loc):
        self.state = NativeDecodeState(self.mode, self._gather(loc))
        return self.token_to_kv_pool, self.state.loc
