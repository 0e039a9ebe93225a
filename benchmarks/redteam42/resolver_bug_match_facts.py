"""Decode backend for hybrid sliding-window models; pool selection is a match over runner facts."""

import logging
from dataclasses import dataclass
from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class RunnerFacts(NamedTuple):
    active_is_swa: bool
    frozen_kv: bool
    is_draft: bool

    @classmethod
    def collect(cls, runner) -> "RunnerFacts":
        probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return cls(
            active_is_swa=isinstance(runner.token_to_kv_pool, SWAKVPool),
            is_draft=bool(getattr(runner, "is_draft_worker", False)),
            frozen_kv=bool(probe()) if probe is not None else False,
        )


@dataclass
class SwaForwardMetadata:
    cu_seqlens_k: Optional[torch.Tensor] = None
    window_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.facts = RunnerFacts.collect(model_runner)
        self.swa_pool = self._select(model_runner)
        self.device = model_runner.device
        self.forward_metadata = SwaForwardMetadata()

    def _select(self, runner) -> Optional[SWAKVPool]:
        match self.facts:
            case (True, _, _):
                return runner.token_to_kv_pool
            case (False, True, False):
                logger.debug("draft owns a full-only pool; no window translation")
                return None
            case _:
                kv = runner.token_to_kv_pool_allocator.get_kvcache()
                return kv if isinstance(kv, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_cu_seqlens_k = torch.zeros(
            max_bs + 1, dtype=torch.int32, device=self.device
        )

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        self.forward_metadata = SwaForwardMetadata(
            cu_seqlens_k=torch.nn.functional.pad(torch.cumsum(seq_lens, 0), (1, 0))
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            self.forward_metadata.window_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_pool, self.forward_metadata.window_loc
        return self.pool, loc
