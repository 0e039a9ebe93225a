"""FlashInfer decode backend that snapshots its draft flag into a resolver closure."""

import logging
from dataclasses import dataclass, field
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def build_pool_resolver(model_runner) -> Callable[[], Optional[SWAKVPool]]:
    private_draft = False

    def _keeps_private(flag: bool = private_draft) -> bool:
        # snapshot the flag so graph replays see a stable answer
        return flag

    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    private_draft = bool(getattr(model_runner, "is_draft_worker", False)) and (
        not spec.is_frozen_kv_mtp()
    )

    def resolve() -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if _keeps_private():
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    return resolve


@dataclass
class DecodeWrapperState:
    kv_indptr: torch.Tensor
    kv_indices: Optional[torch.Tensor] = None
    stats: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.kv_pool = model_runner.token_to_kv_pool
        self._resolve_swa = build_pool_resolver(model_runner)
        self.swa_pool = self._resolve_swa()
        max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.state = DecodeWrapperState(
            kv_indptr=torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        )
        logger.info("flashinfer decode: swa=%s", self.swa_pool is not None)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        self.state.stats["graph_tokens"] = max_num_tokens

    def _window_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.state.kv_indices = self._window_indices(loc)
        self.state.stats["decode_calls"] = self.state.stats.get("decode_calls", 0) + 1

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self.state.kv_indices
