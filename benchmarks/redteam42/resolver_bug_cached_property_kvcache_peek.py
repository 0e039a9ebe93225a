"""SWA-aware decode backend that resolves its window pool lazily via cached_property."""

import contextlib
import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    max_seq_len: int = 0
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.metadata = DecodeMetadata()
        self.num_kv_heads = getattr(model_runner.model_config, "num_key_value_heads", 1)

    def _is_frozen_kv_mtp(self) -> bool:
        spec = getattr(self._runner, "spec_algorithm", None)
        with contextlib.suppress(AttributeError):
            return bool(spec.is_frozen_kv_mtp())
        return False

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        runner = self._runner
        # Peek at the shared cache up front so the log line below can name it.
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        logger.debug(
            "active pool %s, allocator cache %s",
            type(self.pool).__name__,
            type(shared).__name__,
        )
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if isinstance(shared, SWAKVPool):
            return shared
        if getattr(runner, "is_draft_worker", False) and not self._is_frozen_kv_mtp():
            return None
        return None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        device = self._runner.device
        self.cuda_graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=device)
        self.cuda_graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=device)

    def init_forward_metadata(self, forward_batch):
        self.metadata = DecodeMetadata(max_seq_len=int(forward_batch.seq_lens.max().item()))

    def forward_decode(self, loc):
        pool = self.swa_pool
        if pool is not None:
            self.metadata.swa_loc = pool.translate_loc_from_full_to_swa(loc)
            return pool, self.metadata.swa_loc
        return self.pool, loc
