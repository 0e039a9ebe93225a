"""Windowed decode backend that stores a bound translator for the SWA pool it resolved."""

import contextlib
import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    seq_lens_cpu: Optional[torch.Tensor] = None
    window_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.spec_algorithm = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self._to_swa: Optional[Callable] = (
            self.swa_pool.translate_loc_from_full_to_swa if self.swa_pool is not None else None
        )
        self.metadata = DecodeMetadata()

    def _frozen_kv(self) -> bool:
        frozen = False
        with contextlib.suppress(AttributeError):
            frozen = bool(self.spec_algorithm.is_frozen_kv_mtp())
        return frozen

    def _resolve_swa_pool(self, runner) -> Optional[SWAKVPool]:
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        is_draft = bool(getattr(runner, "is_draft_worker", False))
        shares_target_kv = not is_draft or self._frozen_kv()
        if not shares_target_kv:
            logger.debug("draft worker with its own pool: no SWA translation")
            return None
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_window_loc = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        self.cuda_graph_seq_lens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata(self, forward_batch):
        self.metadata = DecodeMetadata(seq_lens_cpu=forward_batch.seq_lens.cpu())

    def forward_decode(self, loc):
        if self._to_swa is None:
            return self.pool, loc
        self.metadata.window_loc = self._to_swa(loc)
        return self.swa_pool, self.metadata.window_loc
