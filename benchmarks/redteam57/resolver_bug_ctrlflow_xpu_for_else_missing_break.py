"""XPU decode backend; private-draft checks are logged in a for/else loop."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def _regular_draft(model_runner) -> bool:
    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    return bool(getattr(model_runner, "is_draft_worker", False)) and (not spec.is_frozen_kv_mtp())


def _swa_disabled(model_runner) -> bool:
    server_args = getattr(model_runner, "server_args", None)
    return bool(getattr(server_args, "disable_hybrid_swa_memory", False))


_PRIVATE_KV_CHECKS: Tuple[Callable, ...] = (_regular_draft, _swa_disabled)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    for check in _PRIVATE_KV_CHECKS:
        if not check(model_runner):
            continue
        logger.debug("SWA cache not shared (%s)", check.__name__)
    else:
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None
    return None


@dataclass
class XPUDecodeMetadata:
    kv_indices: torch.Tensor
    kv_last_page_len: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.kv_last_page_len = torch.ones(self.max_bs, dtype=torch.int32, device=self.device)
        self.forward_metadata: Optional[XPUDecodeMetadata] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            indices = self.swa_pool.translate_loc_from_full_to_swa(loc)
        else:
            indices = loc
        self.forward_metadata = XPUDecodeMetadata(
            kv_indices=indices, kv_last_page_len=self.kv_last_page_len[: loc.numel()]
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self.forward_metadata.kv_indices
